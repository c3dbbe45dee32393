// upgrade-multiaccount: checks that the new implementation's code is not the one the recorded proxy
// already runs, validates its storage layout against the proxy, upgrades it, and verifies the new
// implementation. When the proxy's ProxyAdmin belongs to a Safe, it deploys and verifies the new
// implementation and, in place of the upgrade, writes the Safe transaction as a Transaction Builder
// batch file for the Safe's owners to sign.
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
import { encodeTransaction, readSafe, safeTransactionHash, supportedSafeVersion, type SafeState } from "../chains/safe";
import { batchFileFor, readBatch, upgradeTransaction, writeBatch, type BatchTransaction } from "../files/safe-batch";
import { checkProposer, proposeUpgrade, type ProposeOptions, type Proposal, type Proposer } from "./safe-proposal";

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
  /** `--propose`: a Safe's upgrade is proposed to its Transaction Service too. */
  propose?: ProposeOptions;
}

export interface UpgradeResult {
  proxy: string;
  oldImplementation: string;
  /** Read from the proxy after the upgrade; undefined when that read failed (a warning said so), or when a Safe upgrades. */
  implementation?: string;
  /** When the ProxyAdmin's owner is a Safe: the upgrade its owners are to sign, in place of one sent. */
  safe?: SafeUpgrade;
}

/** An upgrade written for a Safe's owners: the implementation deployed, the batch file and the transaction's hash. */
export interface SafeUpgrade {
  safe: string;
  implementation: string;
  batchFile: string;
  nonce: bigint;
  safeTxHash: string;
  /** An earlier run had written the same batch: nothing new was deployed or written. */
  waiting: boolean;
  /** With --propose: the proposal the Transaction Service holds. */
  proposal?: Proposal;
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
  if (plan.safe !== undefined) return writeSafeUpgrade(host, run, options, plan, plan.safe, effects);
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
  /** The ProxyAdmin's owner, when it is a Safe: the upgrade goes to a batch file for its owners. */
  safe?: SafeOwner;
  /** --propose: the service, the deployer checked as an owner or a delegate of the Safe. */
  proposer?: Proposer;
}

/** A ProxyAdmin owned by a Safe. */
export interface SafeOwner {
  proxyAdmin: string;
  state: SafeState;
}

/**
 * Every check, the compile, the factory, the code comparison and the upgrade validation, before
 * anything is sent; logs and returns what it found (not `worth` sending when the proxy already runs
 * the new implementation's code, and then not validated).
 */
export async function planUpgrade(host: Host, run: RunContext, options: UpgradeOptions): Promise<UpgradePlan> {
  const { stack, log, progress } = run;
  const { proxy, oldImplementation } = await recordedProxy(host, run, options.addressesFile);
  const safe = await upgradeAuthority(host, run, proxy);
  if (safe !== undefined) refuseForeignBatch(host, run, options.addressesFile, safe);
  const proposer = options.propose === undefined ? undefined : await proposerFor(run, safe, options.propose);

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
  if (safe !== undefined) {
    const { address, owners, threshold, nonce, version } = safe.state;
    log.info(`ProxyAdmin owner:   the Safe ${stack.getAddress(address)} (Safe ${version}, ${threshold} of ${owners.length} owners, nonce ${nonce})`);
  }
  const cells: PreflightCells = { chainId: run.chainId, proxy };
  if (!(await worthUpgrading(host, run, options, oldImplementation))) {
    return { cells: { ...cells, action: "nothing to upgrade" }, worth: false, proxy, oldImplementation, factory, safe, proposer };
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
  if (safe !== undefined && options.dryRun) {
    log.info(`Without --dry-run: the new implementation is deployed and verified, and the upgrade is written for the Safe's owners to sign.`);
  }
  const action = safe === undefined ? "upgrade" : `upgrade through the Safe ${stack.getAddress(safe.state.address)}`;
  return { cells: { ...cells, action }, worth: true, proxy, oldImplementation, factory, safe, proposer };
}

/**
 * The batch file this run would write holds another chain's or another Safe's transaction (a network
 * name reused for another chain, a ProxyAdmin handed to another Safe): refused before anything is
 * sent, so that a batch is never replaced by one for a different Safe or chain unseen.
 */
function refuseForeignBatch(host: Host, run: RunContext, addressesFile: string, safe: SafeOwner): void {
  const file = batchFileFor(addressesFile, host.network.name);
  const batch = readBatch(file);
  if (batch === undefined) return;
  const safeAddress = run.stack.getAddress(safe.state.address);
  const writtenFor = batch.meta.createdFromSafeAddress ?? "";
  if (batch.chainId === String(run.chainId) && writtenFor.toLowerCase() === safeAddress.toLowerCase()) return;
  throw new InputError(
    `${file} holds a Safe transaction for the Safe ${writtenFor} on chain ${batch.chainId}, but "${host.network.name}" is chain ${run.chainId} ` +
      `and its ProxyAdmin is owned by the Safe ${safeAddress}. Check which chain and Safe that file belongs to, then move it away and run again. Nothing was sent.`
  );
}

/** --propose applies to a Safe's upgrade only; the deployer must be able to propose (checked before anything is sent). */
async function proposerFor(run: RunContext, safe: SafeOwner | undefined, options: ProposeOptions): Promise<Proposer> {
  if (safe === undefined) {
    throw new InputError(`--propose applies when a Safe owns the proxy's ProxyAdmin; here the deployer owns it and sends the upgrade itself. Drop --propose.`);
  }
  const proposer = await checkProposer(run, safe.state, options);
  run.log.info(`Proposer:           the deployer, ${proposer.role === "owner" ? "an owner" : "a delegate"} of the Safe, to ${proposer.where}`);
  return proposer;
}

/** The proxy the addresses file records, which must have code here, and its current implementation (ERC-1967 slot). */
export async function recordedProxy(host: Host, run: RunContext, file: string): Promise<{ proxy: string; oldImplementation: string }> {
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
 * Only the proxy's ProxyAdmin's owner can upgrade it: the deployer, which sends the upgrade, or a Safe
 * (1.3.0 or later), whose owners get the upgrade to sign (the Safe returned). Any other owner is
 * refused here, in a dry run, a preflight and a real run alike, before anything is compiled or sent
 * (the new implementation's creation would spend gas for an upgrade that must fail).
 */
async function upgradeAuthority(host: Host, run: RunContext, proxy: string): Promise<SafeOwner | undefined> {
  const { stack } = run;
  run.progress.step = "checking who may upgrade the proxy";
  const admin = stack.getAddress(await host.chain.addressInSlot(proxy, ADMIN_SLOT));
  const found = await host.chain.ownerOf(admin);
  if (found === undefined) return undefined; // not an Ownable ProxyAdmin: the upgrades plugin has the last word
  const owner = stack.getAddress(found);
  if (owner === stack.getAddress(run.deployer.address)) return undefined;
  const refuse = (who: string) =>
    new InputError(
      `The proxy ${proxy} is upgraded by its ProxyAdmin ${admin}, which is owned by ${who}. ` +
        `The deployer ${run.deployer.address} cannot upgrade it. Nothing was sent.`
    );
  if (!(await host.chain.hasCode(owner))) {
    throw refuse(`${owner}: run the upgrade with that account's key, or have it transfer the ProxyAdmin's ownership to the deployer first`);
  }
  const state = await readSafe(host.chain, owner);
  if (state === undefined) {
    throw refuse(`the contract ${owner}, which does not answer as a Safe (getOwners, getThreshold, nonce, VERSION): only its own owners can send the upgrade`);
  }
  if (!supportedSafeVersion(state.version)) {
    throw refuse(
      `the Safe ${owner} of version ${state.version}: this task writes upgrades for Safe 1.3.0 and later; its owners must send the upgrade themselves`
    );
  }
  return { proxyAdmin: admin, state };
}

/**
 * The upgrade for a Safe's owners: deploys (or finds, through the upgrades manifest) and verifies the
 * new implementation, then writes the ProxyAdmin's upgrade as a Transaction Builder batch file and
 * prints the Safe's nonce and the transaction's safeTxHash. A rerun before the Safe executes it
 * deploys nothing and leaves the same batch.
 */
async function writeSafeUpgrade(
  host: Host,
  run: RunContext,
  options: UpgradeOptions,
  plan: UpgradePlan,
  owner: SafeOwner,
  effects: { sleep?: Sleep }
): Promise<SentUpgrade> {
  const { stack, log, progress } = run;
  progress.step = "deploying the new implementation";
  let implementation: string;
  try {
    implementation = stack.getAddress(await stack.prepareUpgrade(plan.proxy, plan.factory));
  } catch (error) {
    throw new MultiAccountKitError(
      `Deploying the new implementation failed on "${host.network.name}": ${(error as Error).message.split("\n")[0].replace(/\.$/, "")}.`,
      error as Error
    );
  }
  // The implementation is on chain: what is left to send is the Safe's.
  host.rpc.complete();
  log.info(`New implementation: ${implementation}${addressLink(run.browserUrl, implementation)} (the proxy runs it once the Safe upgrades it)`);
  progress.step = "reading the Safe's nonce";
  const safeAddress = stack.getAddress(owner.state.address);
  const state = (await readSafe(host.chain, safeAddress)) ?? owner.state;
  const transaction = upgradeTransaction(stack.proxyContracts().openZeppelin, owner.proxyAdmin, plan.proxy, implementation);
  const hash = (hex: string) => stack.keccak256(hex);
  const call = encodeTransaction(hash, transaction);
  const safeTxHash = safeTransactionHash(hash, run.chainId, safeAddress, call, state.nonce);
  progress.step = "writing the Safe batch file";
  const batchFile = batchFileFor(options.addressesFile, host.network.name);
  const waiting = writeUpgradeBatch(
    run,
    batchFile,
    safeAddress,
    transaction,
    `Upgrade the MultiAccount proxy ${plan.proxy} to ${implementation} (multiaccount-kit)`
  );
  log.info(`Safe batch file:    ${batchFile} (import it in Safe{Wallet}'s Transaction Builder)`);
  log.info(`Safe transaction:   nonce ${state.nonce}, safeTxHash ${safeTxHash}`);
  const proposal = plan.proposer && (await proposeUpgrade(run, plan.proposer, state, call));
  if (proposal !== undefined) logProposal(run, plan.proposer!, proposal);
  else logWaiting(run, state, waiting ? plan.oldImplementation : undefined, implementation);
  progress.step = "reading the receipts";
  if (host.rpc.hashes().length > 0) await reportGas(run, "Gas used:           ", "the new implementation is deployed");
  let verification = options.verify ? "skipped (no new implementation)" : "skipped (--no-verify)";
  if (options.verify && implementation !== plan.oldImplementation) {
    progress.step = "verifying the new implementation";
    verification = await verifyAfterwards(
      host,
      { implementation, contractName: options.contract, proxy: plan.proxy, delaySeconds: options.verifyDelay, chainId: run.chainId },
      log,
      "the new implementation is deployed",
      effects.sleep
    );
  }
  const safe: SafeUpgrade = { safe: safeAddress, implementation, batchFile, nonce: state.nonce, safeTxHash, waiting, proposal };
  return { result: { proxy: plan.proxy, oldImplementation: plan.oldImplementation, safe }, verification };
}

/** What the Safe's owners do next; `stillRuns` when an earlier run wrote the same batch (the proxy still runs it). */
function logWaiting(run: RunContext, state: SafeState, stillRuns: string | undefined, implementation: string): void {
  const owners = `${state.threshold} of the Safe's ${state.owners.length} owners`;
  run.log.info(
    stillRuns !== undefined
      ? `Waiting for the Safe: an earlier run wrote this batch, and the proxy still runs ${stillRuns}; ${owners} must sign and execute it. Nothing was sent.`
      : `Next: ${owners} sign and execute it; the proxy runs ${implementation} from then on.`
  );
}

/** What the service holds: a proposal made now, or one an earlier run made, and the confirmations it still needs. */
function logProposal(run: RunContext, proposer: Proposer, proposal: Proposal): void {
  const more = Math.max(proposal.required - proposal.confirmations, 0);
  const waiting = `waiting for ${more} more confirmation${more === 1 ? "" : "s"} (${proposal.confirmations} of ${proposal.required})`;
  run.log.info(
    proposal.earlier
      ? `Waiting for the Safe: proposed earlier to ${proposer.where} (nonce ${proposal.nonce}, safeTxHash ${proposal.safeTxHash}), ${waiting}. Nothing was sent or proposed.`
      : `Proposed:           to ${proposer.where}, nonce ${proposal.nonce}, safeTxHash ${proposal.safeTxHash}, signed by the deployer; ${waiting}.`
  );
}

/** Writes the batch of one upgrade transaction; true when the file already held that same transaction (an earlier run's). */
function writeUpgradeBatch(run: RunContext, file: string, safe: string, transaction: BatchTransaction, description: string): boolean {
  const previous = readBatch(file);
  const waiting = previous !== undefined && JSON.stringify(previous.transactions) === JSON.stringify([transaction]);
  const owner = run.stack.getAddress(run.deployer.address);
  writeBatch((hex) => run.stack.keccak256(hex), file, { chainId: run.chainId, safe, owner, description, transactions: [transaction] });
  return waiting;
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
