// A chain job in a child process (Hardhat 2: one child Hardhat process per network), over a message
// channel such as Node's IPC: the parent's side is a ChainJob like any other (remoteJob), the child's
// runs its in-process job when told to (serveJob). The child stays up between its preflight and its
// send; "stop" aborts what it runs (Ctrl-C) or lets it leave when the parent sends nothing.
import type { ChainJob, JobContext, PreflightReport, SendReport } from "./job";
import { resumeExplorerExchanges, stopExplorerExchanges } from "../../chains/explorer-exchange";

export const EVERY_CHAIN_PROTOCOL = "multiaccount-kit/every-chain/1";

/** Parent to child: run a phase, or stop. */
export type ParentMessage = { protocol: typeof EVERY_CHAIN_PROTOCOL; type: "preflight" | "send" | "stop" };

type ChildBody =
  | { type: "log"; level: "info" | "warn" | "error"; text: string }
  | { type: "status"; text: string }
  | { type: "preflight"; report: PreflightReport }
  | { type: "sent"; report: SendReport }
  | { type: "failed"; message: string };

/** Child to parent: a line, a status, or how a phase ended. */
export type ChildMessage = { protocol: typeof EVERY_CHAIN_PROTOCOL } & ChildBody;

/** One end of the channel: what it posts, and what comes from the other end. */
export interface Channel<Out> {
  post(message: Out): void;
  /** Returns what removes the listener. */
  onMessage(listener: (message: unknown) => void): () => void;
}

/** The parent's end, which also hears the child exit. */
export interface ChildChannel extends Channel<ParentMessage> {
  onExit(listener: (code: number | null, signal: string | null) => void): () => void;
}

function isChildMessage(message: unknown): message is ChildMessage {
  return typeof message === "object" && message !== null && (message as { protocol?: unknown }).protocol === EVERY_CHAIN_PROTOCOL;
}

const LEVELS = new Set(["info", "warn", "error"]);

/** The parent's side of a child's job: lines and statuses are relayed to the runner's display, each phase awaits its answer. */
export function remoteJob(network: string, channel: ChildChannel): ChainJob {
  let phase: { context: JobContext; resolve(value: unknown): void; reject(error: Error): void } | undefined;
  let exited: string | undefined;
  let listening = false;
  const post = (type: ParentMessage["type"]) => channel.post({ protocol: EVERY_CHAIN_PROTOCOL, type });
  const settle = (done: (current: NonNullable<typeof phase>) => void) => {
    const current = phase;
    phase = undefined;
    if (current !== undefined) done(current);
  };
  channel.onMessage((message) => {
    if (!isChildMessage(message) || phase === undefined) return;
    if (message.type === "log") phase.context.log[LEVELS.has(message.level) ? message.level : "info"](String(message.text));
    else if (message.type === "status") phase.context.status(String(message.text));
    else if (message.type === "failed") settle((current) => current.reject(new Error(String(message.message))));
    else settle((current) => current.resolve(message.report));
  });
  channel.onExit((code, signal) => {
    exited = `the child process for "${network}" exited (${signal ?? `code ${code}`}) before it answered`;
    settle((current) => current.reject(new Error(exited)));
  });
  const run = <T>(type: "preflight" | "send", context: JobContext) =>
    new Promise<T>((resolve, reject) => {
      if (exited !== undefined) return reject(new Error(exited));
      phase = { context, resolve, reject };
      // Ctrl-C while a phase runs stops the child; between phases, close() tells it to leave.
      if (!listening) context.signal.addEventListener("abort", () => phase !== undefined && post("stop"), { once: true });
      listening = true;
      post(type);
    });
  let sent = false;
  return {
    network,
    preflight: (context) => run<PreflightReport>("preflight", context),
    send: (context) => run<SendReport>("send", context).finally(() => (sent = true)),
    // A child that ran its send leaves by itself; one that was only checked is told to leave.
    close: async () => {
      if (exited === undefined && !sent) post("stop");
    },
  };
}

/**
 * The child's side: runs `job`'s preflight and send when the parent asks, relaying its lines and
 * statuses; resolves once the send has ended or the parent said stop. `redact` is applied to every
 * line and error before it leaves the child.
 */
export function serveJob(job: Omit<ChainJob, "network">, channel: Channel<ChildMessage>, redact: (text: string) => string = (text) => text): Promise<void> {
  const stop = new AbortController();
  const post = (message: ChildBody) => channel.post({ protocol: EVERY_CHAIN_PROTOCOL, ...message });
  const line = (level: "info" | "warn" | "error") => (text: string) => post({ type: "log", level, text: redact(text) });
  const context: JobContext = {
    log: { info: line("info"), warn: line("warn"), error: line("error") },
    status: (text) => post({ type: "status", text: redact(text) }),
    signal: stop.signal,
  };
  const failed = (error: unknown) => post({ type: "failed", message: redact(error instanceof Error ? error.message : String(error)) });
  return new Promise<void>((resolve) => {
    let sending = false;
    let stoppedHere = false;
    const off = channel.onMessage((message) => {
      if (typeof message !== "object" || message === null || (message as ParentMessage).protocol !== EVERY_CHAIN_PROTOCOL) return;
      const { type } = message as ParentMessage;
      const leave = () => (off(), stoppedHere && resumeExplorerExchanges(), resolve());
      if (type === "stop") {
        stop.abort();
        // A send finishes its transactions, but its verification ends at once (the deployment is
        // recorded): the parent's summary waits for this send's report, and a child whose parent
        // is gone must not keep polling an explorer.
        if (sending && !stoppedHere) stopExplorerExchanges("stopped (Ctrl-C, or the parent process is gone)");
        stoppedHere ||= sending;
        if (!sending) leave();
      } else if (type === "preflight") {
        void Promise.resolve()
          .then(() => job.preflight(context))
          .then((report) => post({ type: "preflight", report }), failed);
      } else if (type === "send") {
        sending = true;
        void Promise.resolve()
          .then(() => job.send(context))
          .then((report) => post({ type: "sent", report }), failed)
          .finally(leave);
      }
    });
  });
}
