// Command-line arguments over the `multiAccount` config section: one place for the defaults.
import path from "path";
import type { MultiAccountConfig } from "../../config";
import { InputError } from "../../errors";
import { addressesFileFor } from "../files/addresses-path";
import type { DeployOptions } from "./deploy";
import type { CommonTaskArgs, DEPLOY_TASK, HANDOVER_TASK, TaskArgs, UPGRADE_TASK } from "./definitions";
import type { HandoverOptions } from "./handover";
import type { UpgradeOptions } from "./upgrade";

/**
 * --addresses-file relative to the project root, else the config's (already resolved) file; a
 * NETWORK_TOKEN in either is replaced by `network`.
 */
export function addressesFileOption(value: string | undefined, config: MultiAccountConfig, root: string, network: string): string {
  return addressesFileFor(addressesFilePattern(value, config, root), network);
}

/** The addresses file as given, NETWORK_TOKEN left in: for the task that reads every network's. */
export function addressesFilePattern(value: string | undefined, config: MultiAccountConfig, root: string): string {
  return value === undefined ? config.addressesFile : path.resolve(root, value);
}

export function commonOptions(args: CommonTaskArgs, config: MultiAccountConfig, root: string, network: string) {
  if (args.verifyDelay !== undefined && !(Number.isFinite(args.verifyDelay) && args.verifyDelay >= 0)) {
    throw new InputError(`Invalid --verify-delay ${args.verifyDelay}: give a number of seconds >= 0.`);
  }
  return {
    contract: args.contract ?? config.contract,
    addressesFile: addressesFileOption(args.addressesFile, config, root, network),
    verify: config.verify && !args.noVerify,
    verifyDelay: args.verifyDelay ?? config.verifyDelay,
    dryRun: args.dryRun,
    noCompile: args.noCompile,
  };
}

export function deployOptions(args: TaskArgs<typeof DEPLOY_TASK>, config: MultiAccountConfig, root: string, network: string): DeployOptions {
  return {
    ...commonOptions(args, config, root, network),
    admin: args.admin,
    protocolAddress: args.protocolAddress,
    accountContract: args.accountContract ?? config.accountContract,
    force: args.force,
    deterministic: args.deterministic,
    salt: args.salt,
    owner: args.owner,
    ownerIsEoa: args.ownerIsEoa,
  };
}

export function upgradeOptions(args: TaskArgs<typeof UPGRADE_TASK>, config: MultiAccountConfig, root: string, network: string): UpgradeOptions {
  const propose = args.propose
    ? { root, txServiceUrl: config.safe.txServiceUrl ?? process.env.SAFE_TX_SERVICE_URL, apiKey: config.safe.apiKey ?? process.env.SAFE_API_KEY }
    : undefined;
  return { ...commonOptions(args, config, root, network), force: args.force, propose };
}

export function handoverOptions(args: TaskArgs<typeof HANDOVER_TASK>, config: MultiAccountConfig, root: string, network: string): HandoverOptions {
  return {
    owner: args.owner ?? "",
    ownerIsEoa: args.ownerIsEoa,
    keepRoles: args.keepRoles,
    dryRun: args.dryRun,
    addressesFile: addressesFileOption(args.addressesFile, config, root, network),
  };
}

/** --concurrency and --skip-failing mean nothing on one network. */
export function refuseWithoutNetworks(args: { concurrency?: string; skipFailing?: boolean }): void {
  if (args.concurrency !== undefined) throw new InputError(`--concurrency only applies with --networks: add --networks <names>, or drop --concurrency.`);
  if (args.skipFailing) throw new InputError(`--skip-failing only applies with --networks: add --networks <names>, or drop --skip-failing.`);
}
