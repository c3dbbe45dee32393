// `deploy-multiaccount --networks` and `upgrade-multiaccount --networks` on Hardhat 2 (the ethers 5
// stack of the fixture project), through the Hardhat CLI as an operator runs them: four `hardhat
// node`s of four chains (31337, 56, 8453, 42161), each with its own protocol stand-in, and the
// parent process running one child Hardhat process per network (test/hardhat/helpers/every-chain.ts,
// every node behind a fault proxy). base's proxy is taken down at base's first transaction (a node stopped mid-run, whose state
// survives for the rerun); "bsc"'s URL carries a key-like path segment that must never be printed.
// The runs build on each other: a dry run, a preflight that fails, --skip-failing with base going
// down, the rerun that converges (and addresses:show --networks all agrees), Ctrl-C, the upgrade of
// all four; then deployments of their own (a salt each): killed with SIGKILL at a seeded point (the
// parent alone, whose detached children must stop on their own, or one child) and run again, and one
// through 10% of calls failing on every chain. `npm run faults -- --every-chain` runs more seeds.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import path from "path";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { childArguments } from "../../../src/hardhat/hardhat2/every-chain";
import { CREATEX_ADDRESS } from "../../../src/hardhat/internal/chains/createx";
import { DEPLOY_TASK } from "../../../src/hardhat/internal/tasks/definitions";
import { transactionsFrom } from "../helpers/deterministic";
import {
  FAULT_TEST_SEEDS,
  FIXTURE,
  KILL_TEST_SEEDS,
  URL_KEY,
  killAndRerun,
  killPoint,
  startFourChains,
  throughFaults,
  type Chain,
  type FourChains,
} from "../helpers/every-chain";
import type { FaultyRpc } from "../helpers/faulty-rpc";
import { runHardhat, type RunResult } from "../helpers/processes";

/** Few retries with short waits, so that base's endpoint going down fails base quickly; a whole call may take long on a busy machine. */
const FAST_RETRIES = JSON.stringify({ retries: 2, minDelay: 20, maxDelay: 100, timeout: 20_000, totalTimeout: 60_000 });
const NO_CODE = "0x000000000000000000000000000000000000dEaD";
const iface = new ethers.utils.Interface(["function protocolAddress() view returns (address)"]);
const UPGRADED = ethers.utils.id("Upgraded(address)");

describe("--networks on Hardhat 2: a child's command line", () => {
  const hre = (hardhatArguments: Partial<HardhatRuntimeEnvironment["hardhatArguments"]>) => ({ hardhatArguments }) as unknown as HardhatRuntimeEnvironment;

  it("is the network, the task, the user's options but the multi-chain ones, and --no-compile", () => {
    const args = {
      networks: "all",
      concurrency: "2",
      skipFailing: true,
      noCompile: false,
      deterministic: true,
      salt: "x y",
      verifyDelay: 0,
      noVerify: true,
      dryRun: false,
    };
    expect(childArguments(DEPLOY_TASK, args, "bsc", hre({}))).to.deep.equal([
      "--network",
      "bsc",
      "deploy-multiaccount",
      "--verify-delay",
      "0",
      "--no-verify",
      "--deterministic",
      "--salt",
      "x y",
      "--no-compile",
    ]);
  });

  it("keeps the run's --config and --show-stack-traces", () => {
    expect(childArguments(DEPLOY_TASK, {}, "base", hre({ config: "other.config.ts", showStackTraces: true })).slice(0, 6)).to.deep.equal([
      "--network",
      "base",
      "--config",
      "other.config.ts",
      "--show-stack-traces",
      "deploy-multiaccount",
    ]);
  });
});

describe("--networks on Hardhat 2: deploy and upgrade on four `hardhat node`s through one command (the ethers 5 stack)", function () {
  let four: FourChains;
  let chains: Chain[];
  let dir: string;
  /** base's fault proxy (every node has one; the others pass every call here). */
  let proxy: FaultyRpc;
  let deployer: string;
  let env: Record<string, string>;

  const fileOf = (chain: Chain) => path.join(dir, chain.network, "addresses.json");
  const record = (chain: Chain) => JSON.parse(fs.readFileSync(fileOf(chain), "utf8"));
  const writeRecord = (chain: Chain, protocolAddress: string) => fs.writeFileSync(fileOf(chain), JSON.stringify({ protocolAddress }) + "\n");
  const blocks = () => four.blocks();
  const run = (args: string[], extra: Record<string, string> = {}) => runHardhat(FIXTURE, [...args, "--no-verify"], { ...env, ...extra });
  const lines = (result: RunResult) => result.output.split("\n").filter((line) => line.trim() !== "");
  const tableRow = (result: RunResult, network: string) => result.stdout.split("\n").find((line) => new RegExp(`^${network} +(\\d|- )`).test(line));
  const summaryRow = (result: RunResult, network: string) =>
    result.stdout.split("\n").find((line) => new RegExp(`^${network} +(done|unchanged|failed|preflight failed|not sent|aborted)`).test(line));
  const creations = async (chain: Chain) =>
    (await transactionsFrom(chain.node, deployer, 1)).filter((tx) => tx.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase());

  /** Every line is a table's, the one address, or a chain's own line prefixed with its network; none shows a URL secret. */
  const checkLines = (result: RunResult) => {
    for (const line of lines(result)) {
      expect(line, result.output).to.match(
        /^(localhost|bsc|base|arbitrum|network {2}|-{7}|--deterministic: |Compiled \d+ Solidity files? successfully|Error |For more info)/
      );
      expect(line).to.not.include(URL_KEY);
    }
  };

  before(async function () {
    four = await startFourChains();
    ({ chains, dir, deployer } = four);
    proxy = chains[2].proxy;
    env = { ...four.env, FIXTURE_RPC: FAST_RETRIES };
  });

  after(async () => {
    await four?.close();
  });

  it("refuses a network the config lacks, naming the nearest, before any child starts", async () => {
    const result = await run(["deploy-multiaccount", "--networks", "localhost,bsx"]);
    expect(result.code, result.output).to.equal(1);
    expect(result.stderr).to.include(`"bsx" (did you mean "bsc"?)`);
    expect(result.stderr).to.not.match(/^\s+at /m);
  });

  it("refuses --concurrency 0", async () => {
    const result = await run(["upgrade-multiaccount", "--networks", "all", "--concurrency", "0"]);
    expect(result.code, result.output).to.equal(1);
    expect(result.stderr).to.include(`Invalid --concurrency "0"`);
  });

  it("refuses --skip-failing without --networks", async () => {
    const result = await run(["deploy-multiaccount", "--network", "localhost", "--skip-failing"]);
    expect(result.code, result.output).to.equal(1);
    expect(result.stderr).to.include("--skip-failing only applies with --networks");
  });

  let address: string;

  it("--dry-run --deterministic: the whole preflight table, the one address, every line prefixed (a plugin's too), no URL secret, nothing sent", async () => {
    const before = await blocks();
    const result = await run(["deploy-multiaccount", "--deterministic", "--networks", "all", "--dry-run"], { FIXTURE_CHILD_PRINTS: "1" });
    expect(result.code, result.output).to.equal(0);
    // What a child prints straight to its console (a plugin's line holding bsc's URL): prefixed, the key redacted.
    for (const chain of chains)
      expect(result.stderr).to.match(new RegExp(`^${chain.network} +\\| a plugin's own line, naming http://127\\.0\\.0\\.1:\\d+<redacted>$`, "m"));
    for (const chain of chains) {
      expect(tableRow(result, chain.network), result.stdout).to.match(new RegExp(`^${chain.network} +${chain.chainId} .* deploy.* ok$`));
      expect(result.stdout).to.match(new RegExp(`^${chain.network} +\\| Network: +${chain.network} \\(chain ${chain.chainId}\\)`, "m"));
    }
    address = /--deterministic: the proxy's address on every chain: (0x[0-9a-fA-F]{40})/.exec(result.stdout)![1];
    checkLines(result);
    expect(await blocks()).to.deep.equal(before);
  });

  it("one chain's protocol has no code, another's endpoint refuses echoing its key: those rows fail (the key redacted), nothing is sent on any chain, exit 1", async () => {
    writeRecord(chains[3], NO_CODE);
    proxy.setPlan({
      refuse: (call) => (call.method === "eth_estimateGas" ? { code: -32000, message: `project ${URL_KEY} over quota for ${call.path}` } : undefined),
    });
    const before = await blocks();
    const result = await run(["deploy-multiaccount", "--deterministic", "--networks", "all"]);
    expect(result.code, result.output).to.equal(1);
    proxy.setPlan({});
    expect(tableRow(result, "arbitrum")).to.match(/FAILED: The protocol address 0x000000000000000000000000000000000000dEaD has no contract code/);
    expect(tableRow(result, "base")).to.match(/FAILED: .*"project <redacted> over quota for <redacted>"/);
    for (const chain of chains.slice(0, 2)) expect(tableRow(result, chain.network)).to.match(/ ok$/);
    expect(result.stderr).to.include("sent nothing: the preflight failed on 2 of 4 chains (base, arbitrum)");
    expect(result.stderr).to.not.match(/^\s+at /m);
    checkLines(result);
    expect(await blocks()).to.deep.equal(before);
    for (const chain of chains) expect(fs.existsSync(path.join(dir, chain.network, "addresses.journal.json"))).to.equal(false);
  });

  it("--skip-failing sends on the chains that passed; base's endpoint going down at its first transaction fails base alone; exit 1", async () => {
    proxy.setPlan({
      rule: (call) => {
        if (call.method !== "eth_sendRawTransaction") return undefined;
        void proxy.down();
        return "down";
      },
    });
    const result = await run(["deploy-multiaccount", "--deterministic", "--networks", "all", "--skip-failing"]);
    expect(result.code, result.output).to.equal(1);
    expect(summaryRow(result, "localhost")).to.match(new RegExp(`^localhost +done +${address}`));
    expect(summaryRow(result, "bsc")).to.match(new RegExp(`^bsc +done +${address}`));
    expect(summaryRow(result, "base")).to.match(/^base +failed/);
    expect(summaryRow(result, "arbitrum")).to.match(/^arbitrum +preflight failed/);
    expect(result.stderr).to.match(/deploy-multiaccount failed on 2 of 4 chains \(base, arbitrum\); done on localhost, bsc/);
    checkLines(result);
    expect(record(chains[0]).multiAccountAddress).to.equal(address);
    expect(record(chains[1]).multiAccountAddress).to.equal(address);
    expect(record(chains[2]).multiAccountAddress).to.equal(undefined);
    expect(await chains[3].node.rpc<string>("eth_getCode", [address, "latest"])).to.equal("0x");
  });

  it("the rerun, base back up and arbitrum's protocol fixed, sends only on those two; one proxy on all four, each with its own protocol", async () => {
    await proxy.up();
    proxy.setPlan({});
    writeRecord(chains[3], chains[3].protocol);
    const before = await blocks();
    const result = await run(["deploy-multiaccount", "--deterministic", "--networks", "all"]);
    expect(result.code, result.output).to.equal(0);
    expect(summaryRow(result, "localhost")).to.match(/^localhost +unchanged/);
    expect(summaryRow(result, "bsc")).to.match(/^bsc +unchanged/);
    expect(summaryRow(result, "base")).to.match(new RegExp(`^base +done +${address} +\\d+ +[0-9.]+ ETH +\\d+ +skipped`));
    expect(summaryRow(result, "arbitrum")).to.match(new RegExp(`^arbitrum +done +${address}`));
    checkLines(result);
    const after = await blocks();
    expect(after.slice(0, 2)).to.deep.equal(before.slice(0, 2));
    for (const chain of chains) {
      expect(record(chain).multiAccountAddress).to.equal(address);
      const [protocol] = iface.decodeFunctionResult(
        "protocolAddress",
        await chain.node.rpc<string>("eth_call", [{ to: address, data: iface.encodeFunctionData("protocolAddress") }, "latest"])
      );
      expect(protocol.toLowerCase()).to.equal(chain.protocol.toLowerCase());
      // One creation through CreateX on each chain, whatever the failed runs did.
      expect(await creations(chain), chain.network).to.have.length(1);
    }
    // addresses:show --networks all agrees: the one address, with code, on every chain.
    const shown = await runHardhat(FIXTURE, ["addresses:show", "--networks", "all"], env);
    expect(shown.code, shown.output).to.equal(0);
    expect(shown.stdout).to.include("multiAccountAddress on the networks of --networks");
    for (const chain of chains) expect(shown.stdout).to.match(new RegExp(`^${chain.network} +${chain.chainId} +${address} +yes *$`, "m"));
    expect(shown.output).to.not.include(URL_KEY);
  });

  it("Ctrl-C (the terminal's SIGINT to the command's process group) while base sends: base finishes, arbitrum never starts, exit 1; the rerun does arbitrum", async () => {
    // Another deployment (its own label and addresses files), one chain at a time, base first; two
    // chains are enough here, and each chain is a child Hardhat process to start.
    const pair = [chains[2], chains[3]];
    const files = path.join(dir, "ctrl-c", "{network}", "addresses.json");
    for (const chain of pair) {
      fs.mkdirSync(path.join(dir, "ctrl-c", chain.network), { recursive: true });
      fs.writeFileSync(files.replace("{network}", chain.network), JSON.stringify({ protocolAddress: chain.protocol }) + "\n");
    }
    let parent: number | undefined;
    let interrupted = false;
    proxy.setPlan({
      rule: (call) => {
        if (call.method === "eth_sendRawTransaction" && !interrupted && parent !== undefined) {
          interrupted = true;
          process.kill(-parent, "SIGINT");
        }
        return "pass";
      },
    });
    const args = ["deploy-multiaccount", "--deterministic", "--salt", "ctrl-c", "--concurrency", "1", "--no-verify"];
    const options = { group: true, onSpawn: (pid: number) => (parent = pid) };
    const result = await runHardhat(FIXTURE, [...args, "--networks", "base,arbitrum"], { ...env, ADDRESSES_FILE: files }, options);
    proxy.setPlan({});
    expect(interrupted).to.equal(true);
    expect(result.code, result.output).to.equal(1);
    expect(result.stderr).to.include("Ctrl-C: no new chain starts");
    const salted = JSON.parse(fs.readFileSync(files.replace("{network}", "base"), "utf8")).multiAccountAddress;
    expect(summaryRow(result, "base")).to.match(new RegExp(`^base +done +${salted}`));
    expect(summaryRow(result, "arbitrum")).to.match(/^arbitrum +aborted/);
    expect(result.stderr).to.include("deploy-multiaccount was stopped (Ctrl-C); finished on base, not on arbitrum.");
    // base's journal is closed: its run completed, nothing left "running".
    const journal = JSON.parse(fs.readFileSync(path.join(dir, "ctrl-c", "base", "addresses.journal.json"), "utf8"));
    expect(journal.runs.map((r: { status: string }) => r.status)).to.deep.equal(["completed"]);

    const rerun = await runHardhat(FIXTURE, [...args, "--networks", "base,arbitrum"], { ...env, ADDRESSES_FILE: files });
    expect(rerun.code, rerun.output).to.equal(0);
    expect(summaryRow(rerun, "base")).to.match(/^base +unchanged/);
    expect(summaryRow(rerun, "arbitrum")).to.match(new RegExp(`^arbitrum +done +${salted}`));
    for (const chain of pair) {
      expect(JSON.parse(fs.readFileSync(files.replace("{network}", chain.network), "utf8")).multiAccountAddress).to.equal(salted);
      // The first deployment and this one: two creations through CreateX on every chain.
      expect(await creations(chain), chain.network).to.have.length(2);
    }
  });

  it("upgrade-multiaccount --networks all upgrades all four, each validated by the upgrades plugin first", async () => {
    const before = await blocks();
    const result = await run(["upgrade-multiaccount", "--networks", "all", "--force"]);
    expect(result.code, result.output).to.equal(0);
    for (const chain of chains) {
      expect(result.stdout).to.match(new RegExp(`^${chain.network} +\\| Validation passed\\.`, "m"));
      expect(summaryRow(result, chain.network)).to.match(new RegExp(`^${chain.network} +done +${address}`));
    }
    checkLines(result);
    const after = await blocks();
    for (const [i, chain] of chains.entries()) {
      expect(after[i], chain.network).to.be.greaterThan(before[i]);
      const logs = await chain.node.rpc<unknown[]>("eth_getLogs", [{ address, topics: [UPGRADED], fromBlock: `0x${(before[i] + 1).toString(16)}` }]);
      expect(logs, chain.network).to.have.length(1);
    }
  });
  for (const seed of KILL_TEST_SEEDS) {
    const point = killPoint(seed);
    const victim = point.victim === "parent" ? "the parent alone" : `${point.victim}'s child`;
    it(`kill -9 of ${victim} at call ${point.call} to ${point.at} (seed ${seed}): no child left running, no broken file; the rerun converges, nothing sent twice`, async () => {
      const outcome = await killAndRerun(four, seed);
      expect(outcome.killed, outcome.first.output).to.not.equal("none");
      expect(outcome.first.code, outcome.first.output).to.not.equal(0);
      expect(outcome.orphans).to.deep.equal([]);
      expect(outcome.broken).to.deep.equal([]);
      expect(outcome.problem, outcome.rerun.output).to.equal(undefined);
      if (point.victim !== "parent") expect(outcome.adopted, outcome.rerun.output).to.deep.equal([point.victim]);
    });
  }

  for (const seed of FAULT_TEST_SEEDS) {
    it(`--networks all through 10% of calls failing on every chain, every kind (seed ${seed}): the first run, or a second, converges; nothing sent twice`, async () => {
      const outcome = await throughFaults(four, seed);
      expect(outcome.kinds).to.not.equal("none");
      expect(outcome.problem, outcome.last.output).to.equal(undefined);
    });
  }
});
