// `--networks` on Hardhat 2, which binds a run to one network: the parent process checks the flags,
// compiles once, and starts one child Hardhat process per network (`--network <name>`, the task,
// the user's other options, `--no-compile`, and CHILD_MARKER in its environment), then runs the
// multi-chain runner over remote jobs. Each child builds its Host as a single-chain run does, the
// neutral chain job, and serves it over IPC. A child's stdout and stderr (lines a plugin prints
// straight to the console) reach the parent's display prefixed with its network and redacted. The
// children are detached: a terminal's Ctrl-C reaches only the parent, which stops them through
// the protocol, so each leaves its journal consistent. Loaded lazily.
import { spawn, type ChildProcess } from "child_process";
import readline from "readline";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { TASK_COMPILE } from "hardhat/builtin-tasks/task-names";
import { createChainDisplay, type ChainDisplay } from "../internal/output/chain-display";
import { forCommandLine } from "../internal/output/cli-errors";
import { nearestName } from "../internal/output/nearest-name";
import { redact, redactError } from "../internal/output/redact";
import type { TaskDefinition } from "../internal/tasks/definitions";
import { interruptOnCtrlC } from "../internal/tasks/every-chain/interrupt";
import {
  EVERY_CHAIN_PROTOCOL,
  remoteJob,
  serveJob,
  type Channel,
  type ChildChannel,
  type ChildMessage,
  type ParentMessage,
} from "../internal/tasks/every-chain/ipc";
import type { ChainJob } from "../internal/tasks/every-chain/job";
import { checkNetworkFlags, operatorsNetwork, requireFilePerNetwork, selectNetworks, type ConfiguredNetwork } from "../internal/tasks/every-chain/networks";
import { resolveConcurrency } from "../internal/tasks/every-chain/pool";
import type { EveryChainResult } from "../internal/tasks/every-chain/report";
import { runEveryChain, type EveryChainArgs } from "../internal/tasks/every-chain/run";
import type { Host } from "../internal/tasks/host";
import { addressesFilePattern } from "../internal/tasks/options";
import { CHILD_MARKER, isEveryChainChild } from "./every-chain-marker";
import { hardhat2Host, hardhat2Secrets } from "./host";

/** The child's first message: it listens (a message posted before would be lost). Not a protocol message: remoteJob ignores it. */
const READY = { readyFor: EVERY_CHAIN_PROTOCOL };

/** The options of a multi-chain run, which the children do not get. */
const PARENT_ONLY = new Set(["networks", "concurrency", "skipFailing", "noCompile"]);

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The child's command line after Hardhat's CLI: global options, the task, the user's options but the multi-chain ones, --no-compile. */
export function childArguments(definition: TaskDefinition, args: Record<string, unknown>, network: string, hre: HardhatRuntimeEnvironment): string[] {
  const global = ["--network", network];
  if (hre.hardhatArguments.config !== undefined) global.push("--config", hre.hardhatArguments.config);
  if (hre.hardhatArguments.showStackTraces) global.push("--show-stack-traces");
  const options: string[] = [];
  for (const option of definition.options) {
    const value = args[option.name];
    if (PARENT_ONLY.has(option.name) || value === undefined || value === false) continue;
    options.push(`--${kebab(option.name)}`);
    if (option.kind !== "flag") options.push(String(value));
  }
  // The parent compiled once for every child; a task that never compiles has no --no-compile.
  const compiles = definition.options.some((option) => option.name === "noCompile");
  return [...global, definition.name, ...options, ...(compiles ? ["--no-compile"] : [])];
}

/** The config's networks, as --networks selects from them. */
export function configuredNetworks(hre: HardhatRuntimeEnvironment): ConfiguredNetwork[] {
  return Object.entries(hre.config.networks).map(([name, config]) => {
    const http = config as { url?: unknown; chainId?: unknown };
    const url = typeof http.url === "string" ? http.url : undefined;
    return {
      name,
      url,
      chainId: typeof http.chainId === "number" ? http.chainId : undefined,
      chosen: operatorsNetwork(name, url, hre.userConfig.networks?.[name] !== undefined),
    };
  });
}

/** Every line of `stream`, as it comes. */
function forwardLines(stream: NodeJS.ReadableStream, line: (text: string) => void): Promise<void> {
  const reader = readline.createInterface({ input: stream, crlfDelay: Infinity });
  reader.on("line", line);
  return new Promise((resolve) => reader.once("close", resolve));
}

interface Child {
  job: ChainJob;
  /** Resolves once the child has exited and its output is read to the end. */
  done: Promise<void>;
  process: ChildProcess;
}

/** Starts the child Hardhat process of `network` and the parent's side of its job. */
function startChild(network: string, argv: string[], hre: HardhatRuntimeEnvironment, display: ChainDisplay): Child {
  const cli = require.resolve("hardhat/internal/cli/cli", { paths: [hre.config.paths.root, __dirname] });
  // The parent's Node options, but a debugger's: children would fight over its port.
  const nodeOptions = process.execArgv.filter((option) => !/^--inspect/.test(option));
  const child = spawn(process.execPath, [...nodeOptions, cli, ...argv], {
    cwd: process.cwd(),
    env: { ...process.env, [CHILD_MARKER]: "1" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    // Its own process group: a terminal's Ctrl-C goes to the parent, which stops it through the protocol.
    detached: true,
  });
  const log = display.logger(network);
  child.on("error", (error) => log.warn(`child process: ${error.message}`));
  const output = Promise.all([forwardLines(child.stdout!, (text) => log.info(text)), forwardLines(child.stderr!, (text) => log.warn(text))]);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve) => {
    const onReady = (message: unknown) => {
      if ((message as typeof READY)?.readyFor !== EVERY_CHAIN_PROTOCOL) return;
      child.off("message", onReady);
      resolve();
    };
    child.on("message", onReady);
  });
  const channel: ChildChannel = {
    post: (message: ParentMessage) => void ready.then(() => child.connected && child.send(message, () => undefined)),
    onMessage: (listener) => (child.on("message", listener), () => void child.off("message", listener)),
    onExit: (listener) => (child.on("exit", listener), () => void child.off("exit", listener)),
  };
  return { job: remoteJob(network, channel), process: child, done: Promise.all([output, exited]).then(() => undefined) };
}

/** The parent's run: flags, one compile, a child per network, the runner; throws the run's error (exit code 1). */
async function runParent(
  definition: TaskDefinition,
  args: EveryChainArgs & Record<string, unknown>,
  hre: HardhatRuntimeEnvironment
): Promise<EveryChainResult> {
  checkNetworkFlags({ networks: args.networks, network: hre.hardhatArguments.network });
  const networks = selectNetworks(args.networks!, configuredNetworks(hre), nearestName);
  requireFilePerNetwork(addressesFilePattern(args.addressesFile, hre.config.multiAccount, hre.config.paths.root), networks);
  const concurrency = resolveConcurrency(args.concurrency, networks.length);
  const display = createChainDisplay(
    networks.map((network) => network.name),
    { secrets: hardhat2Secrets(hre) }
  );
  // The children start while the parent compiles (their start-up is most of what --networks adds to
  // a run): they read no artifact before their preflight, which the runner asks for after the compile.
  const children = networks.map((network) => startChild(network.name, childArguments(definition, args, network.name, hre), hre, display));
  const interrupt = interruptOnCtrlC(display.log);
  try {
    // Once, here: children compiling at once would write the same artifacts.
    if (!args.noCompile) await hre.run(TASK_COMPILE, { quiet: true });
    const result = await runEveryChain(
      children.map((child) => child.job),
      { task: definition.name, concurrency, skipFailing: args.skipFailing, dryRun: args.dryRun, deterministic: args.deterministic, signal: interrupt.signal },
      display
    );
    await Promise.all(children.map((child) => child.done));
    if (result.error !== undefined) throw result.error;
    return result;
  } finally {
    interrupt.dispose();
    for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGTERM");
  }
}

/** The child's side: this network's Host and job, served over IPC until the parent is done with it. */
async function serveChild(hre: HardhatRuntimeEnvironment, makeJob: (host: Host) => ChainJob): Promise<void> {
  const secrets = hardhat2Secrets(hre);
  let last: Promise<void> = Promise.resolve();
  const send = (message: unknown) => {
    if (!process.connected) return;
    last = new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
  };
  const channel: Channel<ChildMessage> = {
    post: send,
    onMessage(listener) {
      // The parent gone (killed) is a stop: finish what cannot be stopped, then leave.
      const gone = () => listener({ protocol: EVERY_CHAIN_PROTOCOL, type: "stop" });
      process.on("message", listener);
      process.once("disconnect", gone);
      return () => void (process.off("message", listener), process.off("disconnect", gone));
    },
  };
  // A parent killed outright leaves these pipes closed: a plugin's line then must not crash a send that finishes.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
  const job = makeJob(hardhat2Host(hre));
  const served = serveJob(job, channel, (text) => redact(text, secrets));
  send(READY);
  await served;
  await last;
  if (process.connected) process.disconnect();
}

/**
 * A deploy or upgrade with --networks (the parent), or one network's job in a child (CHILD_MARKER).
 * What it throws prints as its message alone, as a single-chain run's errors do.
 */
export async function everyChainOnHardhat2(
  definition: TaskDefinition,
  args: EveryChainArgs & Record<string, unknown>,
  hre: HardhatRuntimeEnvironment,
  makeJob: (host: Host) => ChainJob
): Promise<EveryChainResult | undefined> {
  try {
    if (isEveryChainChild()) return void (await serveChild(hre, makeJob));
    return await runParent(definition, args, hre);
  } catch (error) {
    const safe = redactError(error, hardhat2Secrets(hre));
    throw safe instanceof Error ? forCommandLine(safe, safe, { task: definition.name, showStackTraces: hre.hardhatArguments.showStackTraces }) : safe;
  }
}
