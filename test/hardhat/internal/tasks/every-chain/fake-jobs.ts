// Chain jobs for the runner's tests, driven by hand: each preflight and send waits on a promise the
// test settles, and says when it started, so that no test sleeps.
import type { ChainJob, JobContext, PreflightReport, SendReport } from "../../../../../src/hardhat/internal/tasks/every-chain/job";

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
  settled: boolean;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  const handle: Deferred<T> = {
    promise,
    settled: false,
    resolve: (value) => ((handle.settled = true), resolve(value)),
    reject: (error) => ((handle.settled = true), reject(error)),
  };
  return handle;
}

/** How many sends run at a time across a set of jobs, and the most there ever were. */
export interface Gauge {
  running: number;
  most: number;
}

export class FakeJob implements ChainJob {
  readonly preflightStarted = deferred<JobContext>();
  readonly preflightDone = deferred<PreflightReport>();
  readonly sendStarted = deferred<JobContext>();
  readonly sendDone = deferred<SendReport>();
  sends = 0;
  /** Set by a test that checks the run closes its jobs. */
  close?: () => Promise<void>;

  constructor(
    readonly network: string,
    private readonly gauges: { preflight?: Gauge; send?: Gauge } = {}
  ) {}

  async preflight(context: JobContext): Promise<PreflightReport> {
    return this.measured(this.gauges.preflight, () => {
      this.preflightStarted.resolve(context);
      return this.preflightDone.promise;
    });
  }

  async send(context: JobContext): Promise<SendReport> {
    this.sends += 1;
    return this.measured(this.gauges.send, () => {
      this.sendStarted.resolve(context);
      return this.sendDone.promise;
    });
  }

  private async measured<T>(gauge: Gauge | undefined, body: () => Promise<T>): Promise<T> {
    if (gauge !== undefined) gauge.most = Math.max(gauge.most, ++gauge.running);
    try {
      return await body();
    } finally {
      if (gauge !== undefined) gauge.running -= 1;
    }
  }
}

/** A job whose preflight and send answer at once. */
export function readyJob(network: string, report: PreflightReport = { action: "deploy" }, sent: SendReport = { proxy: "0x" + "11".repeat(20) }): FakeJob {
  const job = new FakeJob(network);
  job.preflightDone.resolve(report);
  job.sendDone.resolve(sent);
  return job;
}
