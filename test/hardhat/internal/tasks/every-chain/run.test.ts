// The multi-chain runner with fake chain jobs settled by hand (never a sleep): every preflight
// before any send, one failed preflight blocking every send (or, with skipFailing, only its own),
// a failed send leaving the others running, the concurrency bound, Ctrl-C, dry runs, the one
// --deterministic address, and what is printed: prefixed lines, no escape code off a terminal, the
// final screen on one, no secret anywhere.
import { expect } from "chai";
import { InputError, isPluginError } from "../../../../../src/hardhat/errors";
import { createChainDisplay, type ChainDisplay } from "../../../../../src/hardhat/internal/output/chain-display";
import type { JobContext } from "../../../../../src/hardhat/internal/tasks/every-chain/job";
import { EveryChainError } from "../../../../../src/hardhat/internal/tasks/every-chain/report";
import { runEveryChain, type EveryChainOptions } from "../../../../../src/hardhat/internal/tasks/every-chain/run";
import { fakeStream, hasEscape, linesOf, screenOf, type FakeStream } from "../../../../support/terminal";
import { deferred, FakeJob, readyJob } from "./fake-jobs";

const TASK = "deploy-multiaccount";
const SECRET = "provider-key-0123456789abcdef";
const PROXY = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

interface Screen {
  out: FakeStream;
  err: FakeStream;
  display: ChainDisplay;
}

function plainDisplay(networks: string[]): Screen {
  const [out, err] = [fakeStream(), fakeStream()];
  return { out, err, display: createChainDisplay(networks, { secrets: [SECRET], out, err }) };
}

function run(jobs: FakeJob[], options: Partial<EveryChainOptions> = {}, screen = plainDisplay(jobs.map((job) => job.network))) {
  return { screen, result: runEveryChain(jobs, { task: TASK, ...options }, screen.display) };
}

const statuses = (outcomes: { status: string }[]) => outcomes.map((outcome) => outcome.status);

describe("runEveryChain", function () {
  // Each test settles in milliseconds; a broken runner that never settles should not wait out mocha's two minutes.

  describe("the preflight", () => {
    it("one failed check blocks every send, on every chain: the table, then an error for exit code 1", async () => {
      const jobs = [readyJob("bsc"), readyJob("base", { problem: "protocol address 0xabc has no code" }), readyJob("arbitrum")];
      const { screen, result } = run(jobs);
      const { rows, outcomes, sent, failed, error } = await result;
      expect(jobs.map((job) => job.sends)).to.deep.equal([0, 0, 0]);
      expect(rows.map((row) => row.ok)).to.deep.equal([true, false, true]);
      expect(statuses(outcomes)).to.deep.equal(["not sent", "preflight failed", "not sent"]);
      expect([sent, failed]).to.deep.equal([false, true]);
      expect(error).to.be.instanceOf(EveryChainError);
      expect(isPluginError(error)).to.equal(true);
      expect(error!.message).to.equal(
        "deploy-multiaccount sent nothing: the preflight failed on 1 of 3 chains (base). " +
          "Fix what the table says and run again, or pass --skip-failing to send on the 2 chain(s) that passed."
      );
      const lines = linesOf(screen.out);
      expect(lines).to.include("base      -      -        -               -      -       FAILED: protocol address 0xabc has no code");
      expect(lines.filter((line) => line.startsWith("network "))).to.have.length(1);
    });

    it("a check that throws (or rejects) is that chain's failed row, and the other chains are still checked", async () => {
      const throwing = readyJob("base");
      throwing.preflight = () => {
        throw new Error(`eth_chainId failed: https://base.example/v2/${SECRET}\nstack...`);
      };
      const rejecting = new FakeJob("bsc");
      rejecting.preflightDone.reject(new Error("connection refused"));
      const { result } = run([rejecting, throwing, readyJob("arbitrum")]);
      const { rows } = await result;
      expect(rows.map((row) => [row.network, row.ok, row.reason])).to.deep.equal([
        ["bsc", false, "connection refused"],
        ["base", false, "eth_chainId failed: https://base.example/v2/<redacted>"],
        ["arbitrum", true, undefined],
      ]);
    });

    it("two networks on one chain: the second fails its check (they would race for the deployer's nonces)", async () => {
      const jobs = [readyJob("localhost", { chainId: 31337 }), readyJob("bsc", { chainId: 56 }), readyJob("node2", { chainId: 31337 })];
      const { rows } = await run(jobs).result;
      expect(rows.map((row) => row.ok)).to.deep.equal([true, true, false]);
      expect(rows[2].reason).to.equal('same chain (31337) as "localhost": run one of the two networks at a time');
    });
  });

  describe("the sends", () => {
    it("with skipFailing, sends on the chains that passed and lists the others; the run still fails", async () => {
      const jobs = [readyJob("bsc"), readyJob("base", { problem: "deployer balance: holds 0 ETH, needs about 0.01 ETH" }), readyJob("arbitrum")];
      const { screen, result } = run(jobs, { skipFailing: true });
      const { outcomes, sent, failed, error } = await result;
      expect(jobs.map((job) => job.sends)).to.deep.equal([1, 0, 1]);
      expect(statuses(outcomes)).to.deep.equal(["done", "preflight failed", "done"]);
      expect([sent, failed]).to.deep.equal([true, true]);
      expect(error!.message).to.equal(
        "deploy-multiaccount failed on 1 of 3 chains (base); done on bsc, arbitrum. The summary above says why. " +
          "Run the same command again: each chain does only what is still missing."
      );
      expect(linesOf(screen.out)).to.include("base: preflight failed: deployer balance: holds 0 ETH, needs about 0.01 ETH");
    });

    it("a chain that fails while sending leaves the others running; the summary shows each; the run fails", async () => {
      const jobs = ["bsc", "base", "arbitrum"].map((network) => new FakeJob(network));
      for (const job of jobs) job.preflightDone.resolve({ action: "deploy" });
      const screen = plainDisplay(jobs.map((job) => job.network));
      const reported = deferred<void>();
      const write = screen.err.write;
      screen.err.write = (text) => (text.includes("failed:") && reported.resolve(), write(text));
      const { result } = run(jobs, {}, screen);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.all(jobs.map((job) => job.sendStarted.promise));
      jobs[0].sendDone.reject(new Error('Deployment failed on "bsc": replacement transaction underpriced.'));
      // The failure is reported at once, while the other two still run.
      await reported.promise;
      expect(settled).to.equal(false);
      jobs[1].sendDone.resolve({ proxy: PROXY, gasUsed: "2000000", cost: "0.002 ETH", transactions: 3, verification: "verified" });
      jobs[2].sendDone.resolve({ status: "unchanged", proxy: PROXY });
      const { outcomes, failed, error } = await result;
      expect(statuses(outcomes)).to.deep.equal(["failed", "done", "unchanged"]);
      expect(outcomes[0].error).to.equal('Deployment failed on "bsc": replacement transaction underpriced.');
      expect(failed).to.equal(true);
      expect(error!.message).to.match(/^deploy-multiaccount failed on 1 of 3 chains \(bsc\); done on base, arbitrum\./);
      expect(linesOf(screen.err)).to.deep.equal(['bsc      | failed: Deployment failed on "bsc": replacement transaction underpriced.']);
      const summary = linesOf(screen.out);
      const header = summary.findIndex((line) => line.startsWith("network   status"));
      expect(summary.slice(header)).to.deep.equal([
        "network   status     proxy                                       gas      cost       transactions  verification",
        "--------  ---------  ------------------------------------------  -------  ---------  ------------  ------------",
        "bsc       failed     -                                           -        -          -             -",
        `base      done       ${PROXY}  2000000  0.002 ETH  3             verified`,
        `arbitrum  unchanged  ${PROXY}  -        -          -             -`,
        'bsc: failed: Deployment failed on "bsc": replacement transaction underpriced.',
      ]);
    });

    it("a chain with nothing to do is not sent, and counts as done", async () => {
      const jobs = [readyJob("bsc", { action: "already deployed", proxy: PROXY, nothingToDo: true }), readyJob("base")];
      const { outcomes, failed, error } = await run(jobs).result;
      expect(jobs.map((job) => job.sends)).to.deep.equal([0, 1]);
      expect(outcomes[0]).to.deep.equal({ network: "bsc", status: "unchanged", proxy: PROXY });
      expect([failed, error]).to.deep.equal([false, undefined]);
    });

    it("all done: no error, and the result holds each chain's outcome", async () => {
      const { outcomes, failed, error, sent } = await run([readyJob("bsc"), readyJob("base")]).result;
      expect(statuses(outcomes)).to.deep.equal(["done", "done"]);
      expect([sent, failed, error]).to.deep.equal([true, false, undefined]);
    });
  });

  describe("the concurrency bound", () => {
    async function drive(jobs: FakeJob[]): Promise<void> {
      for (const job of jobs) {
        await job.preflightStarted.promise;
        job.preflightDone.resolve({ action: "deploy" });
      }
      for (const job of jobs) {
        await job.sendStarted.promise;
        job.sendDone.resolve({});
      }
    }

    it("never more than --concurrency chains at a time, in the preflight and in the sends", async () => {
      const gauges = { preflight: { running: 0, most: 0 }, send: { running: 0, most: 0 } };
      const jobs = ["a", "b", "c", "d", "e"].map((network) => new FakeJob(network, gauges));
      const { result } = run(jobs, { concurrency: 2 });
      await drive(jobs);
      expect(statuses((await result).outcomes)).to.deep.equal(["done", "done", "done", "done", "done"]);
      expect([gauges.preflight.most, gauges.send.most]).to.deep.equal([2, 2]);
    });

    it("by default, every chain at once up to 8", async () => {
      const gauges = { preflight: { running: 0, most: 0 }, send: { running: 0, most: 0 } };
      const jobs = Array.from({ length: 10 }, (_, index) => new FakeJob(`chain${index}`, gauges));
      const { result } = run(jobs);
      await drive(jobs);
      await result;
      expect([gauges.preflight.most, gauges.send.most]).to.deep.equal([8, 8]);
    });

    it("refuses a concurrency that is not a whole number >= 1", async () => {
      let caught: unknown;
      await runEveryChain([readyJob("bsc")], { task: TASK, concurrency: 0 }, plainDisplay(["bsc"]).display).catch((error) => (caught = error));
      expect(caught).to.be.instanceOf(InputError);
    });
  });

  describe("Ctrl-C", () => {
    it("starts no new send, hands the running chains the signal, and still prints the summary", async () => {
      const jobs = ["a", "b", "c"].map((network) => new FakeJob(network));
      for (const job of jobs) job.preflightDone.resolve({ action: "deploy" });
      const ctrlC = new AbortController();
      const { screen, result } = run(jobs, { concurrency: 2, signal: ctrlC.signal });
      const [a, b] = await Promise.all([jobs[0].sendStarted.promise, jobs[1].sendStarted.promise]);
      a.signal.addEventListener("abort", () => jobs[0].sendDone.reject(new Error("stopped: the child exited on SIGINT")));
      expect(b.signal.aborted).to.equal(false);
      ctrlC.abort();
      // b cannot be stopped (its transaction is out) and finishes.
      jobs[1].sendDone.resolve({ proxy: PROXY });
      const { outcomes, aborted, failed, error } = await result;
      expect(jobs.map((job) => job.sends)).to.deep.equal([1, 1, 0]);
      expect(statuses(outcomes)).to.deep.equal(["aborted", "done", "aborted"]);
      expect(outcomes[2].error).to.equal("not started: stopped (Ctrl-C)");
      expect([aborted, failed]).to.deep.equal([true, true]);
      expect(error!.message).to.equal(
        "deploy-multiaccount was stopped (Ctrl-C); finished on b, not on a, c. Run the same command again: each chain does only what is still missing."
      );
      expect(linesOf(screen.out).some((line) => line.startsWith("network  status"))).to.equal(true);
    });

    it("during the preflight: the chains not yet checked are not, and nothing is sent", async () => {
      const jobs = ["a", "b"].map((network) => new FakeJob(network));
      const ctrlC = new AbortController();
      const { result } = run(jobs, { concurrency: 1, signal: ctrlC.signal });
      await jobs[0].preflightStarted.promise;
      ctrlC.abort();
      jobs[0].preflightDone.resolve({ action: "deploy" });
      const { rows, outcomes, sent, aborted } = await result;
      expect(jobs[1].preflightStarted.settled).to.equal(false);
      expect(rows[1]).to.deep.include({ ok: false, reason: "not started: stopped (Ctrl-C)" });
      expect(statuses(outcomes)).to.deep.equal(["aborted", "aborted"]);
      expect([sent, aborted, jobs[0].sends]).to.deep.equal([false, true, 0]);
    });
  });

  describe("dry runs", () => {
    it("print the preflight table and send nothing; all passed: no error", async () => {
      const jobs = [readyJob("bsc", { chainId: 56, balance: "1.5 BNB", cost: "0.01 BNB", action: "deploy" }), readyJob("base")];
      const { screen, result } = run(jobs, { dryRun: true });
      const { outcomes, sent, failed, error } = await result;
      expect(jobs.map((job) => job.sends)).to.deep.equal([0, 0]);
      expect(statuses(outcomes)).to.deep.equal(["not sent", "not sent"]);
      expect([sent, failed, error]).to.deep.equal([false, false, undefined]);
      expect(linesOf(screen.out).slice(-4)).to.deep.equal([
        "network  chain  balance  estimated cost  proxy  action  preflight",
        "-------  -----  -------  --------------  -----  ------  ---------",
        "bsc      56     1.5 BNB  0.01 BNB        -      deploy  ok",
        "base     -      -        -               -      deploy  ok",
      ]);
    });

    it("a failed check fails the dry run too", async () => {
      const { error } = await run([readyJob("bsc"), readyJob("base", { problem: "CreateX has no code" })], { dryRun: true }).result;
      expect(error!.message).to.equal("Dry run: the preflight failed on 1 of 2 chains (base). Fix what the table says.");
    });

    it("--deterministic: the one address every chain will have", async () => {
      const jobs = [readyJob("bsc", { proxy: PROXY }), readyJob("base", { proxy: PROXY.toLowerCase() })];
      const { screen, result } = run(jobs, { dryRun: true, deterministic: true });
      const { address, failed } = await result;
      expect([address, failed]).to.deep.equal([PROXY, false]);
      expect(linesOf(screen.out)).to.include(`--deterministic: the proxy's address on every chain: ${PROXY}`);
    });

    it("--deterministic: chains that disagree on the address send nothing, even with skipFailing", async () => {
      const other = "0x" + "22".repeat(20);
      const jobs = [readyJob("bsc", { proxy: PROXY }), readyJob("base", { proxy: other })];
      const { sent, failed, error, address } = await run(jobs, { deterministic: true, skipFailing: true }).result;
      expect([sent, failed, address, jobs[0].sends + jobs[1].sends]).to.deep.equal([false, true, undefined, 0]);
      expect(error!.message).to.equal(
        `deploy-multiaccount: --deterministic: the chains do not agree on the proxy's address (bsc ${PROXY}, base ${other}). ` +
          "The address depends only on the deployer and the salt: check that every network signs with the same deployer. Nothing was sent on any chain."
      );
    });
  });

  describe("what is printed", () => {
    /** A job that logs during its preflight and its send. */
    function chatty(network: string, line: string): FakeJob {
      const job = readyJob(network);
      const { preflight, send } = job;
      job.preflight = async (context: JobContext) => (context.log.info(`checking ${line}`), preflight.call(job, context));
      job.send = async (context: JobContext) => (context.log.info(`sent ${line}\nsecond line`), context.log.warn("Warning: slow"), send.call(job, context));
      return job;
    }

    it("every line a chain logs is prefixed with its network, padded to the longest; statuses too", async () => {
      const { screen, result } = run([chatty("bsc", "one"), chatty("arbitrum", "two")]);
      await result;
      const chainLines = linesOf(screen.out).filter((line) => /checking|sent|second|status:/.test(line));
      expect(chainLines.length).to.be.greaterThan(8);
      for (const line of chainLines) expect(line).to.match(/^(bsc {5}|arbitrum) \| /);
      expect(linesOf(screen.out)).to.include.members(["bsc      | checking one", "arbitrum | sent two", "arbitrum | second line", "bsc      | status: done"]);
      expect(linesOf(screen.err)).to.deep.equal(["bsc      | Warning: slow", "arbitrum | Warning: slow"]);
    });

    it("off a terminal, not one escape code", async () => {
      const { screen, result } = run([chatty("bsc", "one"), readyJob("base", { problem: "no code" })], { skipFailing: true });
      await result;
      expect(hasEscape(screen.out.writes.join("") + screen.err.writes.join(""))).to.equal(false);
    });

    it("on a terminal: the lines scroll above the live status lines, which are gone at the end", async () => {
      const out = fakeStream({ columns: 120 });
      const display = createChainDisplay(["bsc", "base"], { secrets: [], out, err: out, timer: () => () => undefined });
      const screen = { out, err: out, display };
      await run([chatty("bsc", "one"), chatty("base", "two")], { concurrency: 1 }, screen).result;
      const shown = screenOf(out.writes.join(""));
      expect(shown.slice(0, 2)).to.deep.equal(["bsc  | checking one", "base | checking two"]);
      expect(shown.filter((line) => line.includes("|") && !/checking|sent|second|Warning/.test(line))).to.deep.equal([]);
      expect(shown.slice(-4)).to.deep.equal([
        "network  status  proxy                                       gas  cost  transactions  verification",
        "-------  ------  ------------------------------------------  ---  ----  ------------  ------------",
        `bsc      done    ${"0x" + "11".repeat(20)}  -    -     -             -`,
        `base     done    ${"0x" + "11".repeat(20)}  -    -     -             -`,
      ]);
      expect(hasEscape(out.writes.join(""))).to.equal(true);
    });

    it("no secret in a chain's lines, its errors, the result or the error thrown", async () => {
      const leaky = new FakeJob("bsc");
      leaky.preflightDone.resolve({ action: "deploy" });
      leaky.send = async (context) => {
        context.log.info(`POST https://bsc.example/v2/${SECRET}`);
        context.status(`retrying https://bsc.example/v2/${SECRET}`);
        throw new Error(`request to https://bsc.example/v2/${SECRET} failed`);
      };
      const refused = readyJob("base", { problem: `endpoint https://base.example/${SECRET} refused eth_chainId` });
      const { screen, result } = run([leaky, refused], { skipFailing: true });
      const outcome = await result;
      const everything = [screen.out.writes.join(""), screen.err.writes.join(""), JSON.stringify(outcome), outcome.error!.message].join("\n");
      expect(everything).not.to.include(SECRET);
      expect(outcome.outcomes[0].error).to.equal("request to https://bsc.example/v2/<redacted> failed");
      expect(outcome.rows[1].reason).to.equal("endpoint https://base.example/<redacted> refused eth_chainId");
    });
  });

  it("closes every chain's job at the end, whatever happened; a close that fails is a warning on its lines", async () => {
    const closed: string[] = [];
    const jobs = [readyJob("bsc"), readyJob("base", { problem: "no code" })];
    jobs[0].close = async () => void closed.push("bsc");
    jobs[1].close = async () => {
      throw new Error(`socket to https://base.example/${SECRET} already closed`);
    };
    const { screen, result } = run(jobs);
    await result;
    expect(closed).to.deep.equal(["bsc"]);
    expect(linesOf(screen.err)).to.deep.equal([
      "base | Warning: could not close this chain's connection (socket to https://base.example/<redacted> already closed).",
    ]);
  });

  it("refuses no chain at all, and a network listed twice", async () => {
    const refused = async (jobs: FakeJob[]) =>
      runEveryChain(jobs, { task: TASK }, plainDisplay([]).display).then(
        () => undefined,
        (error: unknown) => error
      );
    expect(await refused([])).to.be.instanceOf(InputError);
    expect(((await refused([readyJob("bsc"), readyJob("bsc")])) as Error).message).to.equal('The network "bsc" is listed twice.');
  });
});
