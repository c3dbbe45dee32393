// The chain jobs of `--networks` (deployJob, upgradeJob) on the in-process Hardhat network of this
// repository: what a preflight reports (the table's cells, or the problem) without sending anything,
// then what a send does. The CLI test (test/hardhat/hardhat2/every-chain.test.ts) runs them in child
// processes on four nodes; these are the cases that need no node.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import type { Contract } from "ethers";
import { deployJob, upgradeJob } from "../../../../src/hardhat/internal/tasks/chain-jobs";
import type { DeployOptions } from "../../../../src/hardhat/internal/tasks/deploy";
import type { JobContext } from "../../../../src/hardhat/internal/tasks/every-chain/job";
import type { Host } from "../../../../src/hardhat/internal/tasks/host";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import { captureLogger, type CapturedLogger } from "../../helpers/capture";
import { useRootEnvironment } from "../../helpers/environment";

describe("chain jobs of --networks (in-process network)", function () {
  const env = useRootEnvironment();
  let dir: string;
  let file: string;
  let protocol: Contract;
  let admin: string;
  let log: CapturedLogger;
  let statuses: string[];

  const context = (): JobContext => ({ log, status: (text) => void statuses.push(text), signal: new AbortController().signal });
  const options = (overrides: Partial<DeployOptions> = {}): DeployOptions => ({
    admin,
    contract: "MultiAccount",
    accountContract: "ProtocolPartyA",
    addressesFile: file,
    verify: false,
    verifyDelay: 0,
    dryRun: false,
    force: false,
    noCompile: true,
    ...overrides,
  });
  const block = () => env.hre.ethers.provider.getBlockNumber();
  /** The in-process network's Host, with the network's config saying `chainId`. */
  const hostOn = (chainId?: number): Host => {
    const host = hardhat2Host(env.hre);
    return { ...host, network: { ...host.network, chainId } };
  };

  before(async () => {
    admin = (await env.hre.ethers.getSigners())[5].address;
    const collateral = await (await env.hre.ethers.getContractFactory("MockCollateral")).deploy(6);
    protocol = await (await env.hre.ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
  });

  beforeEach(() => {
    log = captureLogger();
    statuses = [];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-chain-jobs-"));
    file = path.join(dir, "addresses.json");
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol.address }) + "\n");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("deploy: the preflight reports the cells and sends nothing; the send deploys and records; a second preflight finds it deployed", async () => {
    const job = deployJob(hostOn(), options());
    const start = await block();
    const report = await job.preflight(context());
    expect(report.problem, report.problem).to.equal(undefined);
    expect(report).to.include({ chainId: 31337, action: "deploy" });
    expect(report.balance).to.match(/^[\d.]+ ETH$/);
    expect(report.cost).to.match(/^0\.[\d]+ ETH$/);
    expect(await block()).to.equal(start);
    expect(statuses).to.include("estimating the cost");
    expect(log.text()).to.include("Network:        hardhat (chain 31337)");

    const sent = await job.send(context());
    const recorded = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress;
    expect(sent.proxy).to.equal(recorded);
    expect(sent.transactions).to.equal(3);
    expect(sent.verification).to.equal("skipped (--no-verify)");

    const again = await deployJob(hostOn(), options()).preflight(context());
    expect(again).to.deep.include({ proxy: recorded, action: "already deployed", nothingToDo: true });
  });

  it("deploy: a protocol address without code is the row's problem, not a throw", async () => {
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: "0x000000000000000000000000000000000000dEaD" }) + "\n");
    const report = await deployJob(hostOn(), options()).preflight(context());
    expect(report.chainId).to.equal(31337);
    expect(report.problem).to.match(/^The protocol address 0x000000000000000000000000000000000000dEaD has no contract code/);
  });

  it("deploy: a deployer that cannot pay the estimated cost is the row's problem", async () => {
    const deployer = (await env.hre.ethers.getSigners())[0].address;
    const balance = await env.hre.ethers.provider.getBalance(deployer);
    await env.hre.network.provider.send("hardhat_setBalance", [deployer, "0x1000"]);
    try {
      const report = await deployJob(hostOn(), options()).preflight(context());
      expect(report.problem).to.match(/^deployer balance: 0x[0-9a-fA-F]{40} holds 0\.000000000000004096 ETH, the deployment needs about 0\.\d+ ETH$/);
      expect(report.cost).to.match(/ETH$/);
    } finally {
      await env.hre.network.provider.send("hardhat_setBalance", [deployer, balance.toHexString()]);
    }
  });

  it("a send asked after Ctrl-C sends nothing", async () => {
    const job = deployJob(hostOn(), options());
    await job.preflight(context());
    const stopped = new AbortController();
    stopped.abort();
    const start = await block();
    let caught: Error | undefined;
    await job.send({ ...context(), signal: stopped.signal }).catch((error: Error) => (caught = error));
    expect(caught?.message).to.equal("stopped (Ctrl-C) before sending; nothing was sent");
    expect(await block()).to.equal(start);
  });

  it("an endpoint on another chain than the config's is the row's problem", async () => {
    const report = await deployJob(hostOn(56), options()).preflight(context());
    expect(report).to.deep.equal({ chainId: 31337, problem: "chain id: the endpoint is on chain 31337, the config says 56" });
  });

  it("upgrade: nothing to upgrade when the proxy runs the same code; with --force the plugin validates it, then the send upgrades", async () => {
    const deploy = deployJob(hostOn(), options());
    await deploy.preflight(context());
    const { proxy } = await deploy.send(context());
    const upgradeOptions = { contract: "MultiAccount", addressesFile: file, verify: false, verifyDelay: 0, dryRun: false, noCompile: true };

    const same = await upgradeJob(hostOn(), upgradeOptions).preflight(context());
    expect(same).to.deep.include({ chainId: 31337, proxy, action: "nothing to upgrade", nothingToDo: true });

    const forced = upgradeJob(hostOn(), { ...upgradeOptions, force: true });
    const start = await block();
    const report = await forced.preflight(context());
    expect(report).to.deep.include({ proxy, action: "upgrade", nothingToDo: false });
    expect(log.text()).to.include("Validation passed.");
    expect(await block()).to.equal(start);
    const sent = await forced.send(context());
    expect(sent).to.include({ proxy, transactions: 1 });
  });
});
