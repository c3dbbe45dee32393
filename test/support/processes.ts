// Child processes for every test, one way: run a command to its exit and collect what it printed.
// The Hardhat CLI (test/hardhat/helpers/processes.ts), the demo, the examples and the installed
// package's scripts all go through runProcess.
import { spawn } from "child_process";
import net from "net";
import path from "path";
import { HANG_GUARD_MS } from "./wait";

export interface ExitedRun {
  code: number | null;
  /** Set when the process was killed: by `limitMs` with `onLimit: "kill"`, or by someone else. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout, then stderr. */
  output: string;
}

export interface ProcessOptions {
  cwd: string;
  /** The child's whole environment; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** A bound against a hang, never a wait: the process is killed (SIGKILL) when it runs longer. */
  limitMs: number;
  /**
   * What a run over `limitMs` gives: "kill" resolves with `signal: "SIGKILL"`, for a test whose
   * point is that the command exits by itself; "fail" rejects with what it printed so far.
   */
  onLimit: "kill" | "fail";
  /** Strip ANSI escapes from what it printed (a child may colour its output all the same). */
  plain?: boolean;
  /** Its own process group, as a shell starts a command: a test can then signal the group, as Ctrl-C in a terminal does. */
  group?: boolean;
  /** Called with the process's id once it has started. */
  onSpawn?: (pid: number) => void;
}

export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ExitedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], detached: options.group });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const limit = setTimeout(() => {
      child.kill("SIGKILL");
      if (options.onLimit === "fail") reject(new Error(`${path.basename(command)} ${args.join(" ")} ran over ${options.limitMs} ms\n${stdout}\n${stderr}`));
    }, options.limitMs);
    child.on("error", (error) => {
      clearTimeout(limit);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(limit);
      if (options.plain) [stdout, stderr] = [withoutAnsi(stdout), withoutAnsi(stderr)];
      resolve({ code, signal, stdout, stderr, output: stdout + stderr });
    });
  });
}

/** Node.js arguments that run `script` (JavaScript that may require this repository's TypeScript) in a fresh process. */
export function scriptArgs(script: string): string[] {
  return ["-r", "ts-node/register/transpile-only", "-e", script];
}

/**
 * Runs `script` in a fresh Node.js from `cwd` (this repository's root, for its ts-node setup) and
 * resolves with the JSON of the last line it printed; rejects with what it printed when it fails.
 */
export async function scriptResult<T>(script: string, cwd: string, env: NodeJS.ProcessEnv = childEnv()): Promise<T> {
  const run = await runProcess(process.execPath, scriptArgs(script), { cwd, env, limitMs: HANG_GUARD_MS, onLimit: "fail" });
  if (run.code !== 0) throw new Error(`the script exited ${run.code}:\n${run.output}`);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as T;
}

/** Text without ANSI escape sequences. */
export function withoutAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching ANSI escapes, which start with ESC
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");
}

/**
 * Environment for a child: the parent's, minus anything secret or config-changing, plus `extra` (where
 * `undefined` leaves a variable as it is, and `null` removes it, e.g. DISPLAY or CI).
 * Colour is off (`FORCE_COLOR=0`, `NO_COLOR`): a CI runner may force it on, and tests read the text.
 */
export function childEnv(extra: Record<string, string | null | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/PRIVATE_KEY|API_KEY|ADMIN_PUBLIC_KEY|RPC_URL|HARDHAT_NETWORK|ADDRESSES_FILE|FIXTURE_|TS_NODE|MOCHA|COLOR/.test(key)) continue;
    env[key] = value;
  }
  env.FORCE_COLOR = "0";
  env.NO_COLOR = "1";
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) delete env[key];
    else if (value !== undefined) env[key] = value;
  }
  return env;
}

/** PATH with `node`'s folder first, so that anything the child spawns runs on the same Node.js. */
export function withNodeOnPath(env: NodeJS.ProcessEnv, node: string | undefined): NodeJS.ProcessEnv {
  if (node === undefined) return env;
  return { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ""}` };
}

/** A port that was free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
