// The repository's own stack (A: Hardhat 2, ethers 5, hardhat-upgrades 1.x) deploying from the
// `deployer` fixture project through the fault-injecting proxy, run after run, as an operator reruns a
// failed deployment: one `hardhat node` for every scenario (hardhat_reset gives a fresh chain, and with
// it a fresh upgrades manifest), the deployer signing locally (PRIVATE_KEY) or through the node
// (`accounts: "remote"`), runs that can be killed with SIGKILL, and what the chain holds afterwards.
// Shared by test/hardhat/internal/rpc/sends.test.ts and `npm run faults -- --randomized`.
import { spawn } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { journalPathFor, type JournalRun } from "../../../src/hardhat/internal/rpc/journal";
import { FIXTURES, NODE_ONLY_CONFIG, linkPackage } from "./environment";
import { FAST_RETRIES, startFaultyRpc, type FaultPlan, type FaultyRpc } from "./faulty-rpc";
import { childEnv, hardhatCli, runHardhat, startNode, withoutAnsi, type LocalNode, type RunResult } from "./processes";
import { deployStandIn } from "./stand-in";

export const FIXTURE = path.join(FIXTURES, "deployer");
export const ADMIN = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** `hardhat node`'s first account: the deployer, whether it signs here (as PRIVATE_KEY) or the node signs. */
export const DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export const DEPLOYER = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
/** The ethers 5 stack's deployment: the implementation, the ProxyAdmin, the proxy. */
export const INTENDED_CREATIONS = 3;

export type Signer = "local" | "node";

export interface Creation {
  hash: string;
  data: string;
  /** The created contract; undefined when the creation reverted. */
  address?: string;
}

export interface RunOptions {
  signer: Signer;
  /** `multiAccount.rpc` for this run; FAST_RETRIES by default. */
  rpc?: object;
}

export interface Run {
  /** Kills the run and everything it started (SIGKILL to its process group). */
  kill(): void;
  /** Resolves when the run has exited, killed or not. */
  done: Promise<RunResult & { killed: boolean }>;
}

export interface RerunBench {
  node: LocalNode;
  proxy: FaultyRpc;
  /** The addresses file of the current chain. */
  file: string;
  protocol: string;
  /** A fresh chain (automine on), a fresh upgrades manifest, a new record with the protocol stand-in, an empty proxy log. */
  fresh(): Promise<void>;
  /** deploy-multiaccount through the proxy with `plan`; the proxy's log starts empty. */
  start(plan: FaultPlan, options: RunOptions): Run;
  run(plan: FaultPlan, options: RunOptions): Promise<RunResult & { killed: boolean }>;
  /** Every contract creation the deployer sent that was mined, besides the stand-in, oldest first. */
  creations(): Promise<Creation[]>;
  /** The record's multiAccountAddress when it names a contract with code. */
  recordedProxy(): Promise<string | undefined>;
  /** The send journal's runs, oldest first. */
  journal(): JournalRun[];
  /** Transactions waiting in the node's pool. */
  pending(): Promise<{ hash: string; nonce: string }[]>;
  close(): Promise<void>;
}

export async function startRerunBench(): Promise<RerunBench> {
  linkPackage(FIXTURE);
  const compiled = await runHardhat(FIXTURE, ["compile", "--quiet"], {});
  if (compiled.code !== 0) throw new Error(`the deployer fixture does not compile:\n${compiled.output}`);
  const node = await startNode(FIXTURE, { globalArgs: ["--config", NODE_ONLY_CONFIG] });
  const proxy = await startFaultyRpc(node.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-reruns-"));
  let chains = 0;
  let file = "";
  let protocol = "";

  /** The upgrades plugin keeps a development chain's manifest in the temp folder, per node instance. */
  const dropManifest = async () => {
    const { instanceId } = await node.rpc<{ instanceId: string }>("hardhat_metadata");
    const folder = path.join(os.tmpdir(), "openzeppelin-upgrades");
    for (const name of [`hardhat-31337-${instanceId}.json`, `chain-31337-${instanceId}.lock`])
      fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  };

  const start = (plan: FaultPlan, options: RunOptions): Run => {
    proxy.reset();
    proxy.setPlan(plan);
    const args = ["deploy-multiaccount", "--network", "docker", "--admin", ADMIN, "--no-compile", "--no-verify", "--addresses-file", file];
    const env = childEnv({
      HARDHAT_DOCKER_URL: proxy.url,
      PRIVATE_KEY: options.signer === "local" ? DEPLOYER_KEY : undefined,
      FIXTURE_RPC: JSON.stringify(options.rpc ?? FAST_RETRIES),
    });
    // Its own process group: a kill must take whatever the CLI started with it.
    const child = spawn(process.execPath, [hardhatCli(FIXTURE), ...args], { cwd: FIXTURE, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let killed = false;
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const done = new Promise<RunResult & { killed: boolean }>((resolve, reject) => {
      const timer = setTimeout(() => kill(), 300_000);
      child.on("error", reject);
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        [stdout, stderr] = [withoutAnsi(stdout), withoutAnsi(stderr)];
        resolve({ code, signal, stdout, stderr, output: stdout + stderr, killed });
      });
    });
    const kill = () => {
      if (killed || child.exitCode !== null || child.signalCode !== null) return;
      killed = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    return { kill, done };
  };

  return {
    node,
    proxy,
    get file() {
      return file;
    },
    get protocol() {
      return protocol;
    },
    async fresh() {
      if (chains > 0) await dropManifest();
      await node.rpc("hardhat_reset");
      file = path.join(dir, `chain-${++chains}`, "addresses.json");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      protocol = await deployStandIn(node);
      fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol }, null, 2) + "\n");
      proxy.reset();
      proxy.setPlan({});
    },
    start,
    run: (plan, options) => start(plan, options).done,
    async creations() {
      const latest = Number(await node.rpc<string>("eth_blockNumber"));
      const found: Creation[] = [];
      for (let number = 0; number <= latest; number++) {
        const block = await node.rpc<{ transactions: { hash: string; from: string; to: string | null; input: string }[] }>("eth_getBlockByNumber", [
          `0x${number.toString(16)}`,
          true,
        ]);
        for (const tx of block.transactions) {
          if (tx.to !== null || tx.from.toLowerCase() !== DEPLOYER) continue;
          const receipt = await node.rpc<{ contractAddress: string | null; status: string }>("eth_getTransactionReceipt", [tx.hash]);
          if (receipt.contractAddress?.toLowerCase() === protocol.toLowerCase()) continue;
          found.push({ hash: tx.hash, data: tx.input, address: receipt.status === "0x1" ? (receipt.contractAddress ?? undefined) : undefined });
        }
      }
      return found;
    },
    async recordedProxy() {
      const address = (JSON.parse(fs.readFileSync(file, "utf8")) as { multiAccountAddress?: string }).multiAccountAddress;
      if (address === undefined) return undefined;
      return (await node.rpc<string>("eth_getCode", [address, "latest"])) === "0x" ? undefined : address;
    },
    journal() {
      const journal = journalPathFor(file);
      return fs.existsSync(journal) ? (JSON.parse(fs.readFileSync(journal, "utf8")) as { runs: JournalRun[] }).runs : [];
    },
    async pending() {
      return (await node.rpc<{ transactions: { hash: string; nonce: string }[] }>("eth_getBlockByNumber", ["pending", true])).transactions;
    },
    async close() {
      if (chains > 0) await dropManifest().catch(() => undefined);
      await proxy.close();
      await node.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
