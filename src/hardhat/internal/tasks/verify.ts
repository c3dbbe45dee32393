// The post-deploy verification step: a visible wait, then the host's explorer plugin, for the
// implementation and then the proxy. A failure is logged with the command to retry, and never fails
// the run.
import type { Explorer, ExplorerTarget, Host } from "./host";
import { isPassing, retryPolicy, withRetries, type RetryPolicy, type Sleep } from "./verify-retry";
import type { CodeMatch } from "../compiler/deployed-code";
import type { Logger } from "../output/log";
import { NO_API_KEY } from "../chains/explorers";
import { stoppableSleep } from "../chains/explorer-exchange";

export type { Sleep };
/** Ctrl-C ends the wait (explorer-exchange.ts): verification then stops at once. */
const realSleep: Sleep = stoppableSleep;

export async function waitVisibly(seconds: number, log: Logger, sleep: Sleep = realSleep): Promise<void> {
  if (seconds <= 0) return;
  log.info(`Waiting ${seconds} s for the explorer to index the contract before verifying...`);
  let left = seconds;
  while (left > 0) {
    const step = Math.min(5, left);
    await sleep(step * 1000);
    left -= step;
    if (left > 0) log.info(`  ${left} s left`);
  }
}

export interface DeploymentVerification {
  /** The implementation the proxy points at. */
  implementation: string;
  /** Its fully qualified contract name. */
  contract: string;
  proxy: string;
  delaySeconds: number;
  chainId: number;
}

export interface VerificationOutcome {
  implementation: boolean;
  /** The explorer refused the implementation as a partial match only (see refusalMessage). */
  partial?: boolean;
  /** undefined where the explorer has no proxy linking (a Blockscout shows an EIP-1967 proxy by itself). */
  proxy?: boolean;
  /** One row per explorer of the chain. */
  rows: ExplorerRow[];
}

function oneLine(error: unknown): string {
  return ((error as Error)?.message ?? String(error)).split("\n").filter(Boolean).join(" ");
}

export const PARTIAL_MATCH = "Partial match only";

/**
 * What the operator reads when an explorer (or the explorer plugin, before it sends anything) refuses
 * a contract whose code on chain is not this source's: the contract, the explorer, and why. A partial
 * match (the code is this source's but for the metadata hash) is never reported as verified. A
 * contract verified by its address alone is named by the build's contract that matches it partially;
 * with none, the project's configured contract (`configured`) is named as not matching.
 */
export function refusalMessage(
  match: Exclude<CodeMatch, "perfect">,
  subject: { contract?: string; address: string; explorer: string; configured?: string },
  reason: string
): string {
  const name = subject.contract ?? "the contract";
  if (match === "partial") {
    return (
      `${PARTIAL_MATCH}: ${subject.explorer} did not verify ${name} at ${subject.address}. The code on chain is this source's compiled code but for ` +
      `its metadata hash: the source differs from the one deployed outside the code (a comment, whitespace or a file name). Verify from the source as deployed. (${reason})`
    );
  }
  // Verified by its address alone (a retry): none of the build matched; the config's contract first.
  const what =
    subject.contract ?? (subject.configured === undefined ? "any contract of this project" : `${subject.configured} nor any other contract of this project`);
  return (
    `${subject.explorer} did not verify ${name} at ${subject.address}: the code on chain is not ${what} as compiled now ` +
    `(its code, compiler settings or imports changed since the deploy). (${reason})`
  );
}

/** One explorer's outcome, for its row: "verified", "already verified", "partial match", "refused: why", "failed: why". */
export interface ExplorerRow {
  explorer: string;
  /** The implementation is verified there (or was already). */
  implementation: boolean;
  partial?: boolean;
  /** undefined where the explorer has no proxy linking. */
  proxy?: boolean;
  result: string;
  /** The command that retries it, when something failed. */
  retry?: string;
}

/** The explorers of the chain: the host's list, or its one explorer (Hardhat 2). */
function targetsOf(explorer: Explorer, chainId: number): ExplorerTarget[] {
  if (explorer.each !== undefined) return explorer.each(chainId);
  const linking = explorer.linksProxies(chainId);
  return [
    {
      name: explorer.describe(chainId),
      verify: (request) => explorer.verify(request),
      verifyProxy: linking ? (proxy) => explorer.verifyProxy(proxy, chainId) : undefined,
      retryCommand: (address) => explorer.retryCommand(address),
      retriesItself: explorer.retriesItself,
    },
  ];
}

type Retrying = <T>(call: () => Promise<T>, what: string) => Promise<T>;

function retrying(log: Logger, sleep: Sleep, policy: RetryPolicy): Retrying {
  return (call, what) => withRetries(call, policy, sleep, (message, waitMs) => log.warn(`${what} failed, trying again in ${waitMs / 1000} s: ${message}`));
}

/** The explorer's host could not be found or reached: not an answer from it. */
const UNREACHABLE = /ENOTFOUND|EHOSTUNREACH|ENETUNREACH|getaddrinfo/i;

/** Why a failure ends a row: the explorer said no (refused), or could not be reached or kept failing (failed). */
function failedResult(message: string): string {
  if (message.startsWith(PARTIAL_MATCH)) return "partial match (not verified)";
  return `${isPassing(message) || UNREACHABLE.test(message) ? "failed" : "refused"}: ${message}`;
}

/** The implementation, then the proxy, on one explorer. A failure is logged with the command that retries it. */
async function verifyOn(target: ExplorerTarget, request: DeploymentVerification, log: Logger, retrying: Retrying): Promise<ExplorerRow> {
  const retry: Retrying = target.retriesItself === true ? (call) => call() : retrying;
  const again = target.retryCommand(request.proxy);
  const row: ExplorerRow = { explorer: target.name, implementation: false, result: "verified" };
  log.info(`Verifying ${request.contract} at ${request.implementation} on ${target.name}...`);
  try {
    await retry(
      () => target.verify({ address: request.implementation, contract: request.contract, chainId: request.chainId }),
      `Verification on ${target.name}`
    );
    log.info(`Verified ${request.implementation}.`);
  } catch (error) {
    const message = oneLine(error);
    if (!/already (been )?verified/i.test(message)) {
      log.warn(`Verification of ${request.implementation} failed (the deployment itself succeeded): ${message}\nRetry later with: ${again}`);
      return { ...row, partial: message.startsWith(PARTIAL_MATCH) || undefined, result: failedResult(message), retry: again };
    }
    log.info(`${request.implementation} is already verified.`);
    row.result = "already verified";
  }
  row.implementation = true;
  if (target.verifyProxy === undefined) return row;
  log.info(`Verifying the proxy ${request.proxy} and linking it to ${request.implementation}...`);
  try {
    const answer = await retry(() => target.verifyProxy!(request.proxy), `Linking the proxy on ${target.name}`);
    if (answer === "already verified") {
      log.info(`Proxy ${request.proxy} is already verified and linked to ${request.implementation}.`);
      return { ...row, proxy: true, result: `${row.result}, proxy already linked` };
    }
    log.info(`Proxy ${request.proxy} verified and linked: the explorer shows it as a proxy of ${request.implementation}.`);
    return { ...row, proxy: true, result: `${row.result}, proxy linked` };
  } catch (error) {
    const message = oneLine(error);
    log.warn(`Linking the proxy ${request.proxy} failed (the deployment itself succeeded): ${message}\nRetry later with: ${again}`);
    return { ...row, proxy: false, result: `${row.result}, proxy not linked: ${failedResult(message)}`, retry: again };
  }
}

/** A row per explorer, each with its result and, when one failed, how to retry it. */
function printRows(rows: ExplorerRow[], log: Logger): void {
  log.info(`Verification, explorer by explorer:`);
  for (const row of rows) log.info(`  ${row.explorer}: ${row.result}${row.retry === undefined ? "" : ` (retry: ${row.retry})`}`);
}

/**
 * The deployment's verification on every explorer of the chain, one after the other: on each the
 * implementation, then the proxy, verified and linked to it where the explorer links proxies. A
 * passing failure (a 429, "pending", the explorer down) is tried again with backoff (`policy`); one
 * explorer's failure never stops the next, and never fails the run.
 */
export async function verifyDeployment(
  host: Host,
  request: DeploymentVerification,
  log: Logger,
  sleep: Sleep = realSleep,
  policy: RetryPolicy = retryPolicy(process.env)
): Promise<VerificationOutcome> {
  const unavailable = host.explorer.unavailable(request.chainId);
  if (unavailable !== undefined) {
    log.info(`Verification skipped (${skipKind(unavailable)}): ${unavailable}.`);
    return { implementation: false, rows: [] };
  }
  await waitVisibly(request.delaySeconds, log, sleep);
  const retry = retrying(log, sleep, policy);
  const rows: ExplorerRow[] = [];
  for (const target of targetsOf(host.explorer, request.chainId)) rows.push(await verifyOn(target, request, log, retry));
  printRows(rows, log);
  const proxies = rows.filter((row) => row.proxy !== undefined);
  return {
    implementation: rows.length > 0 && rows.every((row) => row.implementation),
    partial: rows.some((row) => row.partial === true) || undefined,
    proxy: proxies.length === 0 ? undefined : proxies.every((row) => row.proxy === true),
    rows,
  };
}

/**
 * A multi-chain summary's words for a verification skipped for `reason`: the state the chain's own
 * line names ("Verification skipped (no explorer): …"), one wording each.
 */
export function skippedState(reason: string): string {
  return `skipped (${skipKind(reason)})`;
}

/** Why a chain's verification is skipped, in the words its line and the summary both use. */
function skipKind(reason: string): string {
  if (reason.startsWith(NO_API_KEY)) return NO_API_KEY;
  if (/\bplugin/.test(reason)) return "no explorer plugin";
  return "no explorer";
}

/** The outcome in a few words, for a multi-chain run's summary. */
export function summary(outcome: VerificationOutcome): string {
  const verified = outcome.rows.filter((row) => row.implementation).length;
  const linked = outcome.proxy === false ? ", proxy not linked" : "";
  if (verified > 0 && verified < outcome.rows.length) return `verified on ${verified} of ${outcome.rows.length} explorers${linked}`;
  if (outcome.partial === true) return "partial match only (not verified)";
  if (!outcome.implementation) return "failed";
  return `verified${linked}`;
}

/**
 * Verification once a deploy or upgrade is done: skipped with a warning when the implementation's
 * address could not be read, and any failure a warning (`done` says the work itself is complete).
 * Returns the outcome in a few words, for a multi-chain run's summary: "verified", "skipped", "failed".
 */
export async function verifyAfterwards(
  host: Host,
  request: Omit<DeploymentVerification, "implementation" | "contract"> & { implementation?: string; contractName: string },
  log: Logger,
  done: string,
  sleep?: Sleep
): Promise<string> {
  const later = `Verify later with: ${host.explorer.retryCommand(request.proxy)}`;
  const { implementation, contractName, ...rest } = request;
  if (implementation === undefined) {
    log.warn(`Verification skipped: the implementation's address could not be read. ${later}`);
    return "skipped (implementation not read)";
  }
  try {
    const outcome = await verifyDeployment(host, { ...rest, implementation, contract: await host.contractFqn(contractName) }, log, sleep);
    const unavailable = host.explorer.unavailable(request.chainId);
    if (unavailable !== undefined) return skippedState(unavailable);
    return summary(outcome);
  } catch (error) {
    log.warn(`Warning: could not verify (${oneLine(error)}); ${done}. ${later}`);
    return "failed";
  }
}
