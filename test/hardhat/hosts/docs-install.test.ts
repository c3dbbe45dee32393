// docs/getting-started.md as a newcomer follows it, on each stack: in an empty folder, `npm init -y`
// (on hardhat-toolbox 6, the project `npx hardhat@2 init` makes, installed: its package.json,
// config, tsconfig.json and a Lock contract of its own), the stack's install command read from the
// page and run verbatim by a shell, then `npm install` of the packed tarball; the page's config (and,
// on Hardhat 2, its tsconfig.json unless init wrote one, and a .env copied from the installed
// package's .env.example); then the page's local-node recipe: `hardhat node`, the
// recipe's variables, and its commands (`deploy-protocol-stand-in`, then `deploy-multiaccount`, no
// contract of one's own); then its two-chain recipe: the stack's second-node command (on a free port
// in place of the page's), its variable, and its `--networks` commands. Hardhat's
// cache is an empty folder, checked for a downloaded compiler afterwards, and nothing but the npm
// registry can be reached here, so the compile works only with the npm solc the command installs.
// On the init project, the install changes neither its hardhat nor its toolbox (in package.json or
// node_modules), and the compile builds its Lock beside the package's MultiAccount.
// The folders are made anew in the run's work folder. Each stack's install and recipe start with
// the first test, side by side; each test awaits its stack's.
// The ethers 6 stack runs on Node 24 (the npm `node` package, whose npm runs its install): the
// tested "stack-B deploy on Node 24", on the project a newcomer makes. Hardhat 3 runs on the Node 22
// its host pins; the ethers 5 stack on this process's Node 20.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import path from "path";
import { codeBlocks, readDoc } from "../../docs/markdown";
import { HOSTS, INSTALL_TIMEOUT_MS, NODE_24, WORK, nodeBinary, packedTarball } from "../helpers/hosts";
import { childEnv, runHardhat, startNode, withNodeOnPath, type LocalNode, type RunResult } from "../helpers/processes";
import { runProcess } from "../../support/processes";
import { ADDRESS } from "./cases";
import { HANG_GUARD_MS } from "../../support/wait";

const DOC = "docs/getting-started.md";

interface DocStack {
  /** The suffix of the page's markers (`install-<name>`, `config-<name>`) and of the table's row. */
  name: "ethers5" | "ethers6" | "hardhat3";
  /** The first cell of the stack's row in "Supported stacks". */
  row: string;
  major: 2 | 3;
  /** The Node.js it installs and runs on (the npm `node` package); this process's when absent. */
  node?: () => string;
  /** Starts from the project `npx hardhat@2 init` makes (INIT_PROJECT), not from `npm init -y`. */
  fromInit?: boolean;
}

/**
 * The TypeScript project `npx hardhat@2 init` (Hardhat 2.29) makes: on npm 7 or later it installs
 * hardhat, typescript and hardhat-toolbox 6, whose peers (ethers 6, hardhat-ethers 3, hardhat-verify
 * 2, ts-node, ...) npm installs with it; its config compiles with Solidity 0.8.28. The contract is
 * one of our own standing for init's Lock.sol.
 */
const INIT_PROJECT: Record<string, string> = {
  "package.json": JSON.stringify(
    {
      name: "init-project",
      version: "1.0.0",
      private: true,
      devDependencies: { "@nomicfoundation/hardhat-toolbox": "^6.1.2", hardhat: "^2.29.1", typescript: "^5.9.3" },
    },
    null,
    2
  ),
  "hardhat.config.ts": [
    'import { HardhatUserConfig } from "hardhat/config";',
    'import "@nomicfoundation/hardhat-toolbox";',
    "",
    'const config: HardhatUserConfig = { solidity: "0.8.28" };',
    "",
    "export default config;",
    "",
  ].join("\n"),
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        target: "es2022",
        module: "Node16",
        moduleResolution: "Node16",
        esModuleInterop: true,
        forceConsistentCasingInFileNames: true,
        strict: true,
        skipLibCheck: true,
        resolveJsonModule: true,
      },
    },
    null,
    2
  ),
  "contracts/Lock.sol": [
    "// SPDX-License-Identifier: UNLICENSED",
    "pragma solidity ^0.8.28;",
    "",
    "/// Holds what it was sent until a time, then pays it to whoever deployed it.",
    "contract Lock {",
    "    uint256 public immutable releaseAt;",
    "    address payable public immutable owner;",
    "",
    "    constructor(uint256 at) payable {",
    "        releaseAt = at;",
    "        owner = payable(msg.sender);",
    "    }",
    "",
    "    function release() external {",
    '        require(block.timestamp >= releaseAt, "locked");',
    "        owner.transfer(address(this).balance);",
    "    }",
    "}",
    "",
  ].join("\n"),
};

/** What the init project has that the page's install must leave as it is (it never names them). */
const INIT_KEPT = ["hardhat", "@nomicfoundation/hardhat-toolbox"];

/** The init project's compiler: its config's `solidity`. */
const INIT_SOLIDITY = /solidity: "(\d+\.\d+\.\d+)"/.exec(INIT_PROJECT["hardhat.config.ts"])![1];

/** Each of INIT_KEPT as package.json asks for it and as node_modules holds it. */
function keptVersions(dir: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
  const versions: Record<string, string> = {};
  for (const name of INIT_KEPT) {
    const installed = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string };
    versions[name] = `package.json ${manifest.devDependencies?.[name]}, node_modules ${installed.version}`;
  }
  return versions;
}

/**
 * The page's two-chain recipe has one block per Hardhat major; it runs on one stack of each (the
 * ethers 6 stack's is the ethers 5 stack's, command for command).
 */
const TWO_CHAIN_STACKS: readonly DocStack["name"][] = ["ethers5", "hardhat3"];

const DOC_STACKS: DocStack[] = [
  { name: "ethers5", row: "**ethers 5**", major: 2 },
  { name: "ethers6", row: "**ethers 6**, hardhat-toolbox 6", major: 2, node: () => NODE_24, fromInit: true },
  { name: "hardhat3", row: "**Hardhat 3**", major: 3, node: hardhat3Node },
];

/** The one code block of the page whose info string holds `marker`. */
function docBlock(marker: string): string {
  const found = codeBlocks(readDoc(DOC)).filter((block) => block.info.split(/\s+/).includes(marker));
  if (found.length !== 1) throw new Error(`${DOC} has ${found.length} code blocks marked ${marker}; it needs exactly one`);
  return found[0].code;
}

/** `NAME=value` lines of a block (indented in a list item, with comments). */
function assignments(block: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of block.split("\n").map((text) => text.trim())) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) values.set(match[1], match[2]);
  }
  return values;
}

/** `text` (a .env) with each variable set: its line, active or commented out, replaced, or one added. */
function withVariables(text: string, values: Map<string, string>): string {
  let result = text;
  for (const [name, value] of values) {
    const line = new RegExp(`^(# ?)?${name}=.*$`, "m");
    result = line.test(result) ? result.replace(line, `${name}=${value}`) : `${result.trimEnd()}\n${name}=${value}\n`;
  }
  return result;
}

/** Hardhat 3's Node.js: the version the Hardhat 3 host pins (the npm `node` package). */
function hardhat3Node(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(HOSTS, "hardhat3", "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  return manifest.devDependencies.node;
}

/** A newcomer's shell: none of npm's variables from `npm test`, npm's cache kept, no prompts or notices. */
function shellEnv(node: string | undefined): NodeJS.ProcessEnv {
  const env = childEnv({
    npm_config_prefer_offline: "true",
    npm_config_fund: "false",
    npm_config_audit: "false",
    npm_config_update_notifier: "false",
  });
  for (const key of Object.keys(env)) if (/^npm_/.test(key) && !/^npm_config_(prefer_offline|fund|audit|update_notifier|cache)$/.test(key)) delete env[key];
  return withNodeOnPath(env, node);
}

async function shell(script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const ran = await runProcess("sh", ["-c", script, "sh", ...args], { cwd, env, limitMs: INSTALL_TIMEOUT_MS, onLimit: "fail", plain: true });
  if (ran.code !== 0) throw new Error(`\`${script}\` in ${cwd} exited with ${ran.code}:\n${ran.output}`);
}

interface DocProject {
  dir: string;
  /** The stack's Node.js binary (DocStack.node); this process's when absent. */
  node?: string;
  /** Hardhat's cache folder: empty, so no compiler is there but the npm solc. */
  cache: string;
  /** On the init project: INIT_KEPT's versions after init's install, and after the page's install and the tarball's. */
  kept?: { before: Record<string, string>; after: Record<string, string> };
}

async function install(stack: DocStack): Promise<DocProject> {
  const dir = path.join(WORK, "docs-install", stack.name);
  const cache = `${dir}.cache`;
  for (const folder of [dir, cache]) {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
  }
  const node = stack.node === undefined ? undefined : await nodeBinary(stack.node());
  const env = shellEnv(node);
  if (stack.fromInit !== true) await shell("npm init -y", [], dir, env);
  else {
    for (const [file, text] of Object.entries(INIT_PROJECT)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    // Init's own install.
    await shell("npm install", [], dir, env);
  }
  const before = stack.fromInit === true ? keptVersions(dir) : undefined;
  await shell(docBlock(`install-${stack.name}`), [], dir, env);
  await shell('npm install "$1"', [await packedTarball()], dir, env);
  return { dir, node, cache, kept: before === undefined ? undefined : { before, after: keptVersions(dir) } };
}

/** What the recipe's deploy did, and what the chain holds afterwards (read before the node stops). */
interface Outcome {
  /** The recipe's commands, in order: the stand-in, then the deploy. */
  results: RunResult[];
  result: RunResult;
  /** The addresses file's protocolAddress once the stand-in ran, and the code there. */
  protocol?: string;
  protocolCode?: string;
  /** What Hardhat wrote into its cache folder (a downloaded compiler would be there). */
  cached: string[];
  /** `node --version` of the binary the project ran on. */
  nodeVersion: string;
  /** The addresses file's multiAccountAddress, when the file is there. */
  proxy?: string;
  /** The init project's Lock and the package's MultiAccount: which of their artifacts the compile wrote. */
  built: string[];
  kept?: DocProject["kept"];
  proxyCode?: string;
  adminHasRole?: boolean;
  protocolAddress?: string;
  /** The two-chain recipe, on the stacks that run it (TWO_CHAIN_STACKS). */
  twoChains?: TwoChains;
}

/** What the two-chain recipe did: its commands' runs, the second node's chain id, each chain's record. */
interface TwoChains {
  /** Why the recipe could not be followed to its end (a command of the page that is not `npx hardhat ...`, a node that did not start). */
  error?: string;
  results: RunResult[];
  secondChainId?: number;
  /** Per network: its file's multiAccountAddress and the code there. */
  records: Record<string, { proxy?: string; proxyCode?: string }>;
}

/** A command line of the page as arguments: after `npx hardhat `, split at spaces, double quotes removed. */
function hardhatArgs(line: string): string[] {
  const command = line.trim();
  if (!command.startsWith("npx hardhat ")) throw new Error(`${DOC}: a recipe command is not \`npx hardhat ...\`: ${command}`);
  return command
    .slice("npx hardhat ".length)
    .split(/\s+/)
    .map((arg) => arg.replace(/^"(.*)"$/, "$1"));
}

/** The command lines of a block (comments and blank lines left out). */
function commandLines(block: string): string[] {
  return block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** The page's config (and tsconfig.json), `hardhat node`, a protocol on it, the recipe's variables and deploy command. */
async function followRecipe(stack: DocStack, project: DocProject): Promise<Outcome> {
  const { dir } = project;
  fs.writeFileSync(path.join(dir, "hardhat.config.ts"), docBlock(`config-${stack.name}`));
  if (stack.major === 2 && stack.fromInit !== true) fs.writeFileSync(path.join(dir, "tsconfig.json"), docBlock("tsconfig-hardhat2"));
  const cache = { XDG_CACHE_HOME: project.cache };
  const node = await startNode(dir, { node: project.node, env: cache });
  try {
    const values = assignments(docBlock("local-node-env"));
    values.set("LOCALHOST_RPC_URL", node.url);
    let env: Record<string, string> = cache;
    if (stack.major === 2) {
      // A .env as the page says: the installed package's template, with the recipe's values.
      const template = path.join(dir, "node_modules", "multiaccount-kit", ".env.example");
      fs.writeFileSync(path.join(dir, ".env"), withVariables(fs.readFileSync(template, "utf8"), values));
    } else env = { ...cache, ...Object.fromEntries(values) };
    // The recipe's commands, in order, each as the page writes it; the first failure ends it.
    const results: RunResult[] = [];
    let protocol: string | undefined;
    for (const line of commandLines(docBlock("local-node-deploy"))) {
      const ran = await runHardhat(dir, hardhatArgs(line), env, { node: project.node });
      results.push(ran);
      if (ran.code !== 0) break;
      protocol ??= readRecord(path.join(dir, "output", "addresses.json"))?.protocolAddress;
    }
    const protocolCode = protocol === undefined ? undefined : await node.rpc<string>("eth_getCode", [protocol, "latest"]);
    const cached = fs.readdirSync(project.cache, { recursive: true }).map(String);
    const version = await runProcess(project.node ?? process.execPath, ["--version"], { cwd: dir, limitMs: HANG_GUARD_MS, onLimit: "fail", plain: true });
    const built = BUILT.filter((artifact) => fs.existsSync(path.join(dir, "artifacts", artifact)));
    const single = {
      results,
      result: results[results.length - 1],
      protocol,
      protocolCode,
      cached,
      nodeVersion: version.stdout.trim(),
      built,
      kept: project.kept,
    };
    const outcome = { ...single, ...(await deployed(node, dir, values.get("ADMIN_PUBLIC_KEY") ?? "")) };
    return { ...outcome, twoChains: TWO_CHAIN_STACKS.includes(stack.name) ? await followTwoChains(stack, project, env, node) : undefined };
  } finally {
    await node.stop();
  }
}

/** The artifacts of the package's MultiAccount and (on the init project) of its own Lock. */
const BUILT = ["multiaccount-kit/contracts/multiAccount/MultiAccount.sol/MultiAccount.json", "contracts/Lock.sol/Lock.json"];

/** An addresses file's fields, or undefined when there is none. */
function readRecord(file: string): Record<string, string> | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>) : undefined;
}

/**
 * The page's two-chain recipe, with its first node still running: the stack's second-node block (its
 * `npx hardhat` line started on a free port in place of the page's, any other line run by a shell),
 * the recipe's variable set to that node's URL, then each `--networks` command as the page writes it.
 */
async function followTwoChains(stack: DocStack, project: DocProject, env: Record<string, string>, first: LocalNode): Promise<TwoChains> {
  const { dir } = project;
  const twoChains: TwoChains = { results: [], records: {} };
  let second: LocalNode | undefined;
  try {
    for (const line of commandLines(docBlock(`two-chains-node-hardhat${stack.major}`))) {
      if (!line.startsWith("npx hardhat ")) {
        await shell(line, [], dir, shellEnv(project.node));
        continue;
      }
      const args = hardhatArgs(line);
      const task = args.indexOf("node");
      const port = args.indexOf("--port", task);
      if (task < 0 || port < 0) throw new Error(`${DOC}: the second node's command is not \`npx hardhat ... node ... --port <port>\`: ${line}`);
      const nodeArgs = args.slice(task + 1).filter((_, i) => i !== port - task - 1 && i !== port - task);
      second = await startNode(dir, { node: project.node, globalArgs: args.slice(0, task), args: nodeArgs, env: { XDG_CACHE_HOME: project.cache } });
    }
    if (second === undefined) throw new Error(`${DOC}: the two-chain recipe's node block starts no node`);
    twoChains.secondChainId = Number(await second.rpc<string>("eth_chainId"));
    const values = assignments(docBlock("two-chains-env"));
    const [variable] = [...values.keys()];
    values.set(variable, second.url);
    let runEnv = env;
    if (stack.major === 2) fs.writeFileSync(path.join(dir, ".env"), withVariables(fs.readFileSync(path.join(dir, ".env"), "utf8"), values));
    else runEnv = { ...env, ...Object.fromEntries(values) };
    for (const line of commandLines(docBlock("two-chains-deploy"))) {
      const ran = await runHardhat(dir, hardhatArgs(line), runEnv, { node: project.node });
      twoChains.results.push(ran);
      if (ran.code !== 0) break;
    }
    const nodes: Record<string, LocalNode> = { localhost: first, localhost2: second };
    for (const [network, node] of Object.entries(nodes)) {
      const proxy = readRecord(path.join(dir, "output", network, "addresses.json"))?.multiAccountAddress;
      twoChains.records[network] = { proxy, proxyCode: proxy === undefined ? undefined : await node.rpc<string>("eth_getCode", [proxy, "latest"]) };
    }
  } catch (error) {
    twoChains.error = (error as Error).stack ?? String(error);
  } finally {
    await second?.stop();
  }
  return twoChains;
}

async function deployed(node: LocalNode, dir: string, admin: string): Promise<Partial<Outcome>> {
  const file = path.join(dir, "output", "addresses.json");
  if (!fs.existsSync(file)) return {};
  const proxy = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress;
  if (typeof proxy !== "string" || !ethers.utils.isAddress(proxy)) return { proxy };
  const abi = ["function hasRole(bytes32 role, address account) view returns (bool)", "function protocolAddress() view returns (address)"];
  const hub = new ethers.Contract(proxy, abi, new ethers.providers.JsonRpcProvider(node.url));
  const proxyCode = await node.rpc<string>("eth_getCode", [proxy, "latest"]);
  if (proxyCode === "0x") return { proxy, proxyCode };
  return { proxy, proxyCode, adminHasRole: await hub.hasRole(ethers.constants.HashZero, admin), protocolAddress: await hub.protocolAddress() };
}

const flows = new Map<string, Promise<Outcome>>();

/** A stack's install, then its recipe: started once, awaited by its test. */
function flow(stack: DocStack): Promise<Outcome> {
  let outcome = flows.get(stack.name);
  if (outcome === undefined) {
    outcome = install(stack).then((project) => followRecipe(stack, project));
    flows.set(stack.name, outcome);
  }
  return outcome;
}

/** Every stack's flow, at once (a failure is reported by the test that awaits it). */
function startFlows(): void {
  for (const stack of DOC_STACKS) void flow(stack).catch(() => undefined);
}

/** The packages a stack's row of "Supported stacks" names, with their tested versions. */
function testedVersions(stack: DocStack): Map<string, string> {
  const row = readDoc(DOC)
    .split("\n")
    .find((line) => line.startsWith(`| ${stack.row} |`));
  if (row === undefined) throw new Error(`${DOC}: no "Supported stacks" row for ${stack.row}`);
  return new Map([...row.split("|")[2].matchAll(/`([^`]+)` [^(`]*\((\d+\.\d+\.\d+)\)/g)].map((match) => [match[1], match[2]]));
}

describe(`${DOC}: each stack's install command, config and local-node recipe, as a newcomer runs them`, function () {
  describe("the install commands", () => {
    for (const stack of DOC_STACKS) {
      it(`${stack.name}: each package the Supported stacks table names is pinned from its tested version`, () => {
        const tested = testedVersions(stack);
        const pinned = [...docBlock(`install-${stack.name}`).matchAll(/(?:^|\s)(@?[^@\s]+)@[~^]?(\d+\.\d+\.\d+)(?=\s|$)/g)];
        const checked = pinned.filter(([, name]) => tested.has(name));
        // From init's project, the command adds the upgrades plugin only: the rest of the row is init's.
        expect(checked.length, `the command pins none of ${[...tested.keys()].join(", ")}`).to.be.greaterThan(stack.fromInit === true ? 0 : 1);
        for (const [, name, version] of checked) expect(`${name}@${version}`).to.equal(`${name}@${tested.get(name)}`);
      });
      if (stack.fromInit === true) {
        it(`${stack.name}: from init's project, the command names neither hardhat nor the toolbox, pins the solc of init's compiler, and the config keeps init's solidity`, () => {
          const names = docBlock(`install-${stack.name}`)
            .split(/\s+/)
            .map((word) => word.replace(/(.)@.*$/, "$1"));
          for (const kept of INIT_KEPT) expect(names, `the command names ${kept}: npm would move the project's version`).to.not.include(kept);
          expect(docBlock(`install-${stack.name}`)).to.match(new RegExp(`--save-exact solc@${INIT_SOLIDITY.replace(/\./g, "\\.")}(\\s|$)`));
          expect(docBlock(`config-${stack.name}`)).to.include(`solidity: "${INIT_SOLIDITY}"`);
        });
      }
    }
  });

  describe("run on each stack", () => {
    for (const stack of DOC_STACKS) {
      it(`${stack.name}${stack.node === undefined ? "" : ` on Node ${stack.node()}`}: its install command run verbatim, the package, the config, then the local-node recipe: the stand-in, then deploy-multiaccount, exit 0 and record a proxy with code, admin and the stand-in as protocol`, async function () {
        this.timeout(INSTALL_TIMEOUT_MS + 300_000);
        startFlows();
        const outcome = await flow(stack);
        expect(outcome.results.length, "the recipe's commands: the stand-in, then the deploy").to.equal(2);
        for (const ran of outcome.results) expect(ran.code, ran.output).to.equal(0);
        expect(outcome.results[0].stdout).to.include("it answers every call and has no protocol logic");
        expect(outcome.protocol, "the stand-in's address in the addresses file").to.match(ADDRESS);
        expect(outcome.protocolCode, "the stand-in has no code").to.match(/^0x[0-9a-f]{2,}$/);
        expect(outcome.nodeVersion).to.equal(stack.node === undefined ? process.version : `v${stack.node()}`);
        // Hardhat warns on a Node.js it does not support; none is expected on any of these.
        expect(outcome.result.output).to.not.match(/not supported|unsupported/i);
        const compilers = outcome.cached.filter((entry) => /compiler|solc|soljson|list\.json/i.test(entry));
        expect(compilers, "Hardhat downloaded a compiler or its list: the npm solc was not used").to.deep.equal([]);
        expect(outcome.proxy, outcome.result.output).to.match(ADDRESS);
        expect(outcome.proxyCode, "the recorded proxy has no code").to.not.equal("0x");
        expect(outcome.adminHasRole, "the recipe's ADMIN_PUBLIC_KEY holds DEFAULT_ADMIN_ROLE").to.equal(true);
        expect(outcome.protocolAddress).to.equal(ethers.utils.getAddress(outcome.protocol!));
        // The package's contracts built beside the project's own, with the project's compiler.
        expect(outcome.built, "the compile's artifacts").to.deep.equal(stack.fromInit === true ? BUILT : BUILT.slice(0, 1));
        if (stack.fromInit === true) expect(outcome.kept?.after, "the install moved init's hardhat or toolbox").to.deep.equal(outcome.kept?.before);
      });
    }
  });

  describe("two local chains for --networks, the Hardhat 2 and the Hardhat 3 recipe", () => {
    for (const stack of DOC_STACKS.filter((s) => TWO_CHAIN_STACKS.includes(s.name))) {
      it(`${stack.name}: the page's second node (chain 31338), its variable, a stand-in on each chain, deploy-multiaccount and addresses:show --networks: each chain records a proxy with code`, async function () {
        this.timeout(INSTALL_TIMEOUT_MS + 300_000);
        startFlows();
        const twoChains = (await flow(stack)).twoChains!;
        expect(twoChains.error, twoChains.error).to.equal(undefined);
        expect(twoChains.secondChainId).to.equal(31338);
        expect(twoChains.results.length, "the recipe's four commands").to.equal(4);
        for (const ran of twoChains.results) expect(ran.code, ran.output).to.equal(0);
        for (const network of ["localhost", "localhost2"]) {
          const record = twoChains.records[network];
          expect(record?.proxy, `${network}: ${twoChains.results[2].output}`).to.match(ADDRESS);
          expect(record?.proxyCode, `${network}: the recorded proxy has no code`).to.not.equal("0x");
          expect(twoChains.results[3].stdout).to.match(new RegExp(`${network} +\\d+ +${record.proxy} +yes`));
        }
      });
    }
  });
});
