// The start every on-chain task shares (the stack, a redacting logger, the addresses file loaded
// so that a corrupt one stops the run here untouched, the deployer, the chain, the send journal), the
// RPC session around a task, and the net that turns anything unforeseen into an error naming the
// task and the step, and that lists what a failed run sent.
import { loadAddresses, type AddressesFile } from "../../addresses";
import { PLUGIN_NAME } from "../../constants";
import {
  isHardhatError,
  isPluginError,
  MissingPrivateKeyError,
  MultiAccountKitError,
  NetworkUnreachableError,
  RpcUnavailableError,
  UnexpectedError,
} from "../../errors";
import type { GasSummary } from "../chains/reader";
import type { Host } from "./host";
import { lockAwareStack } from "./manifest-lock";
import { createLogger, currencySymbol, type Logger } from "../output/log";
import { redactError } from "../output/redact";
import { classify } from "../rpc/failures";
import { journalPathFor } from "../rpc/journal";
import type { Stack, StackSigner } from "../stack/types";

/** Where a task is; read when something unforeseen fails, to say which step it was. */
export interface Progress {
  step: string;
}

export interface RunEffects {
  logger?: Logger;
  progress?: Progress;
}

export interface RunContext {
  host: Host;
  stack: Stack;
  log: Logger;
  progress: Progress;
  addresses: AddressesFile;
  deployer: StackSigner;
  chainId: number;
  /** The explorer's base URL, for links. */
  browserUrl: string | undefined;
  /** "1.5 BNB" */
  formatValue(wei: bigint): string;
}

export async function startRun(host: Host, task: string, addressesFile: string, effects: RunEffects = {}): Promise<RunContext> {
  const progress = effects.progress ?? { step: "starting" };
  progress.step = "checking the project's ethers and upgrades plugins";
  const log = createLogger(host.secrets, effects.logger);
  const stack = lockAwareStack(host.stack(), { log, sent: () => host.rpc.sent });
  progress.step = `loading the addresses file ${addressesFile}`;
  const addresses = loadAddresses(addressesFile);
  progress.step = "reading the deployer account";
  if (host.network.live && host.network.noAccounts) throw new MissingPrivateKeyError(host.network.name);
  const signers = await host.chain.reach("reading the deployer account", () => stack.signers());
  if (signers.length === 0) throw new MissingPrivateKeyError(host.network.name);
  progress.step = "reading the chain id";
  const chainId = await host.chain.chainId();
  const symbol = currencySymbol(chainId);
  const browserUrl = host.explorer.browserUrl(chainId);
  host.rpc.begin({ task, journalFile: journalPathFor(addressesFile), chainId, log, browserUrl });
  return {
    host,
    stack,
    log,
    progress,
    addresses,
    deployer: signers[0],
    chainId,
    browserUrl,
    formatValue: (wei) => `${stack.formatEther(wei)} ${symbol}`,
  };
}

/**
 * A step after the run's work is done (`done`: "the deployment itself is complete and recorded"): a
 * failure is a warning, never the run's.
 */
export async function afterwards(run: RunContext, what: string, done: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    run.log.warn(`Warning: could not ${what} (${((error as Error)?.message ?? String(error)).split("\n")[0]}); ${done}.`);
  }
}

/** The gas summary of this run's transactions, once its work is done. */
export function reportGas(run: RunContext, label: string, done: string): Promise<void> {
  return afterwards(run, "read the receipts for the gas summary", done, async () => {
    run.log.info(`${label}${describeGas(run, await run.host.chain.summarize(run.host.rpc.hashes()))}`);
  });
}

/** "N in M transaction(s), cost X SYMBOL" */
export function describeGas(run: RunContext, gas: GasSummary): string {
  return `${gas.gasUsed.toString()} in ${gas.transactions} transaction(s), cost ${run.formatValue(gas.cost)}`;
}

/** Which task is running, and where it is: for errors that do not say it themselves. */
export interface TaskNet {
  task: string;
  progress: Progress;
}

/**
 * The endpoint's own answer refusing a call (a JSON-RPC error, not a revert), when `error` or an
 * error it explains is one: a key, a quota or access the provider will not grant.
 */
function refusal(error: unknown): Error | undefined {
  let current = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const message = String((current as Error).message ?? "");
    if (!(current instanceof MultiAccountKitError) && classify(current).answered && !/revert/i.test(message)) return current as Error;
    const links = current as { parent?: unknown; cause?: unknown; error?: unknown };
    current = links.parent ?? links.cause ?? links.error;
  }
  return undefined;
}

/** What to do about a refusal, naming the endpoint. */
function refusalAdvice(host: Host): string {
  return (
    `The JSON-RPC endpoint of ${host.network.endpoint} refused the call. Fix what it says (for a key, a quota or access: ` +
    `the network's url, or <NETWORK>_RPC_URL in .env, and the provider's plan), then run the same command again.`
  );
}

/** A Hardhat or foreign error, restated as ours naming the task, the step and, for a refusal, the endpoint. */
function restate(error: unknown, host: Host, net: TaskNet): Error {
  const message = ((error as Error)?.message ?? String(error)).split("\n")[0];
  if (isHardhatError(error) || isPluginError(error)) {
    return new MultiAccountKitError(`${net.task} stopped while ${net.progress.step}: ${message}`, error as Error);
  }
  if (refusal(error) !== undefined) {
    return new MultiAccountKitError(`${net.task} stopped while ${net.progress.step}: "${message}". ${refusalAdvice(host)}`, error as Error);
  }
  const kind = (error as Error)?.name ?? "Error";
  return new UnexpectedError(
    `${net.task} failed while ${net.progress.step}: ${kind}: ${message}. ` +
      `This is not a problem with your input that we know of; run again with --show-stack-traces for the details, and report it if it persists.`,
    error instanceof Error ? error : undefined
  );
}

/**
 * Our own errors pass through (listing what the run sent, if anything, and what to do when the
 * endpoint refused a call); Hardhat's are put into one of ours naming the task and the step; anything
 * else (a TypeError from a plugin, an undici error) becomes an UnexpectedError naming the task and
 * the step, with the original as its cause. What comes out holds no secret, its causes included
 * (redactError): Hardhat prints them.
 */
function explain(error: unknown, host: Host, net: TaskNet): Error {
  let explained: Error;
  const ours = isPluginError(error) && (error as { pluginName?: unknown }).pluginName === PLUGIN_NAME;
  if (error instanceof RpcUnavailableError) {
    explained = error.during(net.progress.step);
  } else if (ours) {
    explained = error as Error;
    if (refusal(error) !== undefined) explained.message = `${explained.message.trimEnd()} ${refusalAdvice(host)}`;
  } else {
    explained = restate(error, host, net);
  }
  const sent = host.rpc.describeSent();
  if (sent !== undefined) explained.message = `${explained.message.trimEnd()} ${sent}`;
  else if (explained instanceof NetworkUnreachableError) explained.message = `${explained.message.trimEnd()} Nothing was sent.`;
  return redactError(explained, host.secrets);
}

/**
 * Runs `body` behind the host's RPC session (retries, idempotent sends, the journal), unless an outer
 * call already does; that one explains the failure. A call that gives up for good ends the task
 * even where a plugin made it in the background.
 */
export async function withSession<T>(host: Host, net: TaskNet, body: () => Promise<T>): Promise<T> {
  if (!host.rpc.install()) return body();
  try {
    return await Promise.race([body(), host.rpc.aborted]);
  } catch (error) {
    host.rpc.fail();
    throw explain(error, host, net);
  } finally {
    host.rpc.uninstall();
  }
}

/** Runs a task body behind the RPC session, with the net that explains whatever fails (explain). */
export async function runTask<T>(task: string, host: Host, body: (progress: Progress) => Promise<T>): Promise<T> {
  const progress: Progress = { step: "starting" };
  return withSession(host, { task, progress }, () => body(progress));
}
