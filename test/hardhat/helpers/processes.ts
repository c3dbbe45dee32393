// Child processes for end-to-end tests: the Hardhat CLI and a `hardhat node` on a free loopback port.
import { spawn, type ChildProcess } from "child_process";
import net from "net";
import { REPO_ROOT } from "./environment";

export const HARDHAT_CLI = require.resolve("hardhat/internal/cli/cli.js", { paths: [REPO_ROOT] });

/** Environment for a child: the parent's, minus anything secret or config-changing, plus `extra`. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/PRIVATE_KEY|API_KEY|ADMIN_PUBLIC_KEY|RPC_URL|HARDHAT_NETWORK|ADDRESSES_FILE|FIXTURE_|TS_NODE|MOCHA/.test(key)) continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

export function runHardhat(cwd: string, args: string[], env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARDHAT_CLI, ...args], { cwd, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`hardhat ${args.join(" ")} timed out\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: stdout + stderr });
    });
  });
}

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

export interface LocalNode {
  url: string;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/** Starts `hardhat node` on 127.0.0.1 and resolves once it accepts JSON-RPC. */
export async function startNode(cwd: string): Promise<LocalNode> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [HARDHAT_CLI, "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd,
    env: childEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
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
    child.once("exit", (code) => reject(new Error(`hardhat node exited with ${code}:\n${log}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  let id = 0;
  return {
    url,
    async rpc<T>(method: string, params: unknown[] = []): Promise<T> {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
      const body = (await response.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
      return body.result as T;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
