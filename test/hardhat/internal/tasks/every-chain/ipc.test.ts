// A chain job in a child process: the parent's remoteJob and the child's serveJob over an in-memory
// channel whose messages are copied (structuredClone, as IPC serializes them) and delivered later,
// driven by the runner as the Hardhat 2 integration will drive it. Also Ctrl-C's handler.
import { expect } from "chai";
import { EventEmitter } from "events";
import http from "http";
import type { AddressInfo } from "net";
import { request } from "undici";
import { guardExplorerExchanges, resumeExplorerExchanges } from "../../../../../src/hardhat/internal/chains/explorer-exchange";
import { createChainDisplay } from "../../../../../src/hardhat/internal/output/chain-display";
import type { Logger } from "../../../../../src/hardhat/internal/output/log";
import { interruptOnCtrlC } from "../../../../../src/hardhat/internal/tasks/every-chain/interrupt";
import {
  EVERY_CHAIN_PROTOCOL,
  remoteJob,
  serveJob,
  type Channel,
  type ChildChannel,
  type ChildMessage,
  type ParentMessage,
} from "../../../../../src/hardhat/internal/tasks/every-chain/ipc";
import type { ChainJob } from "../../../../../src/hardhat/internal/tasks/every-chain/job";
import { runEveryChain } from "../../../../../src/hardhat/internal/tasks/every-chain/run";
import { fakeStream, linesOf } from "../../../../support/terminal";
import { FakeJob, readyJob } from "./fake-jobs";

const SECRET = "child-key-0123456789abcdef";

/** Both ends of a channel to a child, and a way to make the child exit. */
function channelPair() {
  const toChild = new Set<(message: unknown) => void>();
  const toParent = new Set<(message: unknown) => void>();
  const exits = new Set<(code: number | null, signal: string | null) => void>();
  const posted: ParentMessage[] = [];
  const deliver = (listeners: Set<(message: unknown) => void>, message: unknown) => {
    const copy = structuredClone(message);
    queueMicrotask(() => listeners.forEach((listener) => listener(copy)));
  };
  const listen =
    <L>(set: Set<L>) =>
    (listener: L) => (set.add(listener), () => void set.delete(listener));
  const parent: ChildChannel = {
    post: (message) => (posted.push(message), deliver(toChild, message)),
    onMessage: listen(toParent),
    onExit: listen(exits),
  };
  const child: Channel<ChildMessage> = { post: (message) => deliver(toParent, message), onMessage: listen(toChild) };
  return {
    parent,
    child,
    posted,
    childListening: () => toChild.size,
    exit: (code: number | null, signal: string | null) => exits.forEach((exit) => exit(code, signal)),
  };
}

function plain(networks: string[]) {
  const [out, err] = [fakeStream(), fakeStream()];
  return { out, err, display: createChainDisplay(networks, { secrets: [], out, err }) };
}

const redactChild = (text: string) => text.split(SECRET).join("<redacted>");

describe("a chain job in a child process", function () {
  it("runs through the runner like an in-process job: its lines prefixed, its reports, and the child leaves after its send", async () => {
    const inChild = readyJob("bsc", { chainId: 56, action: "deploy" }, { proxy: "0x" + "ab".repeat(20), transactions: 3 });
    const { preflight, send } = inChild;
    inChild.preflight = async (context) => (context.log.info("checking in the child"), context.status("reading"), preflight.call(inChild, context));
    inChild.send = async (context) => (context.log.warn("Warning: from the child"), send.call(inChild, context));
    const { parent, child } = channelPair();
    const served = serveJob(inChild, child, redactChild);
    const { out, err, display } = plain(["bsc", "base"]);
    const result = await runEveryChain([remoteJob("bsc", parent), readyJob("base")], { task: "deploy-multiaccount" }, display);
    await served;
    expect(result.rows[0]).to.deep.include({ ok: true, chainId: 56, action: "deploy" });
    expect(result.outcomes[0]).to.deep.include({ status: "done", transactions: 3 });
    expect(linesOf(out)).to.include.members(["bsc  | checking in the child", "bsc  | status: reading"]);
    expect(linesOf(err)).to.deep.equal(["bsc  | Warning: from the child"]);
  });

  it("a failure in the child is that chain's failure, its message redacted before it leaves the child", async () => {
    const inChild = new FakeJob("bsc");
    inChild.preflightDone.reject(new Error(`eth_chainId: https://bsc.example/${SECRET} refused`));
    const { parent, child, posted } = channelPair();
    const served = serveJob(inChild, child, redactChild);
    const result = await runEveryChain([remoteJob("bsc", parent), readyJob("base")], { task: "deploy-multiaccount" }, plain(["bsc", "base"]).display);
    expect(result.rows[0].reason).to.equal("eth_chainId: https://bsc.example/<redacted> refused");
    // The run sent nothing; the child, only checked, was told to leave.
    expect(posted.map((message) => message.type)).to.deep.equal(["preflight", "stop"]);
    await served;
  });

  it("a child that exits before it answers fails its chain, and the next phase at once", async () => {
    const { parent, exit } = channelPair();
    const job = remoteJob("bsc", parent);
    const context = { log: { info() {}, warn() {}, error() {} }, status() {}, signal: new AbortController().signal };
    const checking = job.preflight(context);
    exit(null, "SIGKILL");
    let error: unknown;
    await checking.catch((caught) => (error = caught));
    expect((error as Error).message).to.equal('the child process for "bsc" exited (SIGKILL) before it answered');
    await job.send(context).catch((caught) => (error = caught));
    expect((error as Error).message).to.equal('the child process for "bsc" exited (SIGKILL) before it answered');
  });

  it("Ctrl-C reaches the child: its job's signal is aborted, the chain ends aborted, the child leaves", async () => {
    const inChild: Omit<ChainJob, "network"> = {
      preflight: async () => ({ action: "deploy" }),
      send: (context) => new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(new Error("stopped in the child")))),
    };
    const { parent, child, posted, childListening } = channelPair();
    const served = serveJob(inChild, child);
    const ctrlC = new AbortController();
    const sendAsked = new Promise<void>((resolve) => child.onMessage((message) => (message as ParentMessage).type === "send" && resolve()));
    const running = runEveryChain([remoteJob("bsc", parent)], { task: "deploy-multiaccount", signal: ctrlC.signal }, plain(["bsc"]).display);
    await sendAsked;
    ctrlC.abort();
    const result = await running;
    await served;
    expect(result.outcomes[0]).to.deep.include({ status: "aborted", error: "stopped in the child" });
    expect(posted.map((message) => message.type)).to.deep.equal(["preflight", "send", "stop"]);
    expect(childListening()).to.equal(1); // only the test's own listener is left
  });

  it("ignores messages of any other protocol, on both sides", async () => {
    const { parent, child } = channelPair();
    const inChild = readyJob("bsc");
    const served = serveJob(inChild, child);
    const job = remoteJob("bsc", parent);
    const lines: string[] = [];
    const context = { log: { info: (line: string) => lines.push(line), warn() {}, error() {} }, status() {}, signal: new AbortController().signal };
    const checking = job.preflight(context);
    child.post({ type: "log", level: "info", text: "no protocol" } as unknown as ChildMessage);
    parent.post({ protocol: "someone-else", type: "send" } as unknown as ParentMessage);
    expect(await checking).to.deep.equal({ action: "deploy" });
    expect(lines).to.deep.equal([]);
    expect(inChild.sends).to.equal(0);
    parent.post({ protocol: EVERY_CHAIN_PROTOCOL, type: "stop" });
    await served;
  });
});

describe("Ctrl-C during a multi-chain run", () => {
  function fakeProcess() {
    const emitter = new EventEmitter();
    const exits: number[] = [];
    const source = Object.assign(emitter, { exit: ((code: number) => void exits.push(code)) as (code: number) => never });
    return { source, exits };
  }
  const quiet = (): Logger & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, info: (line) => lines.push(line), warn: (line) => lines.push(line), error: (line) => lines.push(line) };
  };

  it("the first aborts the run's signal and says what happens; the second quits with 130", () => {
    const { source, exits } = fakeProcess();
    const log = quiet();
    const interrupt = interruptOnCtrlC(log, source);
    expect(interrupt.signal.aborted).to.equal(false);
    source.emit("SIGINT");
    expect(interrupt.signal.aborted).to.equal(true);
    expect(exits).to.deep.equal([]);
    expect(log.lines).to.deep.equal(["Ctrl-C: no new chain starts; stopping the running ones, then the summary (Ctrl-C again to quit at once)."]);
    source.emit("SIGINT");
    expect(exits).to.deep.equal([130]);
  });

  it("dispose() gives Ctrl-C back to Node", () => {
    const { source } = fakeProcess();
    const interrupt = interruptOnCtrlC(quiet(), source);
    expect(source.listenerCount("SIGINT")).to.equal(1);
    interrupt.dispose();
    expect(source.listenerCount("SIGINT")).to.equal(0);
  });
});

/** An explorer that holds every request, never answering; `arrived` resolves at the first. */
async function holdingExplorer() {
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer(() => arrived());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api?chainid=56`;
  const close = () => (server.closeAllConnections(), new Promise<void>((resolve) => server.close(() => resolve())));
  return { url, first, close };
}

/** A send that has deployed, then verifies on `url` (an exchange held for 10 minutes), a failure being a warning. */
function verifyingSend(url: string): ChainJob["send"] {
  return async () => {
    const verification = await guardExplorerExchanges([{ url, name: "Held explorer" }], { policy: { attempts: 3, backoffMs: 0 }, timeoutMs: 600_000 }, () =>
      request(url).then(() => "verified")
    ).catch((error: Error) => `failed: ${error.message}`);
    return { proxy: "0x" + "cd".repeat(20), transactions: 2, verification };
  };
}

describe("Ctrl-C while a chain verifies", function () {
  // Before the bound, the verification held here never ends: these fail by timing out.
  this.timeout(20_000);
  // A Ctrl-C handler the tests above never disposed leaves verification stopped.
  beforeEach(() => resumeExplorerExchanges());
  afterEach(() => resumeExplorerExchanges());

  it("in this process (Hardhat 3): the first Ctrl-C ends the verification, the summary prints, the chain is done", async () => {
    const held = await holdingExplorer();
    try {
      const emitter = new EventEmitter();
      const source = Object.assign(emitter, { exit: (() => undefined) as unknown as (code: number) => never });
      const { out, display } = plain(["bsc"]);
      const interrupt = interruptOnCtrlC(display.log, source);
      const job: ChainJob = { network: "bsc", preflight: async () => ({ action: "deploy" }), send: verifyingSend(held.url) };
      const running = runEveryChain([job], { task: "deploy-multiaccount", signal: interrupt.signal }, display);
      await held.first;
      source.emit("SIGINT");
      const result = await running;
      interrupt.dispose();
      expect(result.outcomes[0]).to.deep.include({ status: "done", transactions: 2 });
      expect(result.outcomes[0].verification).to.include("Held explorer: stopped (Ctrl-C) (not retried)");
      expect(linesOf(out).some((line) => /^bsc\s+done\b/.test(line.replace(/[│|]/g, " ").trim()))).to.equal(true);
    } finally {
      await held.close();
    }
  });

  it("in a child (Hardhat 2): the stop ends the child's verification, its report comes back, the summary prints", async () => {
    const held = await holdingExplorer();
    try {
      const inChild: Omit<ChainJob, "network"> = { preflight: async () => ({ action: "deploy" }), send: verifyingSend(held.url) };
      const { parent, child, posted } = channelPair();
      const served = serveJob(inChild, child);
      const ctrlC = new AbortController();
      const running = runEveryChain([remoteJob("bsc", parent)], { task: "deploy-multiaccount", signal: ctrlC.signal }, plain(["bsc"]).display);
      await held.first;
      ctrlC.abort();
      const result = await running;
      await served;
      expect(posted.map((message) => message.type)).to.deep.equal(["preflight", "send", "stop"]);
      expect(result.outcomes[0]).to.deep.include({ status: "done", transactions: 2 });
      expect(result.outcomes[0].verification).to.include("stopped (Ctrl-C, or the parent process is gone) (not retried)");
    } finally {
      await held.close();
    }
  });

  it("a child whose parent is gone (IPC disconnect: a stop) stops polling the explorer and leaves", async () => {
    const held = await holdingExplorer();
    try {
      const inChild: Omit<ChainJob, "network"> = { preflight: async () => ({ action: "deploy" }), send: verifyingSend(held.url) };
      const { parent, child } = channelPair();
      const served = serveJob(inChild, child);
      parent.post({ protocol: EVERY_CHAIN_PROTOCOL, type: "send" });
      await held.first;
      // What the child's channel makes of its parent's disconnect (hardhat2/every-chain.ts).
      parent.post({ protocol: EVERY_CHAIN_PROTOCOL, type: "stop" });
      await served;
    } finally {
      await held.close();
    }
  });
});
