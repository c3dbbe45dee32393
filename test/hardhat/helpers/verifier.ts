// The loopback verifier (test/support/verifier/): Sourcify's matching engine, lib-sourcify, behind
// Etherscan API V2, Blockscout and Sourcify v2 faces, each answering with the engine's real verdict.
// lib-sourcify needs Node.js 22, so the verifier is a project of its own (its package.json and lock
// file in test/support/verifier/), installed with its sources by Node.js 22's npm once per test
// run, where the host projects are (hosts.ts), and run as a child process on that Node.js.
import { spawn, type ChildProcess } from "child_process";
import fs from "fs";
import path from "path";
import { REPO_ROOT } from "./environment";
import { nodeBinary, npmOn, oncePerRun, WORK } from "./hosts";

const SOURCE = path.join(REPO_ROOT, "test", "support", "verifier");
/** lib-sourcify 3.4 needs Node.js 22: the same npm `node` package as the Hardhat 3 host's. */
const NODE_22 = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "test", "fixture-projects", "hosts", "hardhat3", "package.json"), "utf8")).devDependencies
  .node as string;

/** How long a hook may wait for the verifier's install (from an empty npm cache, on a loaded machine). */
export const VERIFIER_INSTALL_TIMEOUT_MS = 300_000;

export type Face = "etherscan" | "blockscout" | "sourcify";
export type MatchStatus = "perfect" | "partial" | null;

/** One verification by the engine, on one face. */
export interface Verdict {
  face: Face;
  id: string;
  chainId: string;
  address: string;
  /** The contract as submitted: "path/To.sol:Name". */
  contract: string;
  runtimeMatch: MatchStatus;
  creationMatch: MatchStatus;
  error?: { code: string; message: string };
  /** Why the face refused it (undefined: accepted). */
  refusal?: string;
  /** How long the engine took (compile included), in milliseconds. */
  ms: number;
}

/** A request that reached the verifier, and the HTTP status it got. */
export interface VerifierRequest {
  method: string;
  path: string;
  module: string;
  action: string;
  chainid?: string;
  /** The query's and the form's parameters (a source's text replaced by its length). */
  params: Record<string, string>;
  status: number;
  answer: unknown;
  /** When it arrived here (Date.now()). */
  at: number;
}

export interface LoopbackVerifier {
  url: string;
  requests: VerifierRequest[];
  verdicts: Verdict[];
  /** Adds a chain (its JSON-RPC URL) the verifier reads. */
  addChain(chainId: number, rpcUrl: string): void;
  /**
   * The next `times` requests (status checks only, for "pending"; only those for the Etherscan-style
   * `action`, when given) answered 429 or as still pending.
   */
  disturb(status: 429 | "pending", times: number, action?: string): void;
  /** The face holds nothing verified any more, as on a fresh chain (the verdicts so far stay listed). */
  forget(face: Face): void;
  /** The verdict of the submission `id` (an Etherscan guid, a Sourcify verificationId), once the engine has given it. */
  verdictOf(id: string): Promise<Verdict>;
  /** Every verdict and request the verifier has sent so far has arrived. */
  settled(): Promise<void>;
  /** Stops the verifier (it is then down, as an explorer can be). */
  stop(): Promise<void>;
}

/** The verifier project, installed in the run's work folder (once per run: hosts.ts's oncePerRun). */
export function prepareVerifier(): Promise<{ dir: string; node: string; compiled: string }> {
  return oncePerRun("verifier", async () => {
    const node = await nodeBinary(NODE_22);
    const dir = path.join(WORK, "verifier");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const file of fs.readdirSync(SOURCE)) if (/\.cjs$|^package(-lock)?\.json$/.test(file)) fs.copyFileSync(path.join(SOURCE, file), path.join(dir, file));
    // `npm install` on the lock, not `npm ci`: the lock lists cbor-extract's builds for every
    // platform, and this machine's registry has only some of them (see hosts.ts).
    await npmOn(node, ["install"], dir);
    return { dir, node, compiled: path.join(WORK, "verifier-compiled") };
  });
}

interface Message {
  type: string;
  port?: number;
  id?: number;
}

/** Starts the verifier on a free loopback port, reading the given chains (chain id → JSON-RPC URL). */
export async function startVerifier(chains: Record<number, string> = {}): Promise<LoopbackVerifier> {
  const { dir, node, compiled } = await prepareVerifier();
  const child: ChildProcess = spawn(node, [path.join(dir, "server.cjs")], {
    cwd: dir,
    env: { PATH: process.env.PATH, VERIFIER_CHAINS: JSON.stringify(chains), VERIFIER_COMPILED: compiled },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let log = "";
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const requests: VerifierRequest[] = [];
  const verdicts: Verdict[] = [];
  const pongs = new Map<number, () => void>();
  const waiting = new Map<string, (verdict: Verdict) => void>();
  child.on("message", (message: Message) => {
    if (message.type === "request") requests.push({ ...(message as unknown as VerifierRequest), at: Date.now() });
    if (message.type === "verdict") {
      const verdict = message as unknown as Verdict;
      verdicts.push(verdict);
      waiting.get(verdict.id)?.(verdict);
    }
    if (message.type === "pong") pongs.get(message.id!)?.();
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.on("message", (message: Message) => message.type === "listening" && resolve(message.port!));
    child.once("exit", (code) => reject(new Error(`the loopback verifier exited with ${code}:\n${log}`)));
  });
  let pings = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    verdicts,
    addChain: (chainId, rpcUrl) => void child.send({ type: "chain", chainId, url: rpcUrl }),
    disturb: (status, times, action) => void child.send({ type: "disturb", status, times, action }),
    forget: (face) => void child.send({ type: "forget", face }),
    verdictOf: (id) =>
      new Promise<Verdict>((resolve) => {
        const known = verdicts.find((verdict) => verdict.id === id);
        if (known !== undefined) resolve(known);
        else waiting.set(id, resolve);
      }),
    // The child answers a ping after every message it sent before it: they have all arrived by then.
    settled: () =>
      new Promise<void>((resolve) => {
        const id = ++pings;
        pongs.set(id, resolve);
        child.send({ type: "ping", id });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
