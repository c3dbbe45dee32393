// Retries and no resubmission, against the loopback verifier (helpers/verifier.ts), on the ethers 5
// stack (the deployer fixture, this repository's own install: no host project installed for it).
// One deploy while the explorer is down: exit 0, a failed row naming the explorer, the retry
// command. Then that command, pasted, while the explorer answers the first submission 429 and the
// first status check "pending": each is tried again and the contracts are verified, each source
// received once. Then the same command again: nothing is submitted, every contract is already
// verified. The waits between tries are 20 ms here (MULTIACCOUNT_VERIFY_BACKOFF_MS).
//
// The fixture is copied (to test-output/verify-retries/deployer, as deep as the fixture, so that its
// config's relative imports hold), with the package's contracts beside it as its
// node_modules/multiaccount-kit, as real-verifier.test.ts does: its builds never meet the other
// files' builds of the fixture.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { copyDeployerFixture, REPO_ROOT } from "../helpers/environment";
import { runHardhat, startNode, type LocalNode, type RunResult } from "../helpers/processes";
import { deployStandIn } from "../helpers/stand-in";
import { startVerifier, VERIFIER_INSTALL_TIMEOUT_MS, type LoopbackVerifier, type VerifierRequest } from "../helpers/verifier";
import { freePort } from "../../support/processes";
import { ADMIN } from "./cases";

const PROJECT = path.join(REPO_ROOT, "test-output", "verify-retries", "deployer");
const OFFLINE_SOLC_LIST = path.join(__dirname, "..", "helpers", "offline-solc-list.js");
const ADDRESSES = path.join(PROJECT, "output", "addresses.json");
const API_KEY = "verify-retries-key-7";

interface Flow {
  node: LocalNode;
  verifier: LoopbackVerifier;
  /** The deploy, the explorer down. */
  down: RunResult;
  /** The retry command it printed, pasted: a 429 and a "pending" on the way. */
  retried: RunResult;
  /** The retry command once more. */
  rerun: RunResult;
  retryCommand: string[];
  proxy: string;
  implementation: string;
  proxyAdmin: string;
  /** The verifier's requests up to the end of the retried run. */
  requestsAfterRetry: VerifierRequest[];
}

async function runFlow(parts: Partial<Flow>): Promise<Flow> {
  copyDeployerFixture(PROJECT);
  const node = (parts.node = await startNode(PROJECT));
  const verifier = (parts.verifier = await startVerifier({ 31337: node.url }));
  const hardhat = (args: string[], explorer: string) =>
    runHardhat(
      PROJECT,
      args,
      {
        LOCALHOST_RPC_URL: node.url,
        FIXTURE_EXPLORER_URL: explorer,
        LOCALHOST_EXPLORER_API_KEY: API_KEY,
        ADMIN_PUBLIC_KEY: ADMIN,
        ADDRESSES_FILE: ADDRESSES,
        MULTIACCOUNT_VERIFY_BACKOFF_MS: "20",
      },
      { nodeArgs: ["--require", OFFLINE_SOLC_LIST] }
    );
  fs.mkdirSync(path.dirname(ADDRESSES), { recursive: true });
  fs.writeFileSync(ADDRESSES, JSON.stringify({ protocolAddress: await deployStandIn(node) }));

  // A port nothing listens on: the explorer is down.
  const down = await hardhat(["deploy-multiaccount", "--network", "localhost"], `http://127.0.0.1:${await freePort()}`);
  const proxy = JSON.parse(fs.readFileSync(ADDRESSES, "utf8")).multiAccountAddress as string;
  const implementation = /Implementation: +(0x[0-9a-fA-F]{40})/.exec(down.stdout)?.[1] ?? "";
  const proxyAdmin = /ProxyAdmin: +(0x[0-9a-fA-F]{40})/.exec(down.stdout)?.[1] ?? "";
  const retryCommand = /Retry later with: npx hardhat (.+)/.exec(down.output)?.[1].trim().split(/\s+/) ?? [];

  verifier.disturb(429, 1, "verifysourcecode");
  verifier.disturb("pending", 1, "checkverifystatus");
  const retried = await hardhat(retryCommand, verifier.url);
  await verifier.settled();
  const requestsAfterRetry = [...verifier.requests];
  const rerun = await hardhat(retryCommand, verifier.url);
  await verifier.settled();
  for (const [name, run] of Object.entries({ down, retried, rerun })) fs.writeFileSync(path.join(path.dirname(PROJECT), `${name}.log`), run.output);
  return { node, verifier, down, retried, rerun, retryCommand, proxy, implementation, proxyAdmin, requestsAfterRetry };
}

const started: Partial<Flow> = {};
let flow: ReturnType<typeof runFlow> | undefined;
/** The flow, started by the first test that awaits it. */
const startFlow = () => (flow ??= runFlow(started));

/** The submissions of a source for `address` that reached the verifier (whatever it answered). */
const submissionsFor = (requests: VerifierRequest[], address: string) =>
  requests.filter((request) => request.action === "verifysourcecode" && request.params.contractaddress?.toLowerCase() === address.toLowerCase());

describe("verification retries, and a rerun resubmits nothing (the loopback verifier, the ethers 5 stack)", function () {
  let done: Flow;

  before(async function () {
    this.timeout(VERIFIER_INSTALL_TIMEOUT_MS + 600_000);
    done = await startFlow();
  });
  after(async () => {
    await started.verifier?.stop();
    await started.node?.stop();
  });

  it("a deploy while the explorer is down exits 0 with a failed row, after bounded retries, and the retry command", function () {
    const { down, proxy } = done;
    expect(down.code, down.output).to.equal(0);
    expect(proxy).to.match(/^0x[0-9a-fA-F]{40}$/);
    const retry = `npx hardhat verify --network localhost ${proxy}`;
    expect(done.retryCommand.join(" ")).to.equal(retry.replace(/^npx hardhat /, ""));
    // Three tries in all: two waits, of 20 ms then 40 ms.
    expect(down.output.match(/failed, trying again in 0\.02 s: .*ECONNREFUSED/g), down.output).to.have.length(1);
    expect(down.output.match(/failed, trying again in 0\.04 s: .*ECONNREFUSED/g), down.output).to.have.length(1);
    expect(down.output, down.output).to.match(
      /Verification, explorer by explorer:\n {2}http:\/\/127\.0\.0\.1:\d+ \(etherscan\.customChains\): failed: .*ECONNREFUSED.* \(retry: npx hardhat verify --network localhost 0x/
    );
    expect(down.output).to.include(`(retry: ${retry})`);
  });

  it("the retry command tries a 429 and a pending answer again and verifies, each source received once", function () {
    const { retried, implementation, proxy, proxyAdmin, verifier } = done;
    expect(retried.code, retried.output).to.equal(0);
    const requests = done.requestsAfterRetry;
    const limited = requests.filter((request) => request.status === 429);
    expect(
      limited.map((request) => request.action),
      "the 429 answered the first submission"
    ).to.deep.equal(["verifysourcecode"]);
    expect(retried.output, retried.output).to.match(/failed, trying again in 0\.02 s: .*429/);
    const pending = requests.filter((request) => (request.answer as { result?: string } | undefined)?.result === "Pending in queue");
    expect(
      pending.map((request) => request.action),
      "one status check answered pending, then asked again"
    ).to.deep.equal(["checkverifystatus"]);
    // The implementation's source crossed the wire twice: the 429'd one, which the verifier never
    // took in, and the accepted one.
    expect(submissionsFor(requests, implementation).map((request) => request.status)).to.deep.equal([429, 200]);
    // The upgrades plugin (1.x) sends the proxy's and the admin's sources without asking first: its
    // second pass (the retry of the whole proxy verification, after the implementation's 429) sends
    // them again, and the explorer answers "already verified". Each was accepted once.
    for (const address of [proxy, proxyAdmin]) {
      const answers = submissionsFor(requests, address).map((request) =>
        (request.answer as { status: string; result: string }).status === "1" ? "accepted" : (request.answer as { result: string }).result
      );
      expect(answers, address).to.deep.equal(["accepted", "Contract source code already verified"]);
    }
    for (const address of [implementation, proxy, proxyAdmin]) {
      const verdicts = verifier.verdicts.filter((verdict) => verdict.address.toLowerCase() === address.toLowerCase());
      expect(verdicts, address).to.have.length(1);
      expect(verdicts[0].runtimeMatch, address).to.equal("perfect");
      expect(verdicts[0].refusal, address).to.equal(undefined);
    }
    // The link, asked before the implementation was verified, was refused, then made on the retry.
    const links = requests.filter((request) => request.action === "checkproxyverification").map((request) => (request.answer as { status: string }).status);
    expect(links).to.deep.equal(["0", "1"]);
    expect(retried.output).to.not.include(API_KEY);
  });

  it("the retry command once more submits nothing: it checks first, and everything is already verified and linked", function () {
    const { rerun, proxy, verifier } = done;
    expect(rerun.code, rerun.output).to.equal(0);
    const more = verifier.requests.slice(done.requestsAfterRetry.length);
    expect(
      more.filter((request) => /verifysourcecode|verifyproxycontract/.test(request.action)),
      "no submission"
    ).to.deep.equal([]);
    expect(
      more.every((request) => request.action === "getsourcecode"),
      JSON.stringify(more.map((request) => request.action))
    ).to.equal(true);
    expect(rerun.output).to.include(`${proxy} is already verified on `);
    expect(rerun.output).to.include("nothing sent.");
  });
});
