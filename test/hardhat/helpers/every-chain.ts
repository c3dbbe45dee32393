// Four `hardhat node`s of four chains (31337, 56, 8453, 42161) for `--networks` on Hardhat 2, from the
// `deployer` fixture project: each with its own protocol stand-in (at its own address), CreateX, and
// the fault-injecting proxy in front of it (which passes every call until a plan says otherwise).
// Shared by test/hardhat/hardhat2/every-chain.test.ts,
// `npm run faults -- --every-chain` and `npm run bench` (scripts/bench/every-chain.ts). On top of it:
// a deployment killed with SIGKILL at a seeded point and run again, and a deployment through 10% of
// calls failing on every chain, each checked for convergence (see everyChainProblem). Two of these
// benches at once would share the fixture project's upgrades manifests: one at a time.
import { ethers } from "ethers";
import fs from "fs";
import os from "os";
import path from "path";
import { CREATEX_ADDRESS } from "../../../src/hardhat/internal/chains/createx";
import { journalPathFor } from "../../../src/hardhat/internal/rpc/journal";
import { seededRandom } from "../../support/seeded-random";
import { putCreateX } from "./createx";
import { transactionsFrom } from "./deterministic";
import { FIXTURES, NODE_ONLY_CONFIG, linkPackage } from "./environment";
import { MIXED } from "./fault-bench";
import { FAST_RETRIES, startFaultyRpc, type FaultyRpc } from "./faulty-rpc";
import { runHardhat, startNode, type LocalNode, type RunResult } from "./processes";
import { deployStandIn } from "./stand-in";

export const FIXTURE = path.join(FIXTURES, "deployer");
export const ADMIN = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
/** Hardhat's well-known account #0: the deployer on every node (localhost signs with the node's own, the same account). */
export const DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** A key-like path segment in bsc's and base's URLs (`hardhat node` and the fault proxy answer on any path); no line may show it. */
export const URL_KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
export const NETWORKS = ["localhost", "bsc", "base", "arbitrum"] as const;
export const CHAIN_IDS = [31337, 56, 8453, 42161];

export interface Chain {
  network: (typeof NETWORKS)[number];
  chainId: number;
  node: LocalNode;
  /** The fault proxy in front of the node: the URL the fixture's config gets. */
  proxy: FaultyRpc;
  protocol: string;
}

export interface FourChains {
  chains: Chain[];
  /** A temporary folder for the addresses files, removed by close(). */
  dir: string;
  deployer: string;
  /** The fixture's environment: the four networks through their proxies, the key, the admin, ADDRESSES_FILE in `dir`. */
  env: Record<string, string>;
  blocks(): Promise<number[]>;
  /** Removes the upgrades plugin's manifests of the four chains from the fixture project. */
  clearManifests(): void;
  close(): Promise<void>;
}

/** Starts the four nodes at once (their order in `chains` is NETWORKS'), each behind its proxy. `count`: how many of them (the bench: 1). */
export async function startFourChains(count: number = NETWORKS.length): Promise<FourChains> {
  linkPackage(FIXTURE);
  const clearManifests = () => {
    for (const chainId of CHAIN_IDS) fs.rmSync(path.join(FIXTURE, ".openzeppelin", `unknown-${chainId}.json`), { force: true });
  };
  clearManifests();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-every-chain-"));
  const chains = await Promise.all(
    NETWORKS.slice(0, count).map(async (network, i): Promise<Chain> => {
      const node = await startNode(FIXTURE, { globalArgs: ["--config", NODE_ONLY_CONFIG], env: { FIXTURE_CHAIN_ID: String(CHAIN_IDS[i]) } });
      // A different nonce on each chain, so that each protocol stand-in sits at its own address.
      for (let extra = 0; extra < i; extra++) await deployStandIn(node);
      const protocol = await deployStandIn(node);
      // 31337 is a local Hardhat network: the plugin sends CreateX's keyless transaction itself there.
      if (network !== "localhost") await putCreateX(node);
      fs.mkdirSync(path.join(dir, network));
      fs.writeFileSync(path.join(dir, network, "addresses.json"), JSON.stringify({ protocolAddress: protocol }) + "\n");
      return { network, chainId: CHAIN_IDS[i], node, proxy: await startFaultyRpc(node.url), protocol };
    })
  );
  const deployer = ethers.utils.getAddress((await chains[0].node.rpc<string[]>("eth_accounts"))[0]);
  const url = (network: string) => chains.find((chain) => chain.network === network)?.proxy.url ?? "http://127.0.0.1:1";
  const env = {
    FIXTURE_NETWORKS: NETWORKS.slice(0, count).join(","),
    LOCALHOST_RPC_URL: url("localhost"),
    BSC_RPC_URL: `${url("bsc")}/v3/${URL_KEY}`,
    BASE_RPC_URL: `${url("base")}/v3/${URL_KEY}`,
    ARBITRUM_RPC_URL: url("arbitrum"),
    PRIVATE_KEY: DEPLOYER_KEY,
    ADMIN_PUBLIC_KEY: ADMIN,
    ADDRESSES_FILE: path.join(dir, "{network}", "addresses.json"),
  };
  return {
    chains,
    dir,
    deployer,
    env,
    blocks: () => Promise.all(chains.map(async (chain) => Number(await chain.node.rpc<string>("eth_blockNumber")))),
    clearManifests,
    async close() {
      for (const chain of chains) await chain.proxy.close();
      for (const chain of chains) await chain.node.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      clearManifests();
    },
  };
}

/**
 * A deployment of its own on the four chains: a salt (the label of its files, and with --deterministic
 * of its address), addresses files (each with its chain's protocol), the blocks it starts from.
 */
export interface Deployment {
  salt: string;
  /** --deterministic under `salt` (the default), or a plain deployment: a proxy of its own on each chain. */
  deterministic: boolean;
  files: string;
  start: number[];
}

export async function newDeployment(four: FourChains, salt: string, deterministic = true): Promise<Deployment> {
  const files = path.join(four.dir, salt, "{network}", "addresses.json");
  for (const chain of four.chains) {
    fs.mkdirSync(path.dirname(files.replace("{network}", chain.network)), { recursive: true });
    fs.writeFileSync(files.replace("{network}", chain.network), JSON.stringify({ protocolAddress: chain.protocol }) + "\n");
  }
  return { salt, deterministic, files, start: (await four.blocks()).map((block) => block + 1) };
}

export const deployArgs = (deployment: Deployment) => [
  "deploy-multiaccount",
  ...(deployment.deterministic ? ["--deterministic", "--salt", deployment.salt] : []),
  "--networks",
  "all",
  "--no-verify",
];

/** The run's environment for `deployment`: its addresses files, FAST_RETRIES as `multiAccount.rpc`. */
export const deploymentEnv = (four: FourChains, deployment: Deployment) => ({
  ...four.env,
  ADDRESSES_FILE: deployment.files,
  FIXTURE_RPC: JSON.stringify(FAST_RETRIES),
});

export const runDeployment = (four: FourChains, deployment: Deployment) => runHardhat(FIXTURE, deployArgs(deployment), deploymentEnv(four, deployment));

/** Every file of `deployment` (addresses files and journals) that is not valid JSON. */
export function brokenFiles(four: FourChains, deployment: Deployment): string[] {
  const broken: string[] = [];
  for (const chain of four.chains) {
    const file = deployment.files.replace("{network}", chain.network);
    for (const candidate of [file, journalPathFor(file)]) {
      if (!fs.existsSync(candidate)) continue;
      try {
        JSON.parse(fs.readFileSync(candidate, "utf8"));
      } catch {
        broken.push(path.relative(four.dir, candidate));
      }
    }
  }
  return broken;
}

/**
 * What is wrong once `deployment` should be complete, or undefined: the last run exited 0, no file is
 * broken, every record names a contract with code that was not there before the deployment began;
 * no transaction from the deployer was mined twice (the same destination and data). With
 * --deterministic: the one address on every chain, and exactly one call to CreateX on each; without:
 * none.
 */
export async function everyChainProblem(four: FourChains, deployment: Deployment, last: RunResult): Promise<string | undefined> {
  if (last.code !== 0) return `the last run exited ${last.code}: ${last.stderr.split("\n").find((line) => line.trim() !== "") ?? ""}`;
  const broken = brokenFiles(four, deployment);
  if (broken.length > 0) return `broken files: ${broken.join(", ")}`;
  const addresses = new Set<string>();
  for (const [i, chain] of four.chains.entries()) {
    const address = JSON.parse(fs.readFileSync(deployment.files.replace("{network}", chain.network), "utf8")).multiAccountAddress as string | undefined;
    if (address === undefined) return `${chain.network}: no multiAccountAddress recorded`;
    addresses.add(address.toLowerCase());
    if ((await chain.node.rpc<string>("eth_getCode", [address, "latest"])) === "0x") return `${chain.network}: no code at ${address}`;
    const before = `0x${(deployment.start[i] - 1).toString(16)}`;
    if ((await chain.node.rpc<string>("eth_getCode", [address, before])) !== "0x") return `${chain.network}: ${address} had code before the deployment`;
    const sent = await transactionsFrom(chain.node, four.deployer, deployment.start[i]);
    const keys = sent.map((tx) => `${tx.to?.toLowerCase()}:${tx.input}`);
    if (new Set(keys).size !== keys.length) return `${chain.network}: a transaction mined twice (${sent.length} sent)`;
    const creations = sent.filter((tx) => tx.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase()).length;
    if (creations !== (deployment.deterministic ? 1 : 0)) return `${chain.network}: ${creations} calls to CreateX`;
  }
  if (deployment.deterministic && addresses.size !== 1) return `not one address: ${[...addresses].join(", ")}`;
  return undefined;
}

/**
 * A first deployment, so that every seed after it finds the implementation deployed (and CreateX on
 * chain 31337) whichever seeds ran before: the seeds' runs then only create the proxy.
 */
export async function warmUp(four: FourChains): Promise<void> {
  const deployment = await newDeployment(four, "warm-up");
  const result = await runDeployment(four, deployment);
  const problem = await everyChainProblem(four, deployment, result);
  if (problem !== undefined) throw new Error(`the warm-up deployment: ${problem}\n${result.output}`);
}

/** Kill seeds that `npm test` runs: the parent killed while the chains send, and a child killed after CreateX's call, before it saved the proxy. */
export const KILL_TEST_SEEDS = [16, 11];
/** The fault seed that `npm test` runs: a plain deployment (`--networks all`, no --deterministic). */
export const FAULT_TEST_SEEDS = [1];

/** Where a seed kills the run: the parent alone, or one network's child, when the `call`th call reaches `at`'s proxy. */
export interface KillPoint {
  victim: "parent" | (typeof NETWORKS)[number];
  at: (typeof NETWORKS)[number];
  call: number;
}

/** Calls a four-chain deterministic deploy makes to each node, about (measured: 50 to 52 on each node, once the implementation is deployed: see warmUp). */
export const CALLS_PER_CHAIN = 50;

/** A child is killed at a call of its own (it may have finished and left by another node's Nth call); the parent at any node's. */
export function killPoint(seed: number): KillPoint {
  const random = seededRandom(seed);
  const network = NETWORKS[Math.floor(random() * NETWORKS.length)];
  const victim = random() < 0.5 ? "parent" : network;
  return { victim, at: network, call: 1 + Math.floor(random() * CALLS_PER_CHAIN) };
}

/** The pids whose parent is `parent` (from /proc), with their command lines. */
export function childrenOf(parent: number): { pid: number; cmdline: string[] }[] {
  const found: { pid: number; cmdline: string[] }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) found.push({ pid: Number(entry), cmdline: fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0") });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
};

/** Resolves once none of `pids` runs, or with those still running after `limitMs`; polls /proc, as nothing else tells of a stranger's exit. */
export async function exitOf(pids: number[], limitMs: number): Promise<number[]> {
  const until = Date.now() + limitMs;
  while (pids.some(alive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return pids.filter(alive);
}

export interface KillOutcome {
  point: KillPoint;
  /** What was killed ("none": the run ended before the call), and the first run's exit. */
  killed: string;
  first: RunResult;
  /** The calls the first run made to each node, in NETWORKS' order. */
  calls: number[];
  /** Children of a killed parent still running 60 s after (they must stop on their own). */
  orphans: number[];
  /** How long the children of a killed parent took to be gone (ms), and how many ran at the kill. */
  childrenGone?: { ms: number; count: number };
  /** Files left broken by the kill. */
  broken: string[];
  rerun: RunResult;
  /** The chains where the rerun recorded a proxy the killed run had created but not saved. */
  adopted: string[];
  problem?: string;
}

/** Seed `seed`: the deployment killed at its point, then run again; the outcome and, if any, what is wrong. */
export async function killAndRerun(four: FourChains, seed: number): Promise<KillOutcome> {
  const point = killPoint(seed);
  const deployment = await newDeployment(four, `kill-${seed}`);
  let parent: number | undefined;
  let killed = "none";
  let children: number[] = [];
  for (const chain of four.chains) {
    chain.proxy.reset();
    chain.proxy.setPlan({});
  }
  const target = four.chains.find((chain) => chain.network === point.at)!;
  target.proxy.setPlan({
    rule: (call) => {
      if (call.index + 1 !== point.call || parent === undefined || killed !== "none") return "pass";
      const running = childrenOf(parent);
      children = running.map((child) => child.pid);
      const victim = point.victim === "parent" ? { pid: parent } : running.find((child) => child.cmdline.join(" ").includes(`--network ${point.victim} `));
      if (victim === undefined) return "pass";
      process.kill(victim.pid, "SIGKILL");
      killed = `${point.victim} (pid ${victim.pid})`;
      return "pass";
    },
  });
  const first = await runHardhat(FIXTURE, deployArgs(deployment), deploymentEnv(four, deployment), {
    group: true,
    onSpawn: (pid) => (parent = pid),
  });
  target.proxy.setPlan({});
  const calls = four.chains.map((chain) => chain.proxy.calls.length);
  const killedAt = Date.now();
  const orphans = point.victim === "parent" && killed !== "none" ? await exitOf(children, 60_000) : [];
  const childrenGone = point.victim === "parent" && killed !== "none" ? { ms: Date.now() - killedAt, count: children.length } : undefined;
  const broken = brokenFiles(four, deployment);
  const rerun = await runDeployment(four, deployment);
  let problem = await everyChainProblem(four, deployment, rerun);
  if (orphans.length > 0) problem = `children ${orphans.join(", ")} still running 60 s after their parent was killed; ${problem ?? ""}`;
  if (broken.length > 0) problem = `the kill left broken files: ${broken.join(", ")}; ${problem ?? ""}`;
  const adopted = four.chains.filter((chain) => new RegExp(`^${chain.network} +\\| An earlier run sent CreateX's transaction`, "m").test(rerun.stdout));
  return { point, killed, first, calls, orphans, childrenGone, broken, rerun, adopted: adopted.map((chain) => chain.network), problem };
}

export interface FaultOutcome {
  runs: number;
  /** The fault kinds drawn, with counts, over the runs. */
  kinds: string;
  last: RunResult;
  problem?: string;
}

/**
 * Seed `seed`: the deployment (plain, or --deterministic) through 10% of calls failing (MIXED, every
 * kind) on every chain; a second run, other seeds, if the first fails.
 */
export async function throughFaults(four: FourChains, seed: number, deterministic = false): Promise<FaultOutcome> {
  const deployment = await newDeployment(four, `faults-${deterministic ? "deterministic-" : ""}${seed}`, deterministic);
  const counts = new Map<string, number>();
  let last: RunResult | undefined;
  let runs = 0;
  while (runs < 2 && last?.code !== 0) {
    for (const [i, chain] of four.chains.entries()) {
      chain.proxy.reset();
      chain.proxy.setPlan(MIXED(seed * 100 + runs * 10 + i));
    }
    last = await runDeployment(four, deployment);
    runs++;
    for (const chain of four.chains) for (const call of chain.proxy.calls) if (call.fault) counts.set(call.fault, (counts.get(call.fault) ?? 0) + 1);
  }
  for (const chain of four.chains) chain.proxy.setPlan({});
  const kinds = [...counts].map(([kind, count]) => `${kind} x${count}`).join(", ") || "none";
  return { runs, kinds, last: last!, problem: await everyChainProblem(four, deployment, last!) };
}
