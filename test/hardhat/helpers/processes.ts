// The Hardhat CLI as a child process, and a `hardhat node` on a free loopback port. Built on the one
// process runner of test/support/processes.ts, whose helpers are handed on from here.
import { spawn, type ChildProcess } from "child_process";
import fs from "fs";
import path from "path";
import { childEnv, freePort, runProcess, withNodeOnPath, withoutAnsi, type ExitedRun } from "../../support/processes";
import { HANG_GUARD_MS } from "../../support/wait";
import { REPO_ROOT } from "./environment";

export { childEnv, freePort, withNodeOnPath, withoutAnsi };

/** The Hardhat CLI a project would run: its own install (Hardhat 2 or 3), else this repository's. */
export function hardhatCli(cwd: string): string {
  const hardhat = path.dirname(require.resolve("hardhat/package.json", { paths: [cwd, REPO_ROOT] }));
  const major = Number(JSON.parse(fs.readFileSync(path.join(hardhat, "package.json"), "utf8")).version.split(".")[0]);
  return path.join(hardhat, major >= 3 ? "dist/src/cli.js" : "internal/cli/cli.js");
}

export type RunResult = ExitedRun;

export interface RunOptions {
  timeoutMs?: number;
  /** The Node.js binary to run it with (a host project's own); default this process's. */
  node?: string;
  /** Options for node itself, before the CLI (e.g. `--require` a preload). */
  nodeArgs?: string[];
  /** Its own process group, and its id once started (to signal the group as Ctrl-C in a terminal does). */
  group?: boolean;
  onSpawn?: (pid: number) => void;
}

/**
 * A project of this repository with a JavaScript config runs with it: the deployer fixture's
 * hardhat.config.js loads its hardhat.config.ts without ts-node (scripts/ts-node/require-ts.cjs).
 * Hardhat 2 looks for a hardhat.config.ts in every parent folder before it looks for a JavaScript
 * one, and finds this repository's, so the config is named (HARDHAT_CONFIG, which Hardhat reads as
 * `--config`), unless the run names one itself.
 */
function withProjectConfig(cwd: string, args: string[], env: Record<string, string | null | undefined>): Record<string, string | null | undefined> {
  if (args.includes("--config") || env.HARDHAT_CONFIG != null || !fs.existsSync(path.join(cwd, "hardhat.config.js"))) return env;
  return { ...env, HARDHAT_CONFIG: "hardhat.config.js" };
}

export function runHardhat(cwd: string, args: string[], env: Record<string, string | null | undefined>, options: RunOptions = {}): Promise<RunResult> {
  return runProcess(options.node ?? process.execPath, [...(options.nodeArgs ?? []), hardhatCli(cwd), ...args], {
    cwd,
    env: withNodeOnPath(childEnv(withProjectConfig(cwd, args, env)), options.node),
    limitMs: options.timeoutMs ?? HANG_GUARD_MS,
    onLimit: "fail",
    plain: true,
    group: options.group,
    onSpawn: options.onSpawn,
  });
}

export interface LocalNode {
  url: string;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

export interface NodeOptions {
  /** A project's own Node.js binary. */
  node?: string;
  /** Global options before the task, e.g. `--config` of another project. */
  globalArgs?: string[];
  /** More options of the node task, e.g. `--chain-id` (Hardhat 3). */
  args?: string[];
  /** More environment for the node process. */
  env?: Record<string, string | undefined>;
  /** Where each try's port comes from (freePort; the retry's own test gives a taken one first). */
  ports?: () => Promise<number>;
}

/** How many ports startNode tries: one free when asked may be taken before the node listens on it. */
const NODE_PORT_TRIES = 5;

/**
 * Starts `hardhat node` on 127.0.0.1 and resolves once it accepts JSON-RPC. The port is one the
 * system had free a moment before; another process (a client's ephemeral port, another lane's
 * server) may take it before the node listens, and the node then exits with EADDRINUSE: it is
 * started again on another port, up to NODE_PORT_TRIES times.
 */
export async function startNode(cwd: string, options: NodeOptions = {}): Promise<LocalNode> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startNodeOnce(cwd, options, await (options.ports ?? freePort)());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= NODE_PORT_TRIES) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startNodeOnce(cwd: string, { node, globalArgs = [], args = [], env = {} }: NodeOptions, port: number): Promise<LocalNode> {
  const child: ChildProcess = spawn(
    node ?? process.execPath,
    [hardhatCli(cwd), ...globalArgs, "node", "--hostname", "127.0.0.1", "--port", String(port), ...args],
    {
      cwd,
      env: withNodeOnPath(childEnv(env), node),
      stdio: ["ignore", "pipe", "pipe"],
    }
  );
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hardhat node did not start:\n${log}`)), 90_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Started HTTP")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const message = `hardhat node exited with ${code}:\n${log}`;
      reject(log.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`) ? new PortTakenError(message) : new Error(message));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    rpc: jsonRpcClient(url),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Whether a request failed because its connection closed before any answer: undici's "other side
 * closed" (UND_ERR_SOCKET, under "fetch failed"), or node-fetch's "socket hang up" (ECONNRESET; some
 * test files' modules put node-fetch in place of the global fetch).
 */
export function closedUnanswered(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } };
  return [failure.code, failure.cause?.code].some((code) => code === "UND_ERR_SOCKET" || code === "ECONNRESET");
}

/**
 * A JSON-RPC client of `url` for the tests' own reads and sends. A request that goes out on a kept-alive
 * connection the server closes at that moment for being idle (Node's server closes idle connections
 * after 5 s, and on a busy machine the client's timer lags) never reached the server: it is sent once
 * more, on a new connection.
 */
export function jsonRpcClient(url: string): <T = unknown>(method: string, params?: unknown[]) => Promise<T> {
  let id = 0;
  const post = (body: string) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const request = JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params });
    let response: Response;
    try {
      response = await post(request);
    } catch (error) {
      if (!closedUnanswered(error)) throw error;
      response = await post(request);
    }
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result as T;
  };
}

/** The first non-empty lines a failed command printed to stderr: what an operator reads first. */
export function errorHead(result: RunResult, lines = 1): string {
  return result.stderr
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, lines)
    .join("\n");
}
