// upgrade-multiaccount: validates the new implementation's storage layout against the stored
// proxy, upgrades it, and verifies the new implementation.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { IMPLEMENTATION_SLOT, TASK_DEPLOY_MULTIACCOUNT } from "../constants";
import { InputError, MultiAccountKitError } from "../errors";
import { requireAddress } from "./inputs";
import { hasCode, readAddressSlot } from "./network";
import { addressLink, type Logger } from "./output";
import { describeGas, startRun } from "./run";
import { summarizeGas, trackTransactions } from "./transactions";
import { verifyContract, type Sleep } from "./verify";
import { contractFqn } from "./artifacts";

export interface UpgradeOptions {
  contract: string;
  addressesFile: string;
  verify: boolean;
  verifyDelay: number;
  dryRun: boolean;
}

export interface UpgradeResult {
  proxy: string;
  oldImplementation: string;
  implementation: string;
}

export async function upgradeMultiAccount(
  hre: HardhatRuntimeEnvironment,
  options: UpgradeOptions,
  effects: { logger?: Logger; sleep?: Sleep } = {}
): Promise<UpgradeResult | undefined> {
  const file = options.addressesFile;
  const { log, addresses, deployer, network, explorer } = await startRun(hre, file, effects.logger);
  const proxy = requireAddress(
    "MultiAccount proxy address",
    addresses.multiAccountAddress,
    `Set "multiAccountAddress" in ${file}, or deploy first with \`npx hardhat ${TASK_DEPLOY_MULTIACCOUNT}\`.`
  );
  if (!(await hasCode(hre, proxy))) {
    throw new InputError(
      `The MultiAccount proxy ${proxy} recorded in ${file} has no code on "${network.name}" (chain ${network.chainId}). ` +
        `Check --network, or deploy first with \`npx hardhat ${TASK_DEPLOY_MULTIACCOUNT}\`.`
    );
  }
  const oldImplementation = await readAddressSlot(hre, proxy, IMPLEMENTATION_SLOT);
  const tracker = trackTransactions(deployer, log, explorer);
  const factory = await hre.ethers.getContractFactory(options.contract, tracker.signer).catch((error: Error) => {
    throw new InputError(`Cannot load contract "${options.contract}" (${error.message.split("\n")[0]}). Check --contract.`);
  });

  log.info(`Network:            ${network.name} (chain ${network.chainId})`);
  log.info(`Proxy:              ${proxy}${addressLink(explorer, proxy)}`);
  log.info(`Old implementation: ${oldImplementation}${addressLink(explorer, oldImplementation)}`);
  log.info(`Validating ${options.contract} as an upgrade (storage layout and upgrade safety)...`);
  try {
    await hre.upgrades.validateUpgrade(proxy, factory, { kind: "transparent" });
  } catch (error) {
    throw new InputError(`${options.contract} is not a safe upgrade of ${proxy}: ${(error as Error).message}. Nothing was sent.`);
  }
  log.info(`Validation passed.`);
  if (options.dryRun) {
    log.info(`Dry run: nothing was sent.`);
    return undefined;
  }

  try {
    const upgraded = await hre.upgrades.upgradeProxy(proxy, factory, { kind: "transparent" });
    await upgraded.deployed();
  } catch (error) {
    throw new MultiAccountKitError(
      `Upgrade failed on "${network.name}": ${(error as Error).message}. ` +
        `Transactions already sent: ${tracker.hashes.join(", ") || "none"}.`,
      error as Error
    );
  }
  const implementation = await readAddressSlot(hre, proxy, IMPLEMENTATION_SLOT);
  log.info(`New implementation: ${implementation}${addressLink(explorer, implementation)}`);
  const gas = await summarizeGas(hre.ethers.provider, tracker.hashes);
  log.info(`Gas used:           ${describeGas(hre, gas, network.chainId)}`);
  if (options.verify && implementation !== oldImplementation) {
    await verifyContract(
      hre,
      { address: implementation, contract: await contractFqn(hre, options.contract), delaySeconds: options.verifyDelay, chainId: network.chainId },
      log,
      effects.sleep
    );
  }
  return { proxy, oldImplementation, implementation };
}
