// The post-deploy verification step: a visible wait, then `verify:verify`. A failure is logged
// and never fails the run.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Logger } from "./output";
import { explorerUrl } from "./output";

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why verification cannot run here, or undefined when it can. */
export function verificationUnavailable(hre: HardhatRuntimeEnvironment, chainId: number): string | undefined {
  if (hre.network.name === "hardhat") return "the in-process network has no explorer";
  if (hre.tasks["verify:verify"] === undefined) return "@nomiclabs/hardhat-etherscan is not loaded in hardhat.config";
  if (explorerUrl(hre, chainId) === undefined) return `no explorer is configured for chain ${chainId} (add an etherscan.customChains entry)`;
  return undefined;
}

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

export interface VerifyRequest {
  address: string;
  /** Fully qualified contract name, so the explorer plugin does not have to guess. */
  contract: string;
  delaySeconds: number;
  chainId: number;
}

/** Returns true when the explorer accepted the source. */
export async function verifyContract(
  hre: HardhatRuntimeEnvironment,
  request: VerifyRequest,
  log: Logger,
  sleep?: Sleep
): Promise<boolean> {
  const unavailable = verificationUnavailable(hre, request.chainId);
  if (unavailable !== undefined) {
    log.info(`Verification skipped: ${unavailable}.`);
    return false;
  }
  await waitVisibly(request.delaySeconds, log, sleep);
  log.info(`Verifying ${request.contract} at ${request.address}...`);
  try {
    await hre.run("verify:verify", { address: request.address, constructorArguments: [], contract: request.contract });
    log.info(`Verified ${request.address}.`);
    return true;
  } catch (error) {
    const message = ((error as Error).message ?? String(error)).split("\n").filter(Boolean).join(" ");
    if (/already verified/i.test(message)) {
      log.info(`${request.address} is already verified.`);
      return true;
    }
    log.warn(
      `Verification of ${request.address} failed (the deployment itself succeeded): ${message}\n` +
        `Retry later with: npx hardhat verify --network ${hre.network.name} ${request.address}`
    );
    return false;
  }
}
