// Verification on today's explorers, on each Hardhat 2 stack: a V1-era per-chain key still works (with
// a notice that V2 takes one ETHERSCAN_API_KEY), the command printed after a failure verifies when
// pasted as is, and a chain that Etherscan does not serve verifies on its own explorer.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import path from "path";
import { INSTALL_TIMEOUT_MS, prepareHost, startHosts, type HostProject } from "../helpers/hosts";
import { runHardhat, type LocalNode, type RunResult } from "../helpers/processes";
import { startExplorer, type LoopbackExplorer } from "../helpers/explorer";
import { deployStandIn } from "../helpers/stand-in";
import { ADMIN, HARDHAT2_STACKS, IMPLEMENTATION_SLOT, NODE_KEY, startChain, type StackCase } from "./cases";

const BSC_ONLY_KEY = "bscscan-era-key-77";

/** A stack's run against an explorer that refuses the source at first, with only BSCSCAN_API_KEY set. */
interface BscKeyRun {
  node: LocalNode;
  explorer: LoopbackExplorer;
  first: RunResult;
  proxy: string;
  implementation: string;
  /** The retry command the first run printed, run as is once the explorer accepts sources. */
  pasted: RunResult;
  /** How many requests the explorer had before the pasted command ran. */
  requestsBeforePaste: number;
  /** How many contracts the explorer had verified after the first run. */
  verifiedAfterFirst: number;
}

/** A stack's run on mode, whose explorer is a Blockscout. */
interface ModeRun {
  node: LocalNode;
  blockscout: LoopbackExplorer;
  etherscan: LoopbackExplorer;
  result: RunResult;
  implementation: string;
}

interface StackRuns {
  host: HostProject;
  bscKey: BscKeyRun;
  mode: ModeRun;
}

const hardhatOn = (stack: StackCase, host: HostProject) => (args: string[], env: Record<string, string | undefined>) =>
  runHardhat(host.dir, args, env, { nodeArgs: stack.nodeArgs });

async function implementationOf(node: LocalNode, proxy: string): Promise<string> {
  return ethers.utils.getAddress("0x" + (await node.rpc<string>("eth_getStorageAt", [proxy, IMPLEMENTATION_SLOT, "latest"])).slice(-40));
}

/** A protocol stand-in on `node`, recorded in a new addresses file named `name` in the host's output. */
async function addressesFile(host: HostProject, node: LocalNode, name: string): Promise<string> {
  const file = path.join(host.dir, "output", name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ protocolAddress: await deployStandIn(node) }));
  return file;
}

async function bscKeyRun(stack: StackCase, host: HostProject): Promise<BscKeyRun> {
  const node = await startChain(host, stack, 56);
  const explorer = await startExplorer({ mode: "reject", rpc: (method, params) => node.rpc(method, params) });
  const file = await addressesFile(host, node, "bsc-key-addresses.json");
  const env = {
    BSC_RPC_URL: node.url,
    PRIVATE_KEY: NODE_KEY,
    ETHERSCAN_API_URL: `${explorer.url}/v2/api`,
    BSCSCAN_API_KEY: BSC_ONLY_KEY,
    ADDRESSES_FILE: file,
  };
  const hardhat = hardhatOn(stack, host);
  const first = await hardhat(["deploy-multiaccount", "--network", "bsc", "--admin", ADMIN], env);
  const proxy = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress;
  const implementation = await implementationOf(node, proxy);
  const retry = /Retry later with: npx hardhat (.+)/.exec(first.output)?.[1].trim().split(/\s+/);
  if (retry === undefined) throw new Error(`the first run printed no retry command:\n${first.output}`);
  const verifiedAfterFirst = explorer.verified.size;
  explorer.setMode("verify");
  const requestsBeforePaste = explorer.requests.length;
  const pasted = await hardhat(retry, env);
  return { node, explorer, first, proxy, implementation, pasted, requestsBeforePaste, verifiedAfterFirst };
}

async function modeRun(stack: StackCase, host: HostProject): Promise<ModeRun> {
  const node = await startChain(host, stack, 34443);
  const blockscout = await startExplorer({ kind: "blockscout", rpc: (method, params) => node.rpc(method, params) });
  const etherscan = await startExplorer({});
  const file = await addressesFile(host, node, "mode-addresses.json");
  const result = await hardhatOn(stack, host)(["deploy-multiaccount", "--network", "mode", "--admin", ADMIN], {
    MODE_RPC_URL: node.url,
    MODE_EXPLORER_API_URL: `${blockscout.url}/api`,
    ETHERSCAN_API_URL: `${etherscan.url}/v2/api`,
    ETHERSCAN_API_KEY: "etherscan-key-not-for-blockscout",
    PRIVATE_KEY: NODE_KEY,
    ADDRESSES_FILE: file,
  });
  const proxy = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress;
  return { node, blockscout, etherscan, result, implementation: await implementationOf(node, proxy) };
}

/**
 * Each stack's deploys, one after the other in its host (they share its project), the stacks side by
 * side: each has its own host and nodes. Started once, by the file's first hook.
 */
const runs = new Map<string, Promise<StackRuns>>();
function startRuns(): void {
  startHosts();
  for (const stack of HARDHAT2_STACKS) {
    if (runs.has(stack.host)) continue;
    const started = (async () => {
      const host = await prepareHost(stack.host);
      const bscKey = await bscKeyRun(stack, host);
      return { host, bscKey, mode: await modeRun(stack, host) };
    })();
    started.catch(() => undefined);
    runs.set(stack.host, started);
  }
}

describe("verification on today's explorers, each Hardhat 2 stack", () => {
  after(async () => {
    for (const started of runs.values()) {
      const done = await started.catch(() => undefined);
      await Promise.all([
        done?.bscKey.node.stop(),
        done?.bscKey.explorer.close(),
        done?.mode.node.stop(),
        done?.mode.blockscout.close(),
        done?.mode.etherscan.close(),
      ]);
    }
  });

  for (const stack of HARDHAT2_STACKS) {
    describe(`verification routes, ${stack.label}`, function () {
      let stackRuns: StackRuns;

      before(async function () {
        this.timeout(INSTALL_TIMEOUT_MS);
        startRuns();
        stackRuns = await runs.get(stack.host)!;
      });

      describe("with only BSCSCAN_API_KEY set, against an explorer that refuses the source at first", () => {
        let explorer: LoopbackExplorer;
        let first: RunResult;
        let proxy: string;
        let implementation: string;

        before(() => ({ explorer, first, proxy, implementation } = stackRuns.bscKey));

        it("deploys, prints one notice naming the variable (never the key), and verifies with that key on V2", () => {
          expect(first.code, first.output).to.equal(0);
          const notices = first.output.split("\n").filter((line) => line.includes("Etherscan API V2 takes one key"));
          expect(notices).to.deep.equal(["Etherscan API V2 takes one key for every chain: set ETHERSCAN_API_KEY. Using BSCSCAN_API_KEY for bsc meanwhile."]);
          expect(first.output).to.not.include(BSC_ONLY_KEY);
          expect(explorer.requests.length).to.be.greaterThan(0);
          for (const request of explorer.requests) {
            expect(request.path).to.equal("/v2/api");
            expect(request.query.chainid).to.equal("56");
            expect(request.params.apikey).to.equal(BSC_ONLY_KEY);
          }
        });

        it("reports the refused source without failing the run, with a command that retries it", () => {
          expect(first.output).to.match(new RegExp(`Verification of ${implementation} failed \\(the deployment itself succeeded\\)`));
          expect(first.output).to.include(`Retry later with: npx hardhat verify --network bsc ${proxy}`);
          expect(stackRuns.bscKey.verifiedAfterFirst).to.equal(0);
        });

        it("the printed command, pasted as is, verifies the implementation and the proxy and links them", () => {
          const { pasted: result, requestsBeforePaste } = stackRuns.bscKey;
          expect(result.code, result.output).to.equal(0);
          expect(explorer.verified.has(implementation.toLowerCase()), "implementation").to.equal(true);
          expect(explorer.verified.has(proxy.toLowerCase()), "proxy").to.equal(true);
          const later = explorer.requests.slice(requestsBeforePaste);
          const link = later.find((request) => request.action === "verifyproxycontract");
          expect(link?.params.address.toLowerCase()).to.equal(proxy.toLowerCase());
          for (const request of later) expect([request.path, request.query.chainid, request.params.apikey]).to.deep.equal(["/v2/api", "56", BSC_ONLY_KEY]);
          expect(result.output).to.not.include(BSC_ONLY_KEY);
        });
      });

      describe("mode, whose explorer is a Blockscout", () => {
        let blockscout: LoopbackExplorer;
        let etherscan: LoopbackExplorer;
        let result: RunResult;
        let implementation: string;

        before(() => ({ blockscout, etherscan, result, implementation } = stackRuns.mode));

        it("sends the verification to that route's URL, and nothing to Etherscan", () => {
          expect(result.code, result.output).to.equal(0);
          expect(result.output).to.include(`on Mode Explorer (Blockscout) at ${blockscout.url}`);
          const submission = blockscout.requests.find((request) => request.action === "verifysourcecode");
          expect(submission, JSON.stringify(blockscout.requests)).to.not.equal(undefined);
          expect(submission!.path).to.equal("/api");
          expect(submission!.params.contractaddress.toLowerCase()).to.equal(implementation.toLowerCase());
          expect(blockscout.verified.has(implementation.toLowerCase())).to.equal(true);
          expect(etherscan.requests, "requests sent to Etherscan").to.deep.equal([]);
          // The Etherscan key is not handed to another explorer.
          for (const request of blockscout.requests) expect(request.params.apikey ?? "").to.not.equal("etherscan-key-not-for-blockscout");
          expect(result.output).to.include(`Verified ${implementation}.`);
        });
      });
    });
  }
});
