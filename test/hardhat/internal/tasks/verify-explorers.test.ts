// The verify step on every explorer of a chain, a row each, and its bounded retries: a 429, a
// "pending" answer or an explorer that is down is tried again after a wait that doubles; a refusal
// is final at once; one explorer's failure never hides another's success, nor fails the run. The
// loopback verifier proves the whole path (test/hardhat/hosts/verify-retries.test.ts); this is the
// step on its own, with a host whose explorers answer as each test says.
import { expect } from "chai";
import { summary, verifyDeployment, type VerificationOutcome } from "../../../../src/hardhat/internal/tasks/verify";
import { DEFAULT_RETRY_POLICY, isPassing, retryPolicy, type RetryPolicy } from "../../../../src/hardhat/internal/tasks/verify-retry";
import type { ExplorerTarget, Host } from "../../../../src/hardhat/internal/tasks/host";
import { captureLogger, type CapturedLogger } from "../../helpers/capture";

const IMPLEMENTATION = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const PROXY = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const CONTRACT = "multiaccount-kit/contracts/multiAccount/MultiAccount.sol:MultiAccount";
const RETRY = `npx hardhat verify --network bsc ${PROXY}`;
const POLICY: RetryPolicy = { attempts: 3, backoffMs: 40 };

/** An explorer whose answers to the implementation's verification are `answers`, in turn (an Error is thrown; the last repeats). */
interface FakeTarget extends ExplorerTarget {
  calls: number;
  proxyCalls: number;
}

function target(name: string, answers: (Error | "ok")[], links = false): FakeTarget {
  const fake: FakeTarget = {
    name,
    calls: 0,
    proxyCalls: 0,
    async verify() {
      const answer = answers[Math.min(fake.calls++, answers.length - 1)];
      if (answer !== "ok") throw answer;
    },
    retryCommand: (address) => `npx hardhat verify --network bsc ${address}`,
  };
  if (links) fake.verifyProxy = async () => void fake.proxyCalls++;
  return fake;
}

function hostWith(targets: ExplorerTarget[]): Host {
  return {
    contractFqn: async () => CONTRACT,
    explorer: {
      browserUrl: () => undefined,
      unavailable: () => undefined,
      describe: () => "unused: the host lists its explorers",
      linksProxies: () => false,
      each: () => targets,
      verify: async () => {
        throw new Error("unused");
      },
      verifyProxy: async () => undefined,
      retryCommand: () => RETRY,
    },
  } as unknown as Host;
}

async function run(targets: ExplorerTarget[], policy = POLICY): Promise<{ outcome: VerificationOutcome; log: CapturedLogger; waits: number[] }> {
  const log = captureLogger();
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  const request = { implementation: IMPLEMENTATION, contract: CONTRACT, proxy: PROXY, delaySeconds: 0, chainId: 56 };
  const outcome = await verifyDeployment(hostWith(targets), request, log, sleep, policy);
  return { outcome, log, waits };
}

const refused = () => new Error("Fail - Unable to verify. Compiled contract deployment bytecode does NOT match the transaction deployment bytecode.");
const down = () => new Error("Failed to send contract verification request. Reason: connect ECONNREFUSED 127.0.0.1:9");
const limited = () => new Error("The HTTP server response is not ok. Status code: 429 Response text: Max rate limit reached");
const pending = () => new Error("The Etherscan API responded with a failure status. Reason: Pending in queue");

describe("the verify step on every explorer of a chain", () => {
  it("verifies on each explorer in turn and prints a row for each", async () => {
    const etherscan = target("Etherscan API V2 (chainid 56)", ["ok"], true);
    const blockscout = target("Blockscout at http://127.0.0.1:1/blockscout/56/api", ["ok"]);
    const sourcify = target("Sourcify at http://127.0.0.1:1", [new Error(`The contract at ${IMPLEMENTATION} has already been verified on Sourcify.`)]);
    const { outcome, log, waits } = await run([etherscan, blockscout, sourcify]);
    expect(outcome.rows.map((row) => [row.explorer, row.result])).to.deep.equal([
      ["Etherscan API V2 (chainid 56)", "verified, proxy linked"],
      ["Blockscout at http://127.0.0.1:1/blockscout/56/api", "verified"],
      ["Sourcify at http://127.0.0.1:1", "already verified"],
    ]);
    expect(log.lines.slice(-4)).to.deep.equal([
      "Verification, explorer by explorer:",
      "  Etherscan API V2 (chainid 56): verified, proxy linked",
      "  Blockscout at http://127.0.0.1:1/blockscout/56/api: verified",
      "  Sourcify at http://127.0.0.1:1: already verified",
    ]);
    expect([etherscan.calls, etherscan.proxyCalls, blockscout.calls, sourcify.calls]).to.deep.equal([1, 1, 1, 1]);
    expect(waits).to.deep.equal([]);
    expect(summary(outcome)).to.equal("verified");
  });

  it("an explorer that stays down gets a failed row with the retry command, after bounded retries, and the others still verify", async () => {
    const etherscan = target("Etherscan API V2 (chainid 56)", ["ok"], true);
    const blockscout = target("Blockscout at http://127.0.0.1:9/blockscout/56/api", [down()]);
    const sourcify = target("Sourcify at http://127.0.0.1:1", ["ok"]);
    const { outcome, log, waits } = await run([blockscout, etherscan, sourcify]);
    expect(blockscout.calls, "three tries in all").to.equal(3);
    expect(waits, "the wait doubles").to.deep.equal([40, 80]);
    expect(outcome.rows.map((row) => row.result)).to.deep.equal([`failed: ${down().message}`, "verified, proxy linked", "verified"]);
    expect(log.text()).to.include(`  Blockscout at http://127.0.0.1:9/blockscout/56/api: failed: ${down().message} (retry: ${RETRY})`);
    expect(log.text()).to.include(`Retry later with: ${RETRY}`);
    expect(log.text()).to.include("Verification on Blockscout at http://127.0.0.1:9/blockscout/56/api failed, trying again in 0.04 s: ");
    expect(summary(outcome)).to.equal("verified on 2 of 3 explorers");
  });

  it("a 429 is tried again after the backoff, and the retry verifies", async () => {
    const etherscan = target("Etherscan API V2 (chainid 56)", [limited(), "ok"], true);
    const { outcome, waits } = await run([etherscan]);
    expect(etherscan.calls).to.equal(2);
    expect(waits).to.deep.equal([40]);
    expect(outcome.rows[0].result).to.equal("verified, proxy linked");
  });

  it("a status check still pending is tried again, and the retry verifies", async () => {
    const sourcify = target("Sourcify at http://127.0.0.1:1", [pending(), pending(), "ok"]);
    const { outcome, waits } = await run([sourcify]);
    expect(sourcify.calls).to.equal(3);
    expect(waits).to.deep.equal([40, 80]);
    expect(outcome.rows[0].result).to.equal("verified");
  });

  it("a refusal is final at once: a refused row, no retry, and the other explorers still verify", async () => {
    const etherscan = target("Etherscan API V2 (chainid 56)", [refused()], true);
    const sourcify = target("Sourcify at http://127.0.0.1:1", ["ok"]);
    const { outcome, waits } = await run([etherscan, sourcify]);
    expect(etherscan.calls).to.equal(1);
    expect(etherscan.proxyCalls, "no proxy link for an implementation refused").to.equal(0);
    expect(waits).to.deep.equal([]);
    expect(outcome.rows.map((row) => row.result)).to.deep.equal([`refused: ${refused().message}`, "verified"]);
    expect(outcome.rows[0].retry).to.equal(RETRY);
  });

  it("one try only (MULTIACCOUNT_VERIFY_ATTEMPTS=1): a 429 is a failed row at once", async () => {
    const etherscan = target("Etherscan API V2 (chainid 56)", [limited(), "ok"]);
    const { outcome, waits } = await run([etherscan], { attempts: 1, backoffMs: 40 });
    expect(etherscan.calls).to.equal(1);
    expect(waits).to.deep.equal([]);
    expect(outcome.rows[0].result).to.match(/^failed: The HTTP server response is not ok\. Status code: 429/);
    expect(summary(outcome)).to.equal("failed");
  });

  it("a host with one explorer (Hardhat 2) gets one row, from its explorer", async () => {
    const host = hostWith([]);
    delete host.explorer.each;
    let proxies = 0;
    Object.assign(host.explorer, {
      describe: () => "Etherscan API V2 (chainid 56)",
      linksProxies: () => true,
      verify: async () => undefined,
      verifyProxy: async () => void proxies++,
    });
    const log = captureLogger();
    const outcome = await verifyDeployment(host, { implementation: IMPLEMENTATION, contract: CONTRACT, proxy: PROXY, delaySeconds: 0, chainId: 56 }, log);
    expect(outcome.rows.map((row) => [row.explorer, row.result])).to.deep.equal([["Etherscan API V2 (chainid 56)", "verified, proxy linked"]]);
    expect(proxies).to.equal(1);
  });
});

describe("which failures the verify step tries again", () => {
  for (const message of [
    limited().message,
    "Failure during etherscan status polling. The verification may still succeed but should be checked manually. Reason: Too Many Requests",
    pending().message,
    down().message,
    "read ECONNRESET",
    "The HTTP server response is not ok. Status code: 503 Response text: Service Unavailable",
  ]) {
    it(`tries again after: ${message.slice(0, 70)}`, () => expect(isPassing(message)).to.equal(true));
  }
  for (const message of [
    refused().message,
    `Partial match only: Etherscan API V2 (chainid 56) did not verify ${CONTRACT} at ${IMPLEMENTATION}.`,
    "Contract source code already verified",
    "getaddrinfo ENOTFOUND sourcify.example",
    "fetch failed",
    "Invalid API Key",
  ]) {
    it(`does not try again after: ${message.slice(0, 70)}`, () => expect(isPassing(message)).to.equal(false));
  }
});

describe("the verify step's retry policy from the environment", () => {
  it("is 3 tries, 5 s then 10 s apart, by default", () => {
    expect(retryPolicy({})).to.deep.equal(DEFAULT_RETRY_POLICY);
    expect(DEFAULT_RETRY_POLICY).to.deep.equal({ attempts: 3, backoffMs: 5000 });
  });
  it("takes MULTIACCOUNT_VERIFY_ATTEMPTS and MULTIACCOUNT_VERIFY_BACKOFF_MS", () => {
    expect(retryPolicy({ MULTIACCOUNT_VERIFY_ATTEMPTS: "5", MULTIACCOUNT_VERIFY_BACKOFF_MS: "0" })).to.deep.equal({ attempts: 5, backoffMs: 0 });
  });
  it("refuses MULTIACCOUNT_VERIFY_ATTEMPTS=0", () => {
    expect(() => retryPolicy({ MULTIACCOUNT_VERIFY_ATTEMPTS: "0" })).to.throw(/MULTIACCOUNT_VERIFY_ATTEMPTS must be a whole number from 1 to 10, got "0"/);
  });
  it("refuses MULTIACCOUNT_VERIFY_ATTEMPTS=11", () => {
    expect(() => retryPolicy({ MULTIACCOUNT_VERIFY_ATTEMPTS: "11" })).to.throw(/MULTIACCOUNT_VERIFY_ATTEMPTS must be a whole number from 1 to 10/);
  });
  it("refuses MULTIACCOUNT_VERIFY_BACKOFF_MS=-1", () => {
    expect(() => retryPolicy({ MULTIACCOUNT_VERIFY_BACKOFF_MS: "-1" })).to.throw(
      /MULTIACCOUNT_VERIFY_BACKOFF_MS must be a whole number from 0 to 600000, got "-1"/
    );
  });
  it("refuses MULTIACCOUNT_VERIFY_BACKOFF_MS=1.5s", () => {
    expect(() => retryPolicy({ MULTIACCOUNT_VERIFY_BACKOFF_MS: "1.5s" })).to.throw(/MULTIACCOUNT_VERIFY_BACKOFF_MS must be a whole number/);
  });
});
