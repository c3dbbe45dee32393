// `--networks` on Hardhat 3 (the hardhat3 host project, from the packed tarball, on Node 22): one
// process, one network connection per chain. Three `hardhat node`s of three chains (localhost 31337,
// base 8453, arbitrum 42161), each with its own protocol stand-in; base and arbitrum are reached
// through loopback proxies whose URL path carries a key-like segment no line may show, and base's
// proxy tells the test when base sends. Verification goes to a loopback Etherscan API V2. The runs
// build on each other: a preflight that fails on one chain, the deterministic deployment on all
// three (verified, the plugins' own lines prefixed per chain), addresses:show --networks all, an
// upgrade stopped by Ctrl-C once base sends, the drift check then (base's implementation alone is
// not the source), and the rerun that finishes it.
//
// In the hosts lane this file runs after stacks.test.ts, whose deployment compiled the project: its
// runs then compile nothing. Run alone, its first run compiles, and the build output is removed at
// the end, so that stacks.test.ts still finds a project never compiled.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import os from "os";
import path from "path";
import { ADMIN_SLOT } from "../../../src/hardhat/constants";
import { CREATEX_ADDRESS } from "../../../src/hardhat/internal/chains/createx";
import { transactionsFrom } from "../helpers/deterministic";
import { putCreateX } from "../helpers/createx";
import { startExplorer, type LoopbackExplorer } from "../helpers/explorer";
import { startFaultyRpc, type FaultyRpc } from "../helpers/faulty-rpc";
import { INSTALL_TIMEOUT_MS, prepareHost, startHosts, type HostProject } from "../helpers/hosts";
import { jsonRpcClient, runHardhat, type LocalNode, type RunOptions, type RunResult } from "../helpers/processes";
import { OWNER_KEYS, createSafe, deploySafeContractsAt } from "../helpers/safe";
import { deployStandIn } from "../helpers/stand-in";
import { ADMIN, API_KEY, IMPLEMENTATION_SLOT, NODE_KEY, STACKS, compiled, startChain } from "./cases";

const STACK = STACKS.find((stack) => stack.major === 3)!;
/** In the order `--networks all` lists them: the chain table's order, localhost last. */
const NETWORKS = ["base", "arbitrum", "localhost"] as const;
const CHAIN_IDS = [8453, 42161, 31337];
const URL_KEY = "f00dfacecafe0123456789abcdef4242";
const NO_CODE = "0x000000000000000000000000000000000000dEaD";
const DEPLOYER = new ethers.Wallet(NODE_KEY).address;
const abi = new ethers.utils.Interface(["function protocolAddress() view returns (address)", "function version() view returns (string)"]);
const UPGRADED = ethers.utils.id("Upgraded(address)");
/** Hardhat's test account #9, which deploys the Safe contracts (protocol-kit knows contracts by chain id and address). */
const SAFE_DEPLOYER_KEY = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";

interface Chain {
  network: (typeof NETWORKS)[number];
  chainId: number;
  node: LocalNode;
  protocol: string;
  /** The URL the config gets: base and arbitrum through a proxy, with the key-like segment. */
  url: string;
}

describe("--networks on Hardhat 3: deploy, show and upgrade on three `hardhat node`s in one process", function () {
  let host: HostProject;
  let dir: string;
  let explorer: LoopbackExplorer;
  const proxies: FaultyRpc[] = [];
  const chains: Chain[] = [];
  let compiledBefore: boolean;
  let address: string;

  const fileOf = (chain: Chain) => path.join(dir, chain.network, "addresses.json");
  const writeRecord = (chain: Chain, protocolAddress: string) => fs.writeFileSync(fileOf(chain), JSON.stringify({ protocolAddress }) + "\n");
  const blocks = () => Promise.all(chains.map(async (chain) => Number(await chain.node.rpc<string>("eth_blockNumber"))));
  const call = async (chain: Chain, fn: string) =>
    abi.decodeFunctionResult(fn, await chain.node.rpc<string>("eth_call", [{ to: address, data: abi.encodeFunctionData(fn) }, "latest"]))[0] as string;
  const env = () => ({
    FIXTURE_NETWORKS: NETWORKS.join(","),
    BASE_RPC_URL: chains[0].url,
    ARBITRUM_RPC_URL: chains[1].url,
    LOCALHOST_RPC_URL: chains[2].url,
    PRIVATE_KEY: NODE_KEY,
    ETHERSCAN_API_URL: `${explorer.url}/v2/api`,
    ETHERSCAN_API_KEY: API_KEY,
    ADDRESSES_FILE: path.join(dir, "{network}", "addresses.json"),
  });
  const hardhat = (args: string[], options: RunOptions = {}) => runHardhat(host.dir, args, env(), { node: host.node, ...options });
  const tableRow = (result: RunResult, network: string) => result.stdout.split("\n").find((line) => new RegExp(`^${network} +(\\d|- )`).test(line));
  const summaryRow = (result: RunResult, network: string) =>
    result.stdout.split("\n").find((line) => new RegExp(`^${network} +(done|unchanged|failed|preflight failed|not sent|aborted) `).test(line));

  /** Every line is a table's, the one address, a chain's own line prefixed with its network, or Hardhat's error; none holds a secret. */
  const checkLines = (result: RunResult) => {
    for (const line of result.output.split("\n").filter((text) => text.trim() !== "")) {
      expect(line, result.output).to.match(
        /^((base|arbitrum|localhost)[ :]|network {2}|-{7}|--deterministic: |Ctrl-C: |Error in community plugin multiaccount-kit: |For more info)/
      );
      for (const secret of [URL_KEY, API_KEY, NODE_KEY.slice(2)]) expect(line).to.not.include(secret);
    }
  };

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    startHosts();
    host = await prepareHost(STACK.host);
    compiledBefore = compiled(host.dir, "MultiAccount");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-hardhat3-networks-"));
    const byChain = new Map<number, string>();
    explorer = await startExplorer({ rpc: (method, params, chainId) => fetchRpc(byChain.get(Number(chainId)), method, params) });
    const started = await Promise.all(
      NETWORKS.map(async (network, i) => {
        const node = await startChain(host, STACK, CHAIN_IDS[i]);
        // A different nonce on each chain, so that each protocol stand-in sits at its own address.
        for (let extra = 0; extra < i; extra++) await deployStandIn(node);
        const protocol = await deployStandIn(node);
        // 31337 is a local Hardhat chain: the plugin sends CreateX's keyless transaction itself there.
        if (network !== "localhost") await putCreateX(node);
        let url = node.url;
        if (network !== "localhost") {
          const proxy = await startFaultyRpc(node.url);
          proxies[i] = proxy;
          url = `${proxy.url}/v3/${URL_KEY}`;
        }
        byChain.set(CHAIN_IDS[i], node.url);
        fs.mkdirSync(path.join(dir, network));
        return { network, chainId: CHAIN_IDS[i], node, protocol, url };
      })
    );
    chains.push(...started);
    for (const chain of chains) writeRecord(chain, chain.protocol);
  });

  after(async () => {
    await Promise.all([...proxies.filter(Boolean).map((proxy) => proxy.close()), ...chains.map((chain) => chain.node.stop()), explorer?.close()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (host === undefined) return;
    for (const chainId of CHAIN_IDS) fs.rmSync(path.join(host.dir, ".openzeppelin", `unknown-${chainId}.json`), { force: true });
    if (!compiledBefore) for (const output of ["artifacts", "cache"]) fs.rmSync(path.join(host.dir, output), { recursive: true, force: true });
  });

  it("one chain's protocol has no code: its row fails, nothing is sent on any chain, exit 1", async () => {
    writeRecord(chains[1], NO_CODE);
    const before = await blocks();
    const result = await hardhat(["deploy-multiaccount", "--networks", "all", "--deterministic", "--admin", ADMIN]);
    expect(result.code, result.output).to.equal(1);
    expect(tableRow(result, "arbitrum"), result.stdout).to.match(
      /^arbitrum +42161 .*FAILED: The protocol address 0x000000000000000000000000000000000000dEaD has no contract code/
    );
    expect(tableRow(result, "base"), result.stdout).to.match(/^base +8453 .* deploy .*ok$/);
    expect(tableRow(result, "localhost"), result.stdout).to.match(/^localhost +31337 .*ok$/);
    expect(result.stderr).to.include("deploy-multiaccount sent nothing: the preflight failed on 1 of 3 chains (arbitrum)");
    expect(result.output).to.not.match(/^\s+at /m);
    checkLines(result);
    expect(await blocks()).to.deep.equal(before);
    for (const chain of chains) expect(fs.existsSync(path.join(dir, chain.network, "addresses.journal.json")), chain.network).to.equal(false);
  });

  it("--deterministic --networks all: one proxy on all three, each with its own protocol, recorded per network, verified on its own chain, every line prefixed", async () => {
    writeRecord(chains[1], chains[1].protocol);
    const result = await hardhat(["deploy-multiaccount", "--networks", "all", "--deterministic", "--admin", ADMIN]);
    expect(result.code, result.output).to.equal(0);
    address = /^--deterministic: the proxy's address on every chain: (0x[0-9a-fA-F]{40})$/m.exec(result.stdout)![1];
    for (const chain of chains) {
      expect(summaryRow(result, chain.network), result.stdout).to.match(new RegExp(`^${chain.network} +done +${address} +\\d+ +[0-9.]+ ETH +\\d+ `));
      expect(result.stdout).to.match(new RegExp(`^${chain.network} +\\| Network: +${chain.network} \\(chain ${chain.chainId}\\)`, "m"));
      expect(JSON.parse(fs.readFileSync(fileOf(chain), "utf8"))).to.deep.equal({ protocolAddress: chain.protocol, multiAccountAddress: address });
      expect((await call(chain, "protocolAddress")).toLowerCase()).to.equal(chain.protocol.toLowerCase());
      // One creation through CreateX, whatever the failed run did.
      const sent = await transactionsFrom(chain.node, DEPLOYER, 1);
      expect(
        sent.filter((tx) => tx.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase()),
        chain.network
      ).to.have.length(1);
    }
    expect(new Set(chains.map((chain) => chain.protocol.toLowerCase())).size).to.equal(3);
    // base and arbitrum verify on their own chain (the explorer plugin on a runtime of that network);
    // what the upgrades plugin prints while it links the proxy reaches the output prefixed.
    for (const chain of chains.slice(0, 2)) {
      // The deterministic proxy linked too: its source (Solidity 0.8.29, not among this project's
      // compilers: HHE80005 from hardhat-verify alone) verified from upgrades-core's build first.
      expect(summaryRow(result, chain.network)).to.match(/ {2}verified/);
      expect(summaryRow(result, chain.network)).to.not.include("proxy not linked");
      const implementation = ethers.utils.getAddress(
        "0x" + (await chain.node.rpc<string>("eth_getStorageAt", [address, IMPLEMENTATION_SLOT, "latest"])).slice(-40)
      );
      const submitted = explorer.requests.filter((request) => request.action === "verifysourcecode" && request.query.chainid === String(chain.chainId));
      expect(
        submitted.map((request) => request.params.contractaddress.toLowerCase()),
        chain.network
      ).to.include(implementation.toLowerCase());
      expect(result.stdout).to.match(new RegExp(`^${chain.network} +\\| Linking proxy ${address} with implementation$`, "m"));
    }
    // The stand-in explorer holds a verified address for every chain: the proxy's source is submitted
    // by whichever chain's run gets there first (they run at once), and the other finds it verified.
    const createdThroughCreateX = (network: string) =>
      new RegExp(`^${network} +\\| Verified the proxy ${address} \\(.*TransparentUpgradeableProxy\\), created through CreateX`, "mi");
    expect(
      chains.slice(0, 2).filter((chain) => createdThroughCreateX(chain.network).test(result.stdout)),
      result.stdout
    ).to.have.length.of.at.least(1);
    expect(summaryRow(result, "localhost")).to.match(/ skipped \(no explorer\)$/);
    checkLines(result);
  });

  it("addresses:show --networks all agrees: the one address, with code, on every chain", async () => {
    const result = await hardhat(["addresses:show", "--networks", "all"]);
    expect(result.code, result.output).to.equal(0);
    expect(result.stdout).to.include("multiAccountAddress on the networks of --networks");
    for (const chain of chains) expect(result.stdout).to.match(new RegExp(`^${chain.network} +${chain.chainId} +${address} +yes *$`, "m"));
    expect(result.output).to.not.include(URL_KEY);
  });

  it("upgrade-multiaccount --networks all, one chain at a time, stopped by Ctrl-C while base sends: base finishes, the others never start, exit 1", async () => {
    let parent: number | undefined;
    let interrupted = false;
    proxies[0].setPlan({
      rule: (request) => {
        if (request.method === "eth_sendRawTransaction" && !interrupted && parent !== undefined) {
          interrupted = true;
          // What a terminal's Ctrl-C does: SIGINT to the command's process group.
          process.kill(-parent, "SIGINT");
        }
        return "pass";
      },
    });
    const before = await blocks();
    const args = ["upgrade-multiaccount", "--networks", "all", "--contract", "MultiAccountV2", "--concurrency", "1", "--no-verify"];
    const result = await hardhat(args, { group: true, onSpawn: (pid) => (parent = pid) });
    proxies[0].setPlan({});
    expect(interrupted, result.output).to.equal(true);
    expect(result.code, result.output).to.equal(1);
    expect(result.stderr).to.include("Ctrl-C: no new chain starts");
    expect(summaryRow(result, "base"), result.stdout).to.match(new RegExp(`^base +done +${address} `));
    expect(summaryRow(result, "arbitrum")).to.match(/^arbitrum +aborted/);
    expect(summaryRow(result, "localhost")).to.match(/^localhost +aborted/);
    expect(result.stderr).to.include("upgrade-multiaccount was stopped (Ctrl-C); finished on base, not on arbitrum, localhost.");
    checkLines(result);
    expect(await call(chains[0], "version")).to.equal("2");
    // base's journal is closed: its upgrade completed, nothing left running; the others sent nothing.
    const journal = JSON.parse(fs.readFileSync(path.join(dir, "base", "addresses.journal.json"), "utf8"));
    expect(journal.runs.map((run: { status: string }) => run.status)).to.deep.equal(["completed", "completed"]);
    expect((await blocks()).slice(1)).to.deep.equal(before.slice(1));
  });

  it("addresses:show --networks all --check-bytecode: base's implementation (MultiAccountV2 since the upgrade) a mismatch, every other contract a perfect match; exit 1", async () => {
    const result = await hardhat(["addresses:show", "--networks", "all", "--check-bytecode"]);
    expect(result.code, result.output).to.equal(1);
    const row = (network: string, contract: string) => result.stdout.split("\n").find((line) => new RegExp(`^${network} +\\d+ +${contract} `).test(line));
    expect(row("base", "implementation"), result.stdout).to.match(/ MISMATCH$/);
    for (const chain of chains.slice(1)) expect(row(chain.network, "implementation"), result.stdout).to.match(/ perfect$/);
    for (const chain of chains) {
      // OpenZeppelin 5's proxy, its admin immutable its admin slot's; the ProxyAdmin it created, owned by the deployer.
      expect(row(chain.network, "proxy"), result.stdout).to.match(new RegExp(` ${address} +perfect +admin immutable = admin slot$`));
      expect(row(chain.network, "ProxyAdmin"), result.stdout).to.match(new RegExp(` perfect +owner ${DEPLOYER.toLowerCase()}$`));
    }
    expect(result.stderr).to.include("addresses:show --check-bytecode: the code on chain is not the source as compiled now on base (implementation).");
    expect(result.output).to.not.include(URL_KEY);
  });

  it("the rerun upgrades the two that were stopped, base has nothing to upgrade: one upgrade on each chain, each validated by the upgrades plugin first", async () => {
    const before = await blocks();
    const result = await hardhat(["upgrade-multiaccount", "--networks", "all", "--contract", "MultiAccountV2", "--no-verify"]);
    expect(result.code, result.output).to.equal(0);
    expect(summaryRow(result, "base"), result.stdout).to.match(/^base +unchanged/);
    for (const chain of chains.slice(1)) {
      expect(result.stdout).to.match(new RegExp(`^${chain.network} +\\| Validation passed\\.`, "m"));
      expect(summaryRow(result, chain.network)).to.match(new RegExp(`^${chain.network} +done +${address} `));
    }
    checkLines(result);
    expect((await blocks())[0]).to.equal(before[0]);
    for (const chain of chains) {
      expect(await call(chain, "version"), chain.network).to.equal("2");
      const logs = await chain.node.rpc<unknown[]>("eth_getLogs", [{ address, topics: [UPGRADED], fromBlock: "0x1" }]);
      // The deployment's (to the first implementation) and this upgrade's.
      expect(logs, chain.network).to.have.length(2);
    }
  });

  it("a Safe on all three: handover-multiaccount --networks all hands each ProxyAdmin to it, then upgrade-multiaccount --networks all writes a batch file per chain", async () => {
    // The Safe 1.4.1 contracts from Hardhat's test account #9, and one 2-of-3 Safe of accounts #1 to #3: the same addresses on every chain.
    let safe = "";
    for (const chain of chains) safe = await createSafe(chain.node.url, await deploySafeContractsAt(chain.node.url, SAFE_DEPLOYER_KEY), OWNER_KEYS, 2);
    const handover = await hardhat(["handover-multiaccount", "--networks", "all", "--owner", safe]);
    expect(handover.code, handover.output).to.equal(0);
    checkLines(handover);
    for (const chain of chains) {
      expect(summaryRow(handover, chain.network), handover.stdout).to.match(new RegExp(`^${chain.network} +done `));
      const admin = "0x" + (await chain.node.rpc<string>("eth_getStorageAt", [address, ADMIN_SLOT, "latest"])).slice(-40);
      const owner = await chain.node.rpc<string>("eth_call", [{ to: admin, data: ethers.utils.id("owner()").slice(0, 10) }, "latest"]);
      expect(ethers.utils.getAddress(ethers.utils.hexDataSlice(owner, 12)), chain.network).to.equal(safe);
    }

    const before = await blocks();
    const upgrade = await hardhat(["upgrade-multiaccount", "--networks", "all", "--contract", "MultiAccountV2", "--force", "--no-verify"]);
    expect(upgrade.code, upgrade.output).to.equal(0);
    checkLines(upgrade);
    expect(await blocks(), "the Safe sends the upgrade, not the deployer").to.deep.equal(before);
    for (const chain of chains) {
      const batch = JSON.parse(fs.readFileSync(path.join(dir, chain.network, `safe-upgrade-${chain.network}.json`), "utf8")) as {
        chainId: string;
        meta: { createdFromSafeAddress: string };
        transactions: Array<{ contractMethod: { name: string } }>;
      };
      expect([batch.chainId, batch.meta.createdFromSafeAddress, batch.transactions[0].contractMethod.name], chain.network).to.deep.equal([
        String(chain.chainId),
        safe,
        "upgradeAndCall",
      ]);
    }
  });
});

/** One JSON-RPC call to `url`, for the explorer's getLogs. */
async function fetchRpc(url: string | undefined, method: string, params: unknown[]): Promise<unknown> {
  if (url === undefined) return [];
  return jsonRpcClient(url)(method, params);
}
