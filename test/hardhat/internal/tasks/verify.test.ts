// Verification against a loopback explorer (an etherscan customChain for the local chain id). The
// solc version-list download, which needs the internet, is intercepted with undici's MockAgent.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import * as undici from "undici";
import { getGlobalDispatcher, setGlobalDispatcher, type Dispatcher, type MockAgent } from "undici";
import { FIXTURES, NODE_ONLY_CONFIG, useEnvironment } from "../../helpers/environment";
import { startNode, type LocalNode } from "../../helpers/processes";
import { startExplorer, type LoopbackExplorer } from "../../helpers/explorer";
import { captureConsole, captureLogger } from "../../helpers/capture";
import { deployMultiAccount, type DeploymentResult } from "../../../../src/hardhat/internal/tasks/deploy";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

// A plain JS helper, because it is also preloaded into child processes that have no TypeScript.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a JS file without types; an import would need allowJs
const { mockSolcList } = require("../../helpers/offline-solc-list.js") as { mockSolcList(module: typeof undici): MockAgent };

const API_KEY = "loopback-explorer-api-key";

/** Compiles, puts a protocol stand-in on the in-process chain, and deploys with verification on: what it returned, printed and logged. */
async function deployWithVerification(hre: HardhatRuntimeEnvironment) {
  await hre.run("compile", { quiet: true });
  const protocol = await (await hre.ethers.getContractFactory("ProtocolStandIn")).deploy();
  const [deployer] = await hre.ethers.getSigners();
  const log = captureLogger();
  const options = {
    admin: deployer.address,
    protocolAddress: protocol.address,
    contract: "MultiAccount",
    accountContract: "ProtocolPartyA",
    addressesFile: hre.config.multiAccount.addressesFile,
    verify: true,
    verifyDelay: 0,
    dryRun: false,
    force: false,
  };
  const { result, output } = await captureConsole(() => deployMultiAccount(hardhat2Host(hre), options, { logger: log }));
  return { result, output, log };
}

for (const mode of ["verify", "reject"] as const) {
  describe(`verification against a loopback explorer that ${mode === "verify" ? "accepts" : "rejects"} the source`, function () {
    let node: LocalNode;
    let explorer: LoopbackExplorer;
    let dir: string;
    let previousDispatcher: Dispatcher;
    let agent: MockAgent;

    before(async function () {
      node = await startNode(path.join(FIXTURES, "deployer"), { globalArgs: ["--config", NODE_ONLY_CONFIG] });
      explorer = await startExplorer({ mode, rpc: (method, params) => node.rpc(method, params) });
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-verify-"));
      previousDispatcher = getGlobalDispatcher();
      agent = mockSolcList(undici);
      setGlobalDispatcher(agent);
    });
    after(async () => {
      setGlobalDispatcher(previousDispatcher);
      await agent?.close();
      await node?.stop();
      await explorer?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const env = useEnvironment(
      "deployer",
      () => ({
        LOCALHOST_RPC_URL: node.url,
        FIXTURE_EXPLORER_URL: explorer.url,
        LOCALHOST_EXPLORER_API_KEY: API_KEY,
        ADDRESSES_FILE: path.join(dir, "addresses.json"),
      }),
      "localhost"
    );

    it(mode === "verify" ? "submits the implementation and reports it verified" : "logs the failure and still returns the deployment", async function () {
      const { hre } = env;
      const { result, output, log } = await deployWithVerification(hre);
      const deployment = result as DeploymentResult;
      expect(deployment.implementation!).to.equal(await hre.upgrades.erc1967.getImplementationAddress(deployment.proxy));

      const submission = explorer.requests.find((r) => r.action === "verifysourcecode");
      expect(submission, JSON.stringify(explorer.requests)).to.not.equal(undefined);
      expect(submission!.method).to.equal("POST");
      expect(submission!.params.contractaddress.toLowerCase()).to.equal(deployment.implementation!.toLowerCase());
      expect(submission!.params.contractname).to.equal("multiaccount-kit/contracts/multiAccount/MultiAccount.sol:MultiAccount");
      expect(submission!.params.compilerversion).to.equal("v0.8.24+commit.e11b9ed9");
      expect(submission!.params.codeformat).to.equal("solidity-standard-json-input");
      expect(JSON.parse(submission!.params.sourceCode).sources).to.have.property("multiaccount-kit/contracts/multiAccount/MultiAccount.sol");
      expect(submission!.params.apikey).to.equal(API_KEY);
      expect(explorer.requests.some((r) => r.action === "checkverifystatus")).to.equal(true);
      // hardhat-etherscan drops the query string of its status checks; the routing puts the chainid
      // back, and the stand-in (like Etherscan API V2) answers nothing without it.
      for (const request of explorer.requests) {
        expect(request.path, `${request.method} ${request.action}`).to.equal("/v2/api");
        expect(request.query.chainid, `${request.method} ${request.action}`).to.equal("31337");
      }

      const text = log.text() + "\n" + output;
      if (mode === "verify") {
        expect(log.text()).to.include(`Verified ${deployment.implementation!}.`);
        // The proxy: verified by the upgrades plugin, then linked to the implementation.
        const link = explorer.requests.find((r) => r.action === "verifyproxycontract");
        expect(link, JSON.stringify(explorer.requests.map((r) => r.action))).to.not.equal(undefined);
        expect(link!.params.address.toLowerCase()).to.equal(deployment.proxy.toLowerCase());
        expect(link!.params.expectedimplementation.toLowerCase()).to.equal(deployment.implementation!.toLowerCase());
        expect(explorer.verified.has(deployment.proxy.toLowerCase()), "the proxy's own source").to.equal(true);
        expect(log.text()).to.include(`Proxy ${deployment.proxy} verified and linked: the explorer shows it as a proxy of ${deployment.implementation!}.`);
      } else {
        expect(log.text()).to.match(new RegExp(`Verification of ${deployment.implementation!} failed \\(the deployment itself succeeded\\)`));
        // One command retries both the implementation and the proxy.
        expect(log.text()).to.include(`Retry later with: npx hardhat verify --network localhost ${deployment.proxy}`);
      }
      expect(text).to.not.include(API_KEY);
    });
  });
}

// An explorer that answers "Pending in queue" to every status check, forever: hardhat-etherscan 3
// polls it every 3 s without end; the routing gives up once the retry policy's waits have passed (here
// one try: at the second status check), and the deployment is saved with a warning.
describe('verification against a loopback explorer that answers "Pending in queue" forever', function () {
  let node: LocalNode;
  let explorer: LoopbackExplorer;
  let dir: string;
  let previousDispatcher: Dispatcher;
  let agent: MockAgent;
  const saved = process.env.MULTIACCOUNT_VERIFY_ATTEMPTS;

  before(async function () {
    node = await startNode(path.join(FIXTURES, "deployer"), { globalArgs: ["--config", NODE_ONLY_CONFIG] });
    explorer = await startExplorer({ mode: "pending", rpc: (method, params) => node.rpc(method, params) });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-verify-pending-"));
    previousDispatcher = getGlobalDispatcher();
    agent = mockSolcList(undici);
    setGlobalDispatcher(agent);
    process.env.MULTIACCOUNT_VERIFY_ATTEMPTS = "1";
  });
  after(async () => {
    if (saved === undefined) delete process.env.MULTIACCOUNT_VERIFY_ATTEMPTS;
    else process.env.MULTIACCOUNT_VERIFY_ATTEMPTS = saved;
    setGlobalDispatcher(previousDispatcher);
    await agent?.close();
    await node?.stop();
    await explorer?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = useEnvironment(
    "deployer",
    () => ({
      LOCALHOST_RPC_URL: node.url,
      FIXTURE_EXPLORER_URL: explorer.url,
      LOCALHOST_EXPLORER_API_KEY: API_KEY,
      ADDRESSES_FILE: path.join(dir, "addresses.json"),
    }),
    "localhost"
  );

  it("gives up polling, warns, and returns the saved deployment", async function () {
    // Without the bound, hardhat-etherscan polls every 3 s for ever: this fails by timing out.
    this.timeout(120_000);
    const { hre } = env;
    const { result, log } = await deployWithVerification(hre);
    const deployment = result as DeploymentResult;
    expect(JSON.parse(fs.readFileSync(path.join(dir, "addresses.json"), "utf8")).multiAccountAddress).to.equal(deployment.proxy);
    expect(explorer.requests.filter((r) => r.action === "checkverifystatus")).to.have.length(1);
    expect(log.text()).to.match(new RegExp(`Verification of ${deployment.implementation!} failed \\(the deployment itself succeeded\\)`));
    expect(log.text()).to.match(/still answers "Pending in queue" after 1 status check in [\d.]+ s: verification given up \(not retried\)/);
    expect(log.text()).to.include(`Retry later with: npx hardhat verify --network localhost ${deployment.proxy}`);
  });
});
