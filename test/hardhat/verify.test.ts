// Verification against a loopback explorer (an etherscan customChain for the local chain id). The
// solc version-list download, which needs the internet, is intercepted with undici's MockAgent.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { MockAgent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from "undici";
import { FIXTURES, useEnvironment } from "./helpers/environment";
import { startNode, type LocalNode } from "./helpers/processes";
import { startExplorer, type LoopbackExplorer } from "./helpers/explorer";
import { captureConsole, captureLogger } from "./helpers/capture";
import { deployMultiAccount, type DeploymentResult } from "../../src/hardhat/internal/deploy";

const API_KEY = "loopback-explorer-api-key";

for (const mode of ["verify", "reject"] as const) {
  describe(`verification against a loopback explorer that ${mode === "verify" ? "accepts" : "rejects"} the source`, function () {
    let node: LocalNode;
    let explorer: LoopbackExplorer;
    let dir: string;
    let previousDispatcher: Dispatcher;
    let agent: MockAgent;

    before(async function () {
      node = await startNode(path.join(FIXTURES, "deployer"));
      explorer = await startExplorer(mode);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-verify-"));
      previousDispatcher = getGlobalDispatcher();
      agent = new MockAgent();
      agent.disableNetConnect();
      agent.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
      agent
        .get("https://solc-bin.ethereum.org")
        .intercept({ path: "/bin/list.json", method: "GET" })
        .reply(200, { releases: { "0.8.24": "soljson-v0.8.24+commit.e11b9ed9.js" }, latestRelease: "0.8.24", builds: [] })
        .persist();
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
      await hre.run("compile", { quiet: true });
      const protocol = await (await hre.ethers.getContractFactory("ProtocolStandIn")).deploy();
      const [deployer] = await hre.ethers.getSigners();
      const log = captureLogger();
      const { result, output } = await captureConsole(() =>
        deployMultiAccount(
          hre,
          {
            admin: deployer.address,
            protocolAddress: protocol.address,
            contract: "MultiAccount",
            accountContract: "ProtocolPartyA",
            addressesFile: hre.config.multiAccount.addressesFile,
            verify: true,
            verifyDelay: 0,
            dryRun: false,
            force: false,
          },
          { logger: log }
        )
      );
      const deployment = result as DeploymentResult;
      expect(deployment.implementation).to.equal(await hre.upgrades.erc1967.getImplementationAddress(deployment.proxy));

      const submission = explorer.requests.find((r) => r.action === "verifysourcecode");
      expect(submission, JSON.stringify(explorer.requests)).to.not.equal(undefined);
      expect(submission!.method).to.equal("POST");
      expect(submission!.params.contractaddress.toLowerCase()).to.equal(deployment.implementation.toLowerCase());
      expect(submission!.params.contractname).to.equal("multiaccount-kit/contracts/multiAccount/MultiAccount.sol:MultiAccount");
      expect(submission!.params.compilerversion).to.equal("v0.8.24+commit.e11b9ed9");
      expect(submission!.params.codeformat).to.equal("solidity-standard-json-input");
      expect(JSON.parse(submission!.params.sourceCode).sources).to.have.property("multiaccount-kit/contracts/multiAccount/MultiAccount.sol");
      expect(submission!.params.apikey).to.equal(API_KEY);
      expect(explorer.requests.some((r) => r.action === "checkverifystatus")).to.equal(true);

      const text = log.text() + "\n" + output;
      if (mode === "verify") {
        expect(log.text()).to.include(`Verified ${deployment.implementation}.`);
      } else {
        expect(log.text()).to.match(new RegExp(`Verification of ${deployment.implementation} failed \\(the deployment itself succeeded\\)`));
        expect(log.text()).to.include(`npx hardhat verify --network localhost ${deployment.implementation}`);
      }
      expect(text).to.not.include(API_KEY);
    });
  });
}
