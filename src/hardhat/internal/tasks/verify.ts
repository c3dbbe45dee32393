// The post-deploy verification step: a visible wait, then the host's explorer plugin, for the
// implementation and then the proxy. A failure is logged with the command to retry, and never fails
// the run.
import type { Host } from "./host";
import type { CodeMatch } from "../compiler/deployed-code";
import type { Logger } from "../output/log";

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

/**
 * The deployment's verification: the implementation (`verify:verify` on it), then the proxy, verified and
 * linked to it so that the explorer shows it as a proxy. Every failure is logged with the command
 * that retries both, and never fails the run.
 */
export async function verifyDeployment(host: Host, request: DeploymentVerification, log: Logger, sleep?: Sleep): Promise<VerificationOutcome> {
  const unavailable = host.explorer.unavailable(request.chainId);
  if (unavailable !== undefined) {
    log.info(`Verification skipped: ${unavailable}.`);
    return { implementation: false };
  }
  await waitVisibly(request.delaySeconds, log, sleep);
  const retry = `Retry later with: ${host.explorer.retryCommand(request.proxy)}`;
  log.info(`Verifying ${request.contract} at ${request.implementation} on ${host.explorer.describe(request.chainId)}...`);
  let implementation = false;
  try {
    await host.explorer.verify({ address: request.implementation, contract: request.contract, chainId: request.chainId });
    log.info(`Verified ${request.implementation}.`);
    implementation = true;
  } catch (error) {
    const message = oneLine(error);
    if (/already verified/i.test(message)) {
      log.info(`${request.implementation} is already verified.`);
      implementation = true;
    } else {
      log.warn(`Verification of ${request.implementation} failed (the deployment itself succeeded): ${message}\n${retry}`);
      return { implementation: false, partial: message.startsWith(PARTIAL_MATCH) || undefined };
    }
  }
  if (!host.explorer.linksProxies(request.chainId)) return { implementation };
  log.info(`Verifying the proxy ${request.proxy} and linking it to ${request.implementation}...`);
  try {
    await host.explorer.verifyProxy(request.proxy, request.chainId);
    log.info(`Proxy ${request.proxy} verified and linked: the explorer shows it as a proxy of ${request.implementation}.`);
    return { implementation, proxy: true };
  } catch (error) {
    log.warn(`Linking the proxy ${request.proxy} failed (the deployment itself succeeded): ${oneLine(error)}\n${retry}`);
    return { implementation, proxy: false };
  }
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
    if (host.explorer.unavailable(request.chainId) !== undefined) return "skipped (no explorer)";
    if (outcome.partial === true) return "partial match only (not verified)";
    if (!outcome.implementation) return "failed";
    return outcome.proxy === false ? "verified, proxy not linked" : "verified";
  } catch (error) {
    log.warn(`Warning: could not verify (${oneLine(error)}); ${done}. ${later}`);
    return "failed";
  }
}
