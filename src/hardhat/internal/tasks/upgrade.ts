// upgrade-multiaccount: checks that the new implementation's code is not the one the recorded proxy
// already runs, validates its storage layout against the proxy, upgrades it, and verifies the new
// implementation.
import { ADMIN_SLOT, IMPLEMENTATION_SLOT, TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT } from "../../constants";
import { InputError, MultiAccountKitError } from "../../errors";
import type { Host } from "./host";
import { requireAddress } from "./inputs";
import { isCompiledCode } from "../compiler/deployed-code";
import { addressLink } from "../output/log";
import { afterwards, reportGas, startRun, withSession, type RunContext, type RunEffects } from "./lifecycle";
import type { StackFactory } from "../stack/types";
import { verifyAfterwards, type Sleep } from "./verify";
import type { PreflightCells } from "./every-chain/job";

export interface UpgradeOptions {
  contract: string;
  addressesFile: string;
  verify: boolean;
  verifyDelay: number;
  dryRun: boolean;
  /** Skip the compile that runs first (`--no-compile`). */
  noCompile?: boolean;
  /** Upgrade even when the current implementation already has the new one's compiled code. */
  force?: boolean;
}

export interface UpgradeResult {
  proxy: string;
  oldImplementation: string;
  /** Read from the proxy after the upgrade; undefined when that read failed (a warning said so). */
  implementation?: string;
}

/** An upgrade sent, and its verification's outcome in a few words ("verified", "skipped (--no-verify)", "failed"). */
export interface SentUpgrade {
  result: UpgradeResult;
  verification: string;
}

export function upgradeMultiAccount(host: Host, options: UpgradeOptions, effects: RunEffects & { sleep?: Sleep } = {}): Promise<UpgradeResult | undefined> {
  const progress = effects.progress ?? { step: "starting" };
  return withSession(host, { task: TASK_UPGRADE_MULTIACCOUNT, progress }, () => upgrade(host, options, { ...effects, progress }));
}

async function upgrade(host: Host, options: UpgradeOptions, effects: RunEffects & { sleep?: Sleep }): Promise<UpgradeResult | undefined> {
  const run = await startRun(host, TASK_UPGRADE_MULTIACCOUNT, options.addressesFile, effects);
  const plan = await planUpgrade(host, run, options);
  if (!plan.worth) return undefined;
  if (options.dryRun) {
    run.log.info(`Dry run: nothing was sent.`);
    return undefined;
  }
  return (await sendUpgrade(host, run, options, plan, effects)).result;
}

/** Sends the upgrade planned (after every check passed), then reports it. */
export async function sendUpgrade(
  host: Host,
  run: RunContext,
  options: UpgradeOptions,
  plan: UpgradePlan,
  effects: RunEffects & { sleep?: Sleep }
): Promise<SentUpgrade> {
  run.progress.step = "upgrading";
  try {
    await run.stack.upgradeProxy(plan.proxy, plan.factory);
  } catch (error) {
    throw new MultiAccountKitError(`Upgrade failed on "${host.network.name}": ${(error as Error).message.split("\n")[0].replace(/\.$/, "")}.`, error as Error);
  }
  // The proxy points at the new implementation: the upgrade is done. What follows only reports it.
  host.rpc.complete();
  return reportUpgrade(host, run, options, plan, effects);
}

/** What the plan step found on this chain, and what the send needs. */
export interface UpgradePlan {
  /** The preflight table's cells: chain id, the proxy, action. */
  cells: PreflightCells;
  /** False when the proxy already runs the new implementation's code (and no --force): nothing to send. */
  worth: boolean;
  proxy: string;
  oldImplementation: string;
  /** The new implementation's factory, validated as an upgrade of `proxy`. */
  factory: StackFactory;
}

/**
 * Every check, the compile, the factory, the code comparison and the upgrade validation, before
 * anything is sent; logs and returns what it found (not `worth` sending when the proxy already runs
 * the new implementation's code, and then not validated).
 */
export async function planUpgrade(host: Host, run: RunContext, options: UpgradeOptions): Promise<UpgradePlan> {
  const { stack, log, progress } = run;
  const { proxy, oldImplementation } = await recordedProxy(host, run, options.addressesFile);
  await refuseUpgradeByOthers(host, run, proxy);

  if (!options.noCompile) {
    progress.step = "compiling";
    const built = await host.compile();
    if (built) log.info(built);
  }
  progress.step = "loading the contracts";
  const factory = await stack.contractFactory(options.contract, run.deployer).catch((error: Error) => {
    throw new InputError(`Cannot load contract "${options.contract}" (${error.message.split("\n")[0]}). Check --contract.`);
  });

  log.info(`Network:            ${host.network.name} (chain ${run.chainId})`);
  log.info(`Proxy:              ${proxy}${addressLink(run.browserUrl, proxy)}`);
  log.info(`Old implementation: ${oldImplementation}${addressLink(run.browserUrl, oldImplementation)}`);
  const cells: PreflightCells = { chainId: run.chainId, proxy };
  if (!(await worthUpgrading(host, run, options, oldImplementation))) {
    return { cells: { ...cells, action: "nothing to upgrade" }, worth: false, proxy, oldImplementation, factory };
  }
  log.info(`Validating ${options.contract} as an upgrade (storage layout and upgrade safety)...`);
  progress.step = `validating ${options.contract} as an upgrade of ${proxy}`;
  try {
    await stack.validateUpgrade(proxy, factory);
  } catch (error) {
    if (error instanceof MultiAccountKitError) throw error;
    throw new InputError(`${options.contract} is not a safe upgrade of ${proxy}: ${(error as Error).message}. Nothing was sent.`);
  }
  log.info(`Validation passed.`);
  return { cells: { ...cells, action: "upgrade" }, worth: true, proxy, oldImplementation, factory };
}

/** The proxy the addresses file records, which must have code here, and its current implementation (ERC-1967 slot). */
async function recordedProxy(host: Host, run: RunContext, file: string): Promise<{ proxy: string; oldImplementation: string }> {
  const { stack, progress } = run;
  const deployHint = `deploy first with \`${host.command(TASK_DEPLOY_MULTIACCOUNT)}\``;
  progress.step = "checking the recorded proxy";
  const proxy = requireAddress(
    stack,
    "MultiAccount proxy address",
    run.addresses.multiAccountAddress,
    `Set "multiAccountAddress" in ${file}, or ${deployHint}.`
  );
  if (!(await host.chain.hasCode(proxy))) {
    throw new InputError(
      `The MultiAccount proxy ${proxy} recorded in ${file} has no code on "${host.network.name}" (chain ${run.chainId}). ` +
        `Check --network, or ${deployHint}.`
    );
  }
  return { proxy, oldImplementation: stack.getAddress(await host.chain.addressInSlot(proxy, IMPLEMENTATION_SLOT)) };
}

/**
 * Only the proxy's ProxyAdmin's owner can upgrade it: when that is not the deployer, the upgrade is
 * refused here, in a dry run, a preflight and a real run alike, before anything is compiled or sent
 * (the new implementation's creation would spend gas for an upgrade that must fail).
 */
async function refuseUpgradeByOthers(host: Host, run: RunContext, proxy: string): Promise<void> {
  const { stack } = run;
  run.progress.step = "checking who may upgrade the proxy";
  const admin = stack.getAddress(await host.chain.addressInSlot(proxy, ADMIN_SLOT));
  const found = await host.chain.ownerOf(admin);
  if (found === undefined) return; // not an Ownable ProxyAdmin: the upgrades plugin has the last word
  const owner = stack.getAddress(found);
  if (owner === stack.getAddress(run.deployer.address)) return;
  const who = (await host.chain.hasCode(owner))
    ? `the contract ${owner} (a multisig such as a Safe?): this task cannot upgrade through it yet; its owners must send the upgrade to the ProxyAdmin themselves`
    : `${owner}: run the upgrade with that account's key, or have it transfer the ProxyAdmin's ownership to the deployer first`;
  throw new InputError(
    `The proxy ${proxy} is upgraded by its ProxyAdmin ${admin}, which is owned by ${who}. ` +
      `The deployer ${run.deployer.address} cannot upgrade it. Nothing was sent.`
  );
}

/**
 * False, after saying so, when the current implementation's code is the new one's as compiled (but
 * for library links and immutables): such an upgrade would only spend gas. `--force` sends it anyway.
 */
async function worthUpgrading(host: Host, run: RunContext, options: UpgradeOptions, current: string): Promise<boolean> {
  run.progress.step = `comparing the code of ${current} with ${options.contract}'s`;
  const compiled = await host.deployedCode(options.contract);
  if (!(await isCompiledCode(await host.chain.code(current), compiled))) return true;
  const same = `the current implementation ${current} already has ${options.contract}'s compiled code`;
  if (options.force) {
    run.log.warn(`--force: ${same}; ${options.dryRun ? "without --dry-run it would be upgraded" : "upgrading"} to it anyway.`);
    return true;
  }
  run.log.info(`Nothing to upgrade: ${same}. Nothing was sent (pass --force to upgrade anyway).`);
  return false;
}

/** After the upgrade: the new implementation read from the proxy, the gas and verification. A failure here is a warning. */
async function reportUpgrade(
  host: Host,
  run: RunContext,
  options: UpgradeOptions,
  { proxy, oldImplementation }: UpgradePlan,
  effects: { sleep?: Sleep }
): Promise<SentUpgrade> {
  const { stack, log, progress } = run;
  const done = "the upgrade itself is complete";
  progress.step = "reading the proxy's implementation slot";
  let implementation: string | undefined;
  await afterwards(run, "read the proxy's new implementation", done, async () => {
    implementation = stack.getAddress(await host.chain.addressInSlot(proxy, IMPLEMENTATION_SLOT));
    log.info(`New implementation: ${implementation}${addressLink(run.browserUrl, implementation)}`);
  });
  progress.step = "reading the receipts";
  await reportGas(run, "Gas used:           ", done);
  let verification = options.verify ? "skipped (same implementation)" : "skipped (--no-verify)";
  if (options.verify && implementation !== oldImplementation) {
    progress.step = "verifying the new implementation";
    verification = await verifyAfterwards(
      host,
      { implementation, contractName: options.contract, proxy, delaySeconds: options.verifyDelay, chainId: run.chainId },
      log,
      done,
      effects.sleep
    );
  }
  return { result: { proxy, oldImplementation, implementation }, verification };
}
