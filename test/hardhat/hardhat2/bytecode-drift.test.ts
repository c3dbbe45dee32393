// addresses:show --check-bytecode on Hardhat 2 (the ethers 5 stack of the deployer fixture), through
// the Hardhat CLI: three `hardhat node`s of three chains (31337, 56, 8453), one deployment on all three
// through one --networks command, then bsc upgraded to an implementation built from a changed source
// (MultiAccountDrift: MultiAccount's source with a function more, compiled in the same build). The
// check flags exactly bsc's implementation; after a change to a comment only in MultiAccount's source,
// the other chains' implementations are a partial match (a warning, exit 0).
//
// The fixture is copied (to test-output/bytecode-drift/deployer, as deep as the fixture, so that its
// config's relative imports hold), with the package's contracts beside it as its
// node_modules/multiaccount-kit: the comment goes into that copy, never into this repository's contracts.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { ADMIN, DEPLOYER_KEY } from "../helpers/every-chain";
import { copyDeployerFixture, NODE_ONLY_CONFIG, REPO_ROOT } from "../helpers/environment";
import { runHardhat, startNode, type LocalNode, type RunResult } from "../helpers/processes";
import { deployStandIn } from "../helpers/stand-in";

const PROJECT = path.join(REPO_ROOT, "test-output", "bytecode-drift", "deployer");
const INSTALLED = path.join(PROJECT, "node_modules", "multiaccount-kit");
const MULTIACCOUNT = path.join(INSTALLED, "contracts", "multiAccount", "MultiAccount.sol");
const CHAINS = [
  { network: "localhost", chainId: 31337 },
  { network: "bsc", chainId: 56 },
  { network: "base", chainId: 8453 },
] as const;

/** The fixture with the package's contracts as its installed multiaccount-kit, and MultiAccountDrift among its own contracts. */
function copyProject(): void {
  copyDeployerFixture(PROJECT);
  // A name of its own: the repository's package.json (multiaccount-kit) would otherwise be the nearest,
  // and Hardhat refuses an import of a project's own package by name (HH412).
  fs.writeFileSync(path.join(PROJECT, "package.json"), JSON.stringify({ name: "bytecode-drift-deployer", private: true }) + "\n");
  const drifted = fs
    .readFileSync(MULTIACCOUNT, "utf8")
    .replace(/"\.\.\/interfaces\//g, '"multiaccount-kit/contracts/interfaces/')
    .replace(/\bcontract MultiAccount\b/, "contract MultiAccountDrift")
    .replace(/\}\s*$/, "\n    function driftMarker() external pure returns (uint256) {\n        return 2;\n    }\n}\n");
  fs.writeFileSync(path.join(PROJECT, "contracts", "MultiAccountDrift.sol"), drifted);
}

/** The rows of one network in the check's table: `contract -> "match | note"`. */
function rowsOf(result: RunResult, network: string): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const line of result.stdout.split("\n")) {
    const found = new RegExp(`^${network} +\\d+ +(implementation|proxy|ProxyAdmin) +0x[0-9a-fA-F]{40} +(.*)$`).exec(line);
    if (found)
      rows[found[1]] = found[2]
        .trim()
        .split(/\s{2,}/)
        .join(" | ");
  }
  return rows;
}

describe("addresses:show --check-bytecode on Hardhat 2: three chains, one upgraded from a changed source (the ethers 5 stack)", function () {
  const nodes: LocalNode[] = [];
  let env: Record<string, string>;
  let deployer: string;
  /** Each run's output is kept beside the project (test-output/bytecode-drift/<name>.log), to read after a failure. */
  const run = async (name: string, args: string[]) => {
    const result = await runHardhat(PROJECT, args, env);
    fs.writeFileSync(path.join(path.dirname(PROJECT), `${name}.log`), result.output);
    return result;
  };
  const fileOf = (network: string) => path.join(PROJECT, "output", network, "addresses.json");

  before(async function () {
    copyProject();
    const started = CHAINS.map(({ chainId }) => startNode(PROJECT, { globalArgs: ["--config", NODE_ONLY_CONFIG], env: { FIXTURE_CHAIN_ID: String(chainId) } }));
    const settled = await Promise.allSettled(started);
    for (const outcome of settled) if (outcome.status === "fulfilled") nodes.push(outcome.value);
    for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;
    for (const [i, { network }] of CHAINS.entries()) {
      fs.mkdirSync(path.dirname(fileOf(network)), { recursive: true });
      fs.writeFileSync(fileOf(network), JSON.stringify({ protocolAddress: await deployStandIn(nodes[i]) }) + "\n");
    }
    deployer = (await nodes[0].rpc<string[]>("eth_accounts"))[0].toLowerCase();
    env = {
      FIXTURE_NETWORKS: CHAINS.map((c) => c.network).join(","),
      LOCALHOST_RPC_URL: nodes[0].url,
      BSC_RPC_URL: nodes[1].url,
      BASE_RPC_URL: nodes[2].url,
      PRIVATE_KEY: DEPLOYER_KEY,
      ADMIN_PUBLIC_KEY: ADMIN,
      ADDRESSES_FILE: path.join(PROJECT, "output", "{network}", "addresses.json"),
    };
    const deployed = await run("deploy", ["deploy-multiaccount", "--networks", "all", "--no-verify"]);
    expect(deployed.code, deployed.output).to.equal(0);
    const upgraded = await run("upgrade", ["upgrade-multiaccount", "--network", "bsc", "--contract", "MultiAccountDrift", "--no-verify"]);
    expect(upgraded.code, upgraded.output).to.equal(0);
  });
  after(async () => {
    for (const node of nodes) await node.stop();
  });

  it("--all-networks: a perfect match for every contract on localhost and base, bsc's implementation a mismatch; exit 1, naming bsc alone", async () => {
    const result = await run("all-networks", ["addresses:show", "--all-networks", "--check-bytecode"]);
    expect(result.code, result.output).to.equal(1);
    for (const network of ["localhost", "base"]) {
      const rows = rowsOf(result, network);
      expect(rows, result.stdout).to.deep.equal({
        implementation: "perfect",
        proxy: "perfect",
        ProxyAdmin: `perfect | owner ${deployer}`,
      });
    }
    expect(rowsOf(result, "bsc")).to.deep.equal({ implementation: "MISMATCH", proxy: "perfect", ProxyAdmin: `perfect | owner ${deployer}` });
    expect(result.stdout).to.include("Perfect match, every contract, on 2 of 3 network(s): localhost, base.");
    expect(result.stderr).to.include("addresses:show --check-bytecode: the code on chain is not the source as compiled now on bsc (implementation).");
    expect(result.stderr).to.not.match(/localhost|base|^\s+at /m);
  });

  it("--network bsc --json: the selected network alone, as JSON; exit 1", async () => {
    const result = await run("bsc-json", ["addresses:show", "--network", "bsc", "--check-bytecode", "--json"]);
    expect(result.code, result.output).to.equal(1);
    const shown = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as {
      networks: Array<{ network: string; verdict: string; contracts: Array<{ contract: string; match: string; comparedWith: string }> }>;
    };
    expect(shown.networks.map((n) => [n.network, n.verdict])).to.deep.equal([["bsc", "mismatch"]]);
    expect(shown.networks[0].contracts.map((c) => [c.contract, c.match, c.comparedWith])).to.deep.equal([
      ["implementation", "mismatch", "multiaccount-kit/contracts/multiAccount/MultiAccount.sol:MultiAccount"],
      ["proxy", "perfect", "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol:TransparentUpgradeableProxy"],
      ["ProxyAdmin", "perfect", "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol:ProxyAdmin"],
    ]);
  });

  it("after a change to a comment only: --networks localhost,base gives their implementations a partial match, a warning, exit 0", async () => {
    fs.appendFileSync(MULTIACCOUNT, "// changed only in a comment, after the deploy\n");
    const result = await run("comment", ["addresses:show", "--networks", "localhost,base", "--check-bytecode"]);
    expect(result.code, result.output).to.equal(0);
    for (const network of ["localhost", "base"])
      expect(rowsOf(result, network), result.stdout).to.deep.include({ implementation: "partial", proxy: "perfect" });
    expect(rowsOf(result, "bsc")).to.deep.equal({});
    expect(result.stderr).to.include(
      "Partial match on localhost (implementation), base (implementation): the code is this source's compiled code but for the metadata hash"
    );
  });
});
