// `deploy-multiaccount --deterministic`: the proxy is created by CreateX with CREATE3 under a salt
// that names the deployer, so its address depends on the deployer's address and a label only (not
// on the chain, the nonce, the implementation or initialize's arguments). Every check here runs
// before anything is sent. See docs/contributing/design.md#same-address-on-every-chain.
import { IMPLEMENTATION_SLOT, TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT } from "../../constants";
import { InputError } from "../../errors";
import {
  CREATEX_ADDRESS,
  LOCAL_HARDHAT_CHAIN_ID,
  createXState,
  deployCreate3Data,
  deployCreateXKeyless,
  deterministicAddress,
  deterministicSalt,
} from "../chains/createx";
import fs from "fs";
import type { JournalRun } from "../rpc/journal";
import type { RunContext } from "./lifecycle";
import type { StackFactory } from "../stack/types";

export interface DeterministicPlan {
  label: string;
  salt: string;
  proxy: string;
  /** CreateX is missing on a local Hardhat network: its keyless transaction goes first. */
  createXFirst: boolean;
  /**
   * The proxy is already there, created by an earlier run of this deployment (its send journal holds
   * the call to CreateX) that stopped before it saved the address (killed, say): nothing is sent, the
   * proxy is recorded.
   */
  adopted?: boolean;
}

/**
 * Whether the send journal `journalFile` holds a run of deploy-multiaccount on this chain, not
 * completed nor settled, that sent (or may have sent) a call to CreateX from `deployer`.
 */
export function unfinishedCreateXSend(journalFile: string | undefined, deployer: string, chainId: number): boolean {
  if (journalFile === undefined || !fs.existsSync(journalFile)) return false;
  let runs: JournalRun[];
  try {
    runs = (JSON.parse(fs.readFileSync(journalFile, "utf8")) as { runs?: JournalRun[] }).runs ?? [];
  } catch {
    return false;
  }
  return runs.some(
    (run) =>
      run.task === TASK_DEPLOY_MULTIACCOUNT &&
      run.chainId === chainId &&
      run.status !== "completed" &&
      run.settledBy === undefined &&
      run.transactions.some(
        (tx) =>
          tx.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase() &&
          tx.from.toLowerCase() === deployer.toLowerCase() &&
          (tx.state === "sent" || tx.state === "maybe-sent")
      )
  );
}

/** `journalFile`: the addresses file's send journal, where an unfinished earlier run of this deployment may be. */
export async function planDeterministic(run: RunContext, label: string, journalFile?: string, owner?: string): Promise<DeterministicPlan> {
  const { stack, host } = run;
  const keccak256 = (data: string) => stack.keccak256(data);
  const salt = deterministicSalt(keccak256, run.deployer.address, label);
  const proxy = stack.getAddress(deterministicAddress(keccak256, run.deployer.address, salt));
  const state = await createXState(host.chain, keccak256);
  const where = `"${host.network.name}" (chain ${run.chainId})`;
  if (state === "foreign") {
    throw new InputError(
      `The code at ${CREATEX_ADDRESS} on ${where} is not CreateX's (its code hash differs). Deploy without --deterministic; nothing was sent.`
    );
  }
  const createXFirst = state === "absent" && run.chainId === LOCAL_HARDHAT_CHAIN_ID;
  if (state === "absent" && !createXFirst) {
    throw new InputError(
      `CreateX is not deployed at ${CREATEX_ADDRESS} on ${where}, so --deterministic cannot run there. ` +
        `Deploy CreateX there from its keyless transaction (see docs/tasks.md#same-address-on-every-chain), or deploy without --deterministic; nothing was sent.`
    );
  }
  if (await host.chain.hasCode(proxy)) {
    const implementation = await host.chain.addressInSlot(proxy, IMPLEMENTATION_SLOT);
    const ours = BigInt(implementation) !== 0n ? `a proxy (implementation ${stack.getAddress(implementation)})` : "code";
    if (BigInt(implementation) !== 0n && unfinishedCreateXSend(journalFile, run.deployer.address, run.chainId)) {
      return { label, salt, proxy, createXFirst: false, adopted: true };
    }
    throw new InputError(
      `The deterministic address ${proxy} (label "${label}") already holds ${ours} on ${where}. ` +
        `If it is your MultiAccount, set "multiAccountAddress" to it and run \`${host.command(TASK_UPGRADE_MULTIACCOUNT)}\` to upgrade it; ` +
        `for a new one, pass another --salt. Nothing was sent.`
    );
  }
  await refuseForeignAdmin(run, where, owner);
  return { label, salt, proxy, createXFirst };
}

/** hardhat-upgrades 1.x gives every proxy the network's one ProxyAdmin: it must be the deployer's (or already the --owner's). */
export async function refuseForeignAdmin(run: RunContext, where: string, owner?: string): Promise<void> {
  const admin = await run.stack.managedProxyAdmin?.();
  if (admin === undefined) return;
  const adminOwner = run.stack.getAddress(admin.owner);
  if (adminOwner === run.stack.getAddress(run.deployer.address) || (owner !== undefined && adminOwner === run.stack.getAddress(owner))) return;
  throw new InputError(
    `The ProxyAdmin ${admin.address} that @openzeppelin/hardhat-upgrades 1.x manages on ${where} is owned by ${admin.owner}, not by the deployer ${run.deployer.address}: ` +
      `a proxy deployed now could only be upgraded by ${admin.owner}. Deploy from ${admin.owner}, or transfer that ProxyAdmin's ownership first. Nothing was sent.`
  );
}

/** Sends CreateX's keyless transaction when needed, the implementation and admin, then the proxy through CreateX; returns the proxy. */
export async function deployDeterministic(
  run: RunContext,
  plan: DeterministicPlan,
  factory: StackFactory,
  initArgs: readonly unknown[],
  owner?: string
): Promise<string> {
  const { stack, host, log } = run;
  if (plan.adopted) {
    log.info(`An earlier run sent CreateX's transaction and stopped before saving ${plan.proxy}: recording it, nothing sent.`);
    await stack.importProxy(plan.proxy, factory);
    return plan.proxy;
  }
  if (plan.createXFirst) {
    log.info(`Deploying CreateX from its keyless transaction (local Hardhat network)...`);
    await deployCreateXKeyless(host.chain, (data) => stack.keccak256(data));
  }
  const initCode = await stack.deterministicProxyCreation(run.deployer, factory, initArgs, owner);
  await stack.sendCall(run.deployer, CREATEX_ADDRESS, deployCreate3Data(plan.salt, initCode));
  if (!(await host.chain.hasCode(plan.proxy))) {
    throw new InputError(`CreateX's transaction was mined but ${plan.proxy} has no code; check the transaction on the explorer before running again.`);
  }
  await stack.importProxy(plan.proxy, factory);
  return plan.proxy;
}
