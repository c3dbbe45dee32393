// `--networks` on Hardhat 3, in one process: the flags, one compile, then the multi-chain runner over
// in-process chain jobs, one per network, each on a Host of its own network connection. Each network
// gets a Hardhat runtime of its own (the project's config, with that network as --network): the
// explorer plugin and the upgrades plugin's proxy verification always work on the runtime's default
// network (`network.create()`, `network.getOrCreate()` without a name), fixed when its network
// manager is made, so only a runtime per network verifies each chain where it was deployed. What a
// plugin prints straight to the console is captured for the run (output/console-capture.ts): each
// line reaches the display prefixed with the network whose work printed it, and redacted. Ctrl-C is
// the runner's (every-chain/interrupt.ts): in one process, no child to stop. Loaded lazily.
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { createChainDisplay, type ChainDisplay } from "../internal/output/chain-display.js";
import { captureConsole, type ConsoleCapture } from "../internal/output/console-capture.js";
import { nearestName } from "../internal/output/nearest-name.js";
import type { TaskDefinition } from "../internal/tasks/definitions.js";
import { interruptOnCtrlC } from "../internal/tasks/every-chain/interrupt.js";
import type { ChainJob } from "../internal/tasks/every-chain/job.js";
import { checkNetworkFlags, operatorsNetwork, requireFilePerNetwork, selectNetworks, type ConfiguredNetwork } from "../internal/tasks/every-chain/networks.js";
import { resolveConcurrency } from "../internal/tasks/every-chain/pool.js";
import type { EveryChainResult } from "../internal/tasks/every-chain/report.js";
import { runEveryChain, type EveryChainArgs } from "../internal/tasks/every-chain/run.js";
import type { Host } from "../internal/tasks/host.js";
import { addressesFilePattern } from "../internal/tasks/options.js";
import { hardhat3Host, hardhat3Secrets } from "./host.mjs";
import { forHardhat3CommandLine } from "./run.mjs";

/** Builds a chain's job over its Host; `network` names its addresses file. */
export type MakeJob = (host: Host, network: string) => ChainJob;

/** A URL as the config gives it: a string, or a configuration variable (undefined when it is not set). */
async function urlOf(value: unknown): Promise<string | undefined> {
  if (typeof value === "string") return value;
  const variable = value as { get?: () => Promise<string> } | undefined;
  if (typeof variable?.get !== "function") return undefined;
  return variable.get().catch(() => undefined);
}

/** The config's networks, as --networks selects from them: only HTTP networks have a URL. */
export async function configuredNetworks(hre: HardhatRuntimeEnvironment): Promise<ConfiguredNetwork[]> {
  return Promise.all(
    Object.entries(hre.config.networks).map(async ([name, config]) => {
      const http = config as { type: string; url?: unknown; chainId?: unknown };
      const url = http.type === "http" ? await urlOf(http.url) : undefined;
      const chosen = operatorsNetwork(name, url, hre.userConfig.networks?.[name] !== undefined);
      return { name, url, chainId: typeof http.chainId === "number" ? http.chainId : undefined, chosen };
    })
  );
}

/** The project's runtime again, with `network` as its default network. */
function runtimeFor(hre: HardhatRuntimeEnvironment, network: string): Promise<HardhatRuntimeEnvironment> {
  return createHardhatRuntimeEnvironment(hre.userConfig, { ...hre.globalOptions, network }, hre.config.paths.root);
}

/**
 * One network's job in this process: its runtime, connection and Host are made in its preflight (a
 * failure there, such as a missing key, is that chain's row), and all its work runs as its own in
 * the console capture.
 */
function inProcessJob(hre: HardhatRuntimeEnvironment, network: string, capture: ConsoleCapture, makeJob: MakeJob): ChainJob {
  let job: ChainJob | undefined;
  let connection: NetworkConnection | undefined;
  const open = async () => {
    if (job === undefined) {
      const made = await hardhat3Host(await runtimeFor(hre, network), { needsSigner: true });
      connection = made.connection;
      job = makeJob(made.host, network);
    }
    return job;
  };
  return {
    network,
    preflight: (context) => capture.within(network, async () => (await open()).preflight(context)),
    send: (context) => capture.within(network, async () => (await open()).send(context)),
    close: () =>
      capture.within(network, async () => {
        await job?.close?.();
        await connection?.close();
      }),
  };
}

/** The run: flags, one compile, a job per network, the runner; throws the run's error (exit code 1). */
async function runAll(definition: TaskDefinition, args: EveryChainArgs, hre: HardhatRuntimeEnvironment, makeJob: MakeJob): Promise<EveryChainResult> {
  checkNetworkFlags({ networks: args.networks, network: hre.globalOptions.network });
  const networks = selectNetworks(args.networks!, await configuredNetworks(hre), nearestName);
  requireFilePerNetwork(addressesFilePattern(args.addressesFile, hre.config.multiAccount, hre.config.paths.root), networks);
  const concurrency = resolveConcurrency(args.concurrency, networks.length);
  // Once, here, with the profile a single-chain deployment builds with (hardhat3/host.mts).
  if (!args.noCompile) await hre.tasks.getTask("build").run({ quiet: true, noTests: true, defaultBuildProfile: "production" });
  const secrets = await hardhat3Secrets(hre);
  const names = networks.map((network) => network.name);
  // The display writes around the capture; a captured line is routed back to it.
  const routes: { display?: ChainDisplay } = {};
  const capture = captureConsole((network) => (network === undefined ? routes.display!.log : routes.display!.logger(network)));
  const display = (routes.display = createChainDisplay(names, { secrets, out: capture.out, err: capture.err }));
  const interrupt = interruptOnCtrlC(display.log);
  try {
    const jobs = networks.map((network) => inProcessJob(hre, network.name, capture, makeJob));
    const options = { concurrency, skipFailing: args.skipFailing, dryRun: args.dryRun, deterministic: args.deterministic, signal: interrupt.signal };
    const result = await runEveryChain(jobs, { task: definition.name, ...options }, display);
    if (result.error !== undefined) throw result.error;
    return result;
  } finally {
    interrupt.dispose();
    capture.restore();
  }
}

/** A deploy or upgrade with --networks on Hardhat 3. What it throws prints as its message alone, as a single-chain run's errors do. */
export async function everyChainOnHardhat3(
  definition: TaskDefinition,
  args: EveryChainArgs,
  hre: HardhatRuntimeEnvironment,
  makeJob: MakeJob
): Promise<EveryChainResult> {
  try {
    return await runAll(definition, args, hre, makeJob);
  } catch (error) {
    throw await forHardhat3CommandLine(definition.name, error, await hardhat3Secrets(hre));
  }
}
