// Host projects: Hardhat projects of the stacks we support, each with its own package.json and
// lock file under test/fixture-projects/hosts/, installed the way a user installs them. Each is
// copied into the run's work folder (outside this repository, so that nothing resolves to our own
// node_modules), installed from its lock file, and then given the packed tarball with a plain
// `npm install <tarball>`, once per test run: every file of every lane shares that install, and a
// file outside the hosts lane works in a copy of it (below).
//
// A host that runs on another Node.js than this one (the Hardhat 3 host pins the npm `node` package,
// 22: Hardhat 3 needs it; prepareHost's `node` option installs one for another version) runs on that
// Node.js, npm included: npm skips optional dependencies whose `engines` do not match the Node.js it
// runs on, and Hardhat 3's native EDR binaries say `node >= 22`. That Node.js is first fetched from
// the registry (the npm `node` package) into a folder of its own, to run the host's install.
//
// A copy of a host (`copy`) is a second project folder with the same install (node_modules hard
// linked): its own sources, build output, records and upgrades manifest, for a file whose runs go on
// beside another file's in the same host.
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import { FIXTURES, REPO_ROOT } from "./environment";

export const HOSTS = path.join(FIXTURES, "hosts");
/** The run's work folder (scripts/test/work.cjs): the host projects, the Node.js binaries, the loopback verifier. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module of the test runner, without types
export const WORK: string = require("../../../scripts/test/work.cjs");
const OUT = path.join(REPO_ROOT, "test-output");
/** This machine's npm (beside the Node.js running the tests, or the one `npm test` names), to run on any Node.js. */
const NPM_CLI = [path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js"), process.env.npm_execpath ?? ""].find(
  (file) => file.endsWith("npm-cli.js") && fs.existsSync(file)
)!;

/** npm on the Node.js `node` (its npm), in `cwd`; resolves to what it printed. */
export const npmOn = (node: string, args: string[], cwd: string): Promise<string> => npm(args, cwd, node);

function npm(args: string[], cwd: string, node?: string): Promise<string> {
  // prefer-offline: what npm's cache holds is used without asking the registry again (a package it
  // lacks is still fetched).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    npm_config_prefer_offline: "true",
  };
  if (node !== undefined) env.PATH = `${path.dirname(node)}${path.delimiter}${env.PATH ?? ""}`;
  return new Promise((resolve, reject) => {
    execFile(node ?? process.execPath, [NPM_CLI, ...args], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`npm ${args.join(" ")} in ${cwd} failed:\n${stdout}\n${stderr}`)) : resolve(stdout)
    );
  });
}

/**
 * What `make` resolves to, made once per run for all of `npm test`'s lanes: the first process to ask
 * writes the result (or error) to WORK/<key>.json, renamed into place whole; others wait for it.
 */
const madeOnce = new Map<string, Promise<unknown>>();
export function oncePerRun<T>(key: string, make: () => Promise<T>): Promise<T> {
  let made = madeOnce.get(key) as Promise<T> | undefined;
  if (made === undefined) {
    const file = path.join(WORK, `${key}.json`);
    const write = (outcome: { result?: T; error?: string }) => {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(outcome));
      fs.renameSync(`${file}.tmp`, file);
    };
    let first = true;
    try {
      fs.mkdirSync(`${file}.lock`, { recursive: false });
    } catch {
      first = false;
    }
    made = first
      ? make().then(
          (result) => (write({ result }), result),
          (error: Error) => {
            write({ error: error.message });
            throw error;
          }
        )
      : waitForFile(file, INSTALL_TIMEOUT_MS).then((text) => {
          const outcome = JSON.parse(text) as { result?: T; error?: string };
          if (outcome.error !== undefined) throw new Error(`${key}, made by another process of this run: ${outcome.error}`);
          return outcome.result as T;
        });
    madeOnce.set(key, made);
  }
  return made;
}

/** The text of `file` once another process has renamed it into place, watching its folder. */
function waitForFile(file: string, limitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const read = (): void => {
      if (!fs.existsSync(file)) return;
      watcher.close();
      clearTimeout(timer);
      resolve(fs.readFileSync(file, "utf8"));
    };
    const watcher = fs.watch(path.dirname(file), read);
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`${file} was not written within ${limitMs / 1000} s: did the process making it fail?`));
    }, limitMs);
    read();
  });
}

/** `npm pack` of this repository (which builds it first), once per test run. */
export function packedTarball(): Promise<string> {
  return oncePerRun("packed-tarball", async () => {
    fs.mkdirSync(OUT, { recursive: true });
    const name = (await npm(["pack", "--silent", "--pack-destination", OUT], REPO_ROOT)).trim().split("\n").pop()!;
    return path.join(OUT, name);
  });
}

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (source) => !/[\\/]node_modules([\\/]|$)/.test(source) });
}

type LockPackages = Record<string, { version?: string }>;

export function lockedVersions(dir: string): Map<string, string> {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: LockPackages };
  const versions = new Map<string, string>();
  for (const [location, entry] of Object.entries(lock.packages)) if (location !== "" && entry.version) versions.set(location, entry.version);
  return versions;
}

/** Which shared folders of fixture-projects/hosts each host gets, before its own files. */
const SHARED: Record<string, string[]> = {
  ethers5: ["common", "common-hardhat2"],
  ethers6: ["common", "common-hardhat2"],
  hardhat3: ["common"],
  consumer: [],
};

/**
 * Node.js 24 from the npm `node` package: the ethers 6 stack's documented install runs on it
 * (hosts/docs-install.test.ts), and `npm test` runs the notifications tests on the same version
 * (scripts/test/run.cjs fetches it into the same folder).
 */
export const NODE_24 = "24.21.0";

/** The binary of the npm `node` package of `version`, installed once per run into a folder of its own. */
export function nodeBinary(version: string): Promise<string> {
  return oncePerRun(`node-${version}`, async () => {
    const dir = path.join(WORK, `node-${version}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "node-bootstrap", private: true, allowScripts: { [`node@${version}`]: true } }));
    await npm(["install", "--no-package-lock", `node@${version}`], dir);
    return path.join(dir, "node_modules", "node", "bin", "node");
  });
}

export interface HostProject {
  name: string;
  dir: string;
  /** The Node.js binary the project runs on, when not this one (the npm `node` package). */
  node?: string;
  /** Version of each of the project's own packages that the tarball's install changed (should be none). */
  changedVersions: string[];
  /** Packages the install added (the tarball and its own dependencies). */
  addedPackages: string[];
  installedVersion: string;
}

export interface HostOptions {
  /** Installs and runs the project on this Node.js (npm `node` package version): an install of its own, by that Node.js's npm. */
  node?: string;
  /** A copy of the installed project under this name, with its own files and the same node_modules. */
  copy?: string;
}

const preparing = new Map<string, Promise<HostProject>>();

/** The host project `name` (a folder of fixture-projects/hosts), installed with the packed tarball. */
export function prepareHost(name: string, options: HostOptions = {}): Promise<HostProject> {
  const id = [name, options.node === undefined ? "" : `node-${options.node}`, options.copy ?? ""].filter((part) => part !== "").join("-");
  let prepared = preparing.get(id);
  if (prepared === undefined) {
    prepared = options.copy === undefined ? oncePerRun(`host-${id}`, () => install(name, options.node)) : copyHost(name, options.node, options.copy);
    preparing.set(id, prepared);
  }
  return prepared;
}

/** How long a hook may wait for a host: every install at once, from an empty npm cache, on a loaded 2-core machine. */
export const INSTALL_TIMEOUT_MS = 600_000;

let started = false;

/** Starts the pack and every host install at once; each host file calls it first, so none waits for an install late. */
export function startHosts(): void {
  if (started) return;
  started = true;
  void packedTarball().catch(() => undefined);
  for (const name of ["hardhat3", "ethers5", "ethers6", "consumer"]) void prepareHost(name).catch(() => undefined);
}

function pinnedNode(fixture: string): string | undefined {
  const manifest = JSON.parse(fs.readFileSync(path.join(fixture, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
  return manifest.devDependencies?.node;
}

async function install(name: string, nodeVersion: string | undefined): Promise<HostProject> {
  const fixture = path.join(HOSTS, name);
  const pinned = pinnedNode(fixture);
  if (pinned !== undefined && nodeVersion !== undefined) throw new Error(`host ${name} pins node ${pinned}; it cannot be installed for another Node.js`);
  const runtime = pinned ?? nodeVersion;
  const binary = runtime === undefined ? undefined : await nodeBinary(runtime);
  const dir = path.join(WORK, nodeVersion === undefined ? name : `${name}-node-${nodeVersion}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(fixture, file), path.join(dir, file));
  // `npm ci` refuses a lock that lacks some optional dependency of a package. This machine's
  // registry carries only the Linux x64 builds of Hardhat 3's EDR, so a lock written here lists
  // only those; `npm install` follows the same lock and skips the builds it cannot fetch.
  await npm([pinned === undefined ? "ci" : "install"], dir, binary);
  for (const shared of SHARED[name] ?? ["common"]) copyTree(path.join(HOSTS, shared), dir);
  copyTree(fixture, dir);

  const before = lockedVersions(dir);
  await npm(["install", await packedTarball()], dir, binary);
  const after = lockedVersions(dir);
  const changedVersions = [...before]
    .filter(([location, version]) => after.get(location) !== version)
    .map(([location, version]) => `${location} ${version} -> ${after.get(location)}`);
  const addedPackages = [...after.keys()].filter((location) => !before.has(location));
  const installedVersion = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "multiaccount-kit", "package.json"), "utf8")).version;
  const node = pinned !== undefined ? path.join(dir, "node_modules", "node", "bin", "node") : binary;
  return { name, dir, node, changedVersions, addedPackages, installedVersion };
}

/**
 * A second folder of the installed host `name`: node_modules hard linked to the host's (made in a
 * second, not copied), the project's files copied. Made anew each run, after the host's install.
 */
async function copyHost(name: string, nodeVersion: string | undefined, copy: string): Promise<HostProject> {
  const host = await prepareHost(name, { node: nodeVersion });
  const dir = `${host.dir}-${copy}`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await linkTree(path.join(host.dir, "node_modules"), path.join(dir, "node_modules"));
  for (const shared of SHARED[name] ?? ["common"]) copyTree(path.join(HOSTS, shared), dir);
  copyTree(path.join(HOSTS, name), dir);
  // The manifest and lock as the tarball's install left them.
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(host.dir, file), path.join(dir, file));
  const node = host.node === undefined || !host.node.startsWith(host.dir) ? host.node : path.join(dir, path.relative(host.dir, host.node));
  return { ...host, dir, node };
}

/** `to` as a tree of hard links to `from`'s files (`cp -al`), or a plain copy where that fails. */
export function linkTree(from: string, to: string): Promise<void> {
  return new Promise((resolve) => {
    execFile("cp", ["-al", from, to], (error) => {
      if (error !== null) {
        fs.rmSync(to, { recursive: true, force: true });
        fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
      }
      resolve();
    });
  });
}
