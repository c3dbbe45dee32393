// Verification proven by a real verifier: `deploy-multiaccount` on the ethers 5 stack (the deployer
// fixture) against the loopback verifier (helpers/verifier.ts), whose Etherscan API V2 face answers
// with Sourcify's matching engine's verdict. One deploy: the implementation, the proxy and its
// ProxyAdmin each get a perfect runtime and creation match, and the proxy is linked; the same
// deployment with --deterministic gets its proxy, created through CreateX, verified and linked. Then the same
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
import { copyDeployerFixture, REPO_ROOT } from "../helpers/environment";
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

type Build = { input: unknown; solcLongVersion: string };
type SourceCodeEntry = Record<string, string>;

/** The one deploy and the two reruns of verification from changed sources, with what the explorer held after each. */
interface Flow {
  node: LocalNode;
  verifier: LoopbackVerifier;
  deployed: RunResult;
  proxy: string;
  implementation: string;
  proxyAdmin: string;
  protocol: string;
  /** The build the deploy used (the variants compile others into the same project). */
  deployedBuild: Build;
  /** getsourcecode on the Etherscan face right after the deploy: the proxy, the implementation. */
  afterDeploy: { proxy: SourceCodeEntry; implementation: SourceCodeEntry };
  /** The --deterministic deploy: its run, its proxy, and getsourcecode on that proxy after it. */
  create3: { run: RunResult; proxy: string; shown: SourceCodeEntry };
  comment: { run: RunResult; build: Build; implementation: SourceCodeEntry };
  logic: { run: RunResult; build: Build };
}

const PROJECT_FILE = path.join(PROJECT, "output", "addresses.json");
const DETERMINISTIC_FILE = path.join(PROJECT, "output", "deterministic.json");
const MULTIACCOUNT_SOURCE = "multiaccount-kit/contracts/multiAccount/MultiAccount.sol";

/** getsourcecode on the verifier's Etherscan face. */
async function sourceCodeOn(verifier: LoopbackVerifier, address: string): Promise<SourceCodeEntry> {
  const answer = await explorerApi(`${verifier.url}/v2/api?chainid=31337`, { module: "contract", action: "getsourcecode", address, apikey: API_KEY });
  return (answer.result as SourceCodeEntry[])[0];
}

async function runFlow(parts: Partial<Flow>): Promise<Flow> {
  copyDeployerFixture(PROJECT);
  const node = (parts.node = await startNode(PROJECT));
  const verifier = (parts.verifier = await startVerifier({ 31337: node.url }));
  const hardhat = (args: string[], addressesFile = PROJECT_FILE) =>
    runHardhat(
      PROJECT,
      args,
      {
        LOCALHOST_RPC_URL: node.url,
        FIXTURE_EXPLORER_URL: verifier.url,
        LOCALHOST_EXPLORER_API_KEY: API_KEY,
        ADMIN_PUBLIC_KEY: ADMIN,
        ADDRESSES_FILE: addressesFile,
      },
      { nodeArgs: ["--require", OFFLINE_SOLC_LIST] }
    );
  fs.mkdirSync(path.dirname(PROJECT_FILE), { recursive: true });
  const protocol = await deployStandIn(node);
  fs.writeFileSync(PROJECT_FILE, JSON.stringify({ protocolAddress: protocol }));
  const deployed = await hardhat(["deploy-multiaccount", "--network", "localhost"]);
  fs.writeFileSync(path.join(path.dirname(PROJECT), "ethers5-deploy.log"), deployed.output);
  await verifier.settled();
  const proxy = JSON.parse(fs.readFileSync(PROJECT_FILE, "utf8")).multiAccountAddress as string;
  const implementation = /Implementation: +(0x[0-9a-fA-F]{40})/.exec(deployed.stdout)?.[1] ?? "";
  const proxyAdmin = /ProxyAdmin: +(0x[0-9a-fA-F]{40})/.exec(deployed.stdout)?.[1] ?? "";
  const deployedBuild = buildInfoOf(MULTIACCOUNT_SOURCE, "MultiAccount");
  const afterDeploy = { proxy: await sourceCodeOn(verifier, proxy), implementation: await sourceCodeOn(verifier, implementation) };

  // The same deployment through CreateX (--deterministic; the plugin puts CreateX on this local
  // chain first), recorded in a file of its own: its proxy verified and linked too.
  fs.writeFileSync(DETERMINISTIC_FILE, JSON.stringify({ protocolAddress: protocol }));
  const create3Run = await hardhat(["deploy-multiaccount", "--network", "localhost", "--deterministic", "--no-compile"], DETERMINISTIC_FILE);
  await verifier.settled();
  const create3Proxy = (JSON.parse(fs.readFileSync(DETERMINISTIC_FILE, "utf8")).multiAccountAddress as string | undefined) ?? "";
  const create3 = { run: create3Run, proxy: create3Proxy, shown: await sourceCodeOn(verifier, create3Proxy) };

  // The retry command, after a change to a comment only; the explorer holding nothing yet, as on a
  // chain where the first attempt failed.
  fs.appendFileSync(CONTRACT, "// changed only in a comment, after the deploy\n");
  verifier.forget("etherscan");
  const commentRun = await hardhat(["verify", "--network", "localhost", proxy]);
  await verifier.settled();
  const comment = { run: commentRun, build: buildInfoOf(MULTIACCOUNT_SOURCE, "MultiAccount"), implementation: await sourceCodeOn(verifier, implementation) };

  // Then after a change to the logic: a function more.
  const text = fs.readFileSync(CONTRACT, "utf8").replace(/\}\s*\/\/ changed only in a comment, after the deploy\s*$/, "");
  fs.writeFileSync(CONTRACT, `${text}\n    function loopbackMarker() external pure returns (uint256) {\n        return 2;\n    }\n}\n`);
  verifier.forget("etherscan");
  const logicRun = await hardhat(["verify", "--network", "localhost", proxy]);
  await verifier.settled();
  const logic = { run: logicRun, build: buildInfoOf(MULTIACCOUNT_SOURCE, "MultiAccount") };
  return { node, verifier, deployed, proxy, implementation, proxyAdmin, protocol, deployedBuild, afterDeploy, create3, comment, logic };
}

/** The flow's parts as they start, for the file's after() to stop what did start. */
const started: Partial<Flow> = {};
let flow: ReturnType<typeof runFlow> | undefined;
/** The flow, started by the first test that awaits it. */
const startFlow = () => (flow ??= runFlow(started));

describe("verification proven by a real verifier (lib-sourcify), the ethers 5 stack", function () {
  let verifier: LoopbackVerifier;
  let deployed: RunResult;
  let proxy: string;
  let implementation: string;
  let proxyAdmin: string;
  let protocol: string;
  let deployedBuild: Build;
  let done: Flow;

  /** The verdicts on the Etherscan face for one address, in the order they came. */
  const verdictsFor = (address: string): Verdict[] =>
    verifier.verdicts.filter((v) => v.face === "etherscan" && v.address.toLowerCase() === address.toLowerCase());

  before(async function () {
    this.timeout(VERIFIER_INSTALL_TIMEOUT_MS + 600_000);
    done = await startFlow();
    ({ verifier, deployed, proxy, implementation, proxyAdmin, protocol, deployedBuild } = done);
  });
  after(async () => {
    await started.verifier?.stop();
    await started.node?.stop();
  });

  it("gives the implementation, the proxy and its ProxyAdmin a perfect runtime and creation match", function () {
    expect(deployed.code, deployed.output).to.equal(0);
    const expected = [
      [implementation, IMPLEMENTATION_NAME],
      [proxy, PROXY_NAME],
      [proxyAdmin, ADMIN_NAME],
    ];
    for (const [address, contract] of expected) {
      const verdict = verdictsFor(address)[0];
      expect(verdict, `${contract} at ${address}: ${JSON.stringify(verifier.verdicts)}`).to.deep.include({
        contract,
        runtimeMatch: "perfect",
        creationMatch: "perfect",
      });
      expect(verdict.refusal, contract).to.equal(undefined);
    }
    expect(deployed.output, deployed.output).to.include(`Verified ${implementation}.`);
    expect(deployed.output, deployed.output).to.include(`Proxy ${proxy} verified and linked: the explorer shows it as a proxy of ${implementation}.`);
    expect(deployed.output).to.not.include(API_KEY);
  });

  it("links the proxy to its implementation on the Etherscan face", function () {
    const { proxy: shown, implementation: held } = done.afterDeploy;
    expect(shown).to.deep.include({ Proxy: "1", ContractName: "TransparentUpgradeableProxy", RuntimeMatch: "perfect", CreationMatch: "perfect" });
    expect(shown.Implementation.toLowerCase()).to.equal(implementation.toLowerCase());
    expect(held).to.deep.include({ ContractName: "MultiAccount", CompilerVersion: "v0.8.24+commit.e11b9ed9", Proxy: "0" });
    expect(JSON.parse(held.ABI).some((entry: { name?: string }) => entry.name === "addAccount")).to.equal(true);
  });

  it("verifies and links the --deterministic proxy, created through CreateX: a perfect runtime match (no creation match: see the comment)", function () {
    const { run, proxy: create3Proxy, shown } = done.create3;
    expect(run.code, run.output).to.equal(0);
    expect(create3Proxy).to.match(/^0x[0-9a-fA-F]{40}$/);
    // The implementation is the first deploy's (the upgrades manifest reuses it), verified already.
    expect(run.output, run.output).to.include(`Proxy ${create3Proxy} verified and linked: the explorer shows it as a proxy of ${implementation}.`);
    expect(run.output).to.include(`Verified the proxy ${create3Proxy} (${PROXY_NAME}), created through CreateX`);
    // Its creation is CreateX's call, a factory's: lib-sourcify reads a factory-made contract's
    // creation code only from a call-tracer trace (debug_traceTransaction with "callTracer", or
    // trace_transaction), which Hardhat's node refuses ("Hardhat currently only supports the default
    // tracer"), and the verifier finds no creation transaction of its own: no creation match is checked.
    const verdict = verdictsFor(create3Proxy)[0];
    expect(verdict, JSON.stringify(verifier.verdicts)).to.deep.include({ contract: PROXY_NAME, runtimeMatch: "perfect", creationMatch: null });
    expect(verdict.refusal).to.equal(undefined);
    expect(shown).to.deep.include({ Proxy: "1", ContractName: "TransparentUpgradeableProxy", RuntimeMatch: "perfect" });
    expect(shown.Implementation.toLowerCase()).to.equal(implementation.toLowerCase());
    expect(run.output).to.not.include(API_KEY);
  });

  it("gives the same verdict on the Blockscout face, with no key", async function () {
    const url = `${verifier.url}/blockscout/31337/api`;
    const submitted = await explorerApi(url, { module: "contract", action: "verifysourcecode", ...submission(deployedBuild) }, "POST");
    expect(submitted.status, JSON.stringify(submitted)).to.equal("1");
    const verdict = await verifier.verdictOf(String(submitted.result));
    expect(verdict).to.deep.include({ face: "blockscout", contract: IMPLEMENTATION_NAME, runtimeMatch: "perfect", creationMatch: "perfect" });
    expect(await explorerApi(url, { module: "contract", action: "checkverifystatus", guid: String(submitted.result) })).to.deep.include({
      status: "1",
      result: "Pass - Verified",
    });
  });

  it("gives the same verdict on the Sourcify v2 face: not verified, then an exact match", async function () {
    const lookup = () => fetch(`${verifier.url}/v2/contract/31337/${implementation}`);
    const before = await lookup();
    expect(before.status).to.equal(404);
    expect(await before.json()).to.deep.include({ match: null, runtimeMatch: null, creationMatch: null });
    const body = { stdJsonInput: deployedBuild.input, compilerVersion: deployedBuild.solcLongVersion, contractIdentifier: IMPLEMENTATION_NAME };
    const started = await fetch(`${verifier.url}/v2/verify/31337/${implementation}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(started.status).to.equal(202);
    const { verificationId } = (await started.json()) as { verificationId: string };
    expect(await verifier.verdictOf(verificationId)).to.deep.include({ face: "sourcify", runtimeMatch: "perfect", creationMatch: "perfect" });
    const job = (await (await fetch(`${verifier.url}/v2/verify/${verificationId}`)).json()) as { isJobCompleted: boolean; contract: object; error?: object };
    expect(job.isJobCompleted).to.equal(true);
    expect(job.error).to.equal(undefined);
    expect(job.contract).to.deep.include({ match: "exact_match", runtimeMatch: "exact_match", creationMatch: "exact_match" });
    const after = await lookup();
    expect(after.status).to.equal(200);
    expect(await after.json()).to.deep.include({ match: "exact_match", chainId: "31337" });
  });

  it("answers 429, or a status check as still pending, when told to", async function () {
    const url = `${verifier.url}/v2/api?chainid=31337`;
    verifier.disturb(429, 1);
    const limited = await fetch(`${url}&module=contract&action=getsourcecode&address=${implementation}&apikey=${API_KEY}`);
    expect(limited.status).to.equal(429);
    const submitted = await etherscanApi({ module: "contract", action: "verifysourcecode", ...submission(deployedBuild), contractaddress: protocol }, "POST");
    expect(submitted.status, "the submission after the 429 is answered").to.equal("1");
    await verifier.verdictOf(String(submitted.result));
    verifier.disturb("pending", 1);
    const check = { module: "contract", action: "checkverifystatus", guid: String(submitted.result) };
    expect(await etherscanApi(check)).to.deep.include({ result: "Pending in queue" });
    expect((await etherscanApi(check)).result, "MultiAccount's source for the protocol stand-in's code: refused").to.match(/^Fail - Unable to verify/);
  });

  it("refuses a source changed only in a comment as a partial match, reported as such and not as verified", async function () {
    const { run, build } = done.comment;
    const verdict = verifier.verdicts.find((v) => v.face === "etherscan" && v.address === implementation && v.runtimeMatch !== "perfect");
    expect(verdict, JSON.stringify(verifier.verdicts)).to.deep.include({ contract: IMPLEMENTATION_NAME, runtimeMatch: "partial", creationMatch: "partial" });
    expect(verdict!.refusal).to.match(/^Fail - Unable to verify\. Partial match only/);
    expect(run.code, run.output).to.equal(1);
    expect(oneLine(run.output), run.output).to.include(
      oneLine(`Partial match only: ${explorerName()} did not verify ${IMPLEMENTATION_NAME} at ${implementation}.`)
    );
    expect(run.output).to.not.match(/Successfully verified contract MultiAccount|Proxy fully verified/);
    expect(done.comment.implementation.SourceCode, "the implementation is not verified on the explorer").to.equal("");
    // Sourcify keeps a partial match, as its "match" (not "exact_match").
    verifier.forget("sourcify");
    const body = { stdJsonInput: build.input, compilerVersion: build.solcLongVersion, contractIdentifier: IMPLEMENTATION_NAME };
    const startedJob = await fetch(`${verifier.url}/v2/verify/31337/${implementation}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const { verificationId } = (await startedJob.json()) as { verificationId: string };
    await verifier.verdictOf(verificationId);
    const job = (await (await fetch(`${verifier.url}/v2/verify/${verificationId}`)).json()) as { contract: object };
    expect(job.contract).to.deep.include({ match: "match", runtimeMatch: "match", creationMatch: "match" });
  });

  it("refuses a source whose logic changed, naming the contract and the explorer, and the verifier refuses it too", async function () {
    const { run, build } = done.logic;
    expect(run.code, run.output).to.equal(1);
    expect(oneLine(run.output), run.output).to.include(
      oneLine(
        `${explorerName()} did not verify the contract at ${implementation}: the code on chain is not MultiAccount nor any other contract of this project as compiled now`
      )
    );
    expect(run.output).to.not.match(/Successfully verified contract MultiAccount|Proxy fully verified/);
    // hardhat-etherscan refuses it before sending; sent all the same, the verifier finds no match.
    const submitted = await etherscanApi({ module: "contract", action: "verifysourcecode", ...submission(build) }, "POST");
    const verdict = await verifier.verdictOf(String(submitted.result));
    expect(verdict.runtimeMatch).to.equal(null);
    expect(verdict.error?.code).to.equal("bytecode_length_mismatch");
    const status = await etherscanApi({ module: "contract", action: "checkverifystatus", guid: String(submitted.result) });
    expect(status).to.deep.include({ status: "0" });
    expect(status.result).to.match(/^Fail - Unable to verify\. Compiled contract deployment bytecode does NOT match .*bytecode_length_mismatch/);
  });

  after(() => {
    if (verifier === undefined) return;
    // What each verification took (the engine's compile included), for docs/contributing/benchmarks.md.
    const times = verifier.verdicts.map(({ contract, runtimeMatch, creationMatch, error, ms }) => ({
      contract,
      runtimeMatch,
      creationMatch,
      error: error?.code,
      ms,
    }));
    // And the deploy's verification of the implementation as hardhat-etherscan lived it: from its
    // submission to the status check that answered "Pass - Verified".
    const submitted = verifier.requests.find((request) => request.action === "verifysourcecode");
    const passed = verifier.requests.find((request) => (request.answer as { result?: unknown } | undefined)?.result === "Pass - Verified");
    const roundTrip = submitted !== undefined && passed !== undefined ? passed.at - submitted.at : undefined;
    fs.writeFileSync(path.join(path.dirname(PROJECT), "verdicts.json"), JSON.stringify({ implementationRoundTripMs: roundTrip, verdicts: times }, null, 2));
  });

  /** The verifier's Etherscan face, called the way an explorer plugin does. */
  function etherscanApi(params: Record<string, string>, method: "GET" | "POST" = "GET"): Promise<{ status: string; result: unknown }> {
    return explorerApi(`${verifier.url}/v2/api?chainid=31337`, { ...params, apikey: API_KEY }, method);
  }

  /** The implementation's source as an explorer plugin submits it. */
  const submission = (build: { input: unknown; solcLongVersion: string }) => ({
    contractaddress: implementation,
    sourceCode: JSON.stringify(build.input),
    codeformat: "solidity-standard-json-input",
    contractname: IMPLEMENTATION_NAME,
    compilerversion: `v${build.solcLongVersion}`,
  });

  /** How the plugin names the loopback verifier: a chain added with etherscan.customChains. */
  const explorerName = () => `${verifier.url} (etherscan.customChains)`;
});

/** An Etherscan-style API at `url`: a GET with the parameters in the query, or a form POST. */
async function explorerApi(url: string, params: Record<string, string>, method: "GET" | "POST" = "GET"): Promise<{ status: string; result: unknown }> {
  const form = new URLSearchParams(params);
  const separator = url.includes("?") ? "&" : "?";
  const response = method === "GET" ? await fetch(`${url}${separator}${form}`) : await fetch(url, { method, body: form });
  return (await response.json()) as { status: string; result: unknown };
}

/** The output as one line, in lower case: the upgrades plugin's report and Hardhat wrap long messages, and an address read from a proxy's slot is not checksummed. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").toLowerCase();
}

/** The build info of a contract in the copied project's artifacts. */
function buildInfoOf(sourceName: string, contractName: string): { input: unknown; solcLongVersion: string } {
  const debug = path.join(PROJECT, "artifacts", sourceName, `${contractName}.dbg.json`);
  const buildInfo = JSON.parse(fs.readFileSync(debug, "utf8")).buildInfo as string;
  return JSON.parse(fs.readFileSync(path.resolve(path.dirname(debug), buildInfo), "utf8"));
}
