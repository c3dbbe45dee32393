// handover-multiaccount: hands a recorded deployment from the deployer to a Safe (or, with
// --owner-is-eoa, to an account): the MultiAccount roles the deployer holds, then the ProxyAdmin's
// ownership, then the deployer's own roles renounced, admin role last, so that the contract never
// has no admin. Every step is read from the chain first, so a rerun sends only what is left; the
// result is read back on chain, with what the deployer still holds.
import { ADMIN_SLOT, TASK_ADDRESSES_SHOW, TASK_HANDOVER_MULTIACCOUNT } from "../../constants";
import { InputError, MultiAccountKitError } from "../../errors";
import { word } from "../chains/safe";
import type { Host } from "./host";
import { requireAddress } from "./inputs";
import { reportGas, startRun, withSession, type RunContext, type RunEffects } from "./lifecycle";
import { describeNewOwner, transferOwnershipData } from "./owner";
import { recordedProxy } from "./upgrade";

export interface HandoverOptions {
  /** The new owner: a Safe, or with ownerIsEoa an account. */
  owner: string;
  ownerIsEoa: boolean;
  /** Keep the deployer's MultiAccount roles (they are still granted to the new owner). */
  keepRoles: boolean;
  addressesFile: string;
  dryRun: boolean;
}

export interface HandoverResult {
  proxy: string;
  proxyAdmin: string;
  owner: string;
  /** The steps sent, in order ("grantRole(DEFAULT_ADMIN_ROLE)", "transferOwnership", ...). */
  sent: string[];
  /** What the deployer still holds once done: role names, and "ProxyAdmin" when it still owns it. */
  deployerKeeps: string[];
}

/** MultiAccount's roles, its admin role first: granted in this order, renounced in the reverse one. */
const ROLES = ["DEFAULT_ADMIN_ROLE", "SETTER_ROLE", "PAUSER_ROLE", "UNPAUSER_ROLE"] as const;
const CALLS = { hasRole: "0x91d14854", grantRole: "0x2f2ff15d", renounceRole: "0x36568abe" } as const;

interface Step {
  what: string;
  to: string;
  data: string;
}

export function handOverMultiAccount(host: Host, options: HandoverOptions, effects: RunEffects = {}): Promise<HandoverResult | undefined> {
  const progress = effects.progress ?? { step: "starting" };
  return withSession(host, { task: TASK_HANDOVER_MULTIACCOUNT, progress }, () => handOver(host, options, { ...effects, progress }));
}

async function handOver(host: Host, options: HandoverOptions, effects: RunEffects): Promise<HandoverResult | undefined> {
  const run = await startRun(host, TASK_HANDOVER_MULTIACCOUNT, options.addressesFile, effects);
  const plan = await planHandover(run, options);
  if (!showPlan(run, plan, options)) return plan.steps.length === 0 ? nothingLeft(plan) : undefined;
  return sendHandover(run, plan);
}

/** What the handover finds when nothing is left to send. */
function nothingLeft({ proxy, proxyAdmin, owner, held }: HandoverPlan): HandoverResult {
  return { proxy, proxyAdmin, owner, sent: [], deployerKeeps: held };
}

/** Logs the plan; false when nothing is to be sent (nothing left, or a dry run). */
export function showPlan(run: RunContext, plan: HandoverPlan, options: Pick<HandoverOptions, "dryRun">): boolean {
  const { log } = run;
  const { proxy, proxyAdmin, owner, held, steps } = plan;
  log.info(`MultiAccount proxy: ${proxy}`);
  log.info(`ProxyAdmin:         ${proxyAdmin}, owned by ${plan.adminOwnedBy === plan.deployer ? `the deployer ${plan.deployer}` : owner}`);
  log.info(`Deployer's roles:   ${held.length === 0 ? "none" : held.join(", ")}`);
  if (steps.length === 0) {
    log.info(`Nothing to hand over: ${owner} already owns the ProxyAdmin and the deployer holds no role to move. Nothing was sent.`);
    return false;
  }
  log.info(`Steps, in this order (the contract is never left without an admin):`);
  steps.forEach((step, i) => log.info(`  ${i + 1}. ${step.what}`));
  if (run.stack.proxyContracts().openZeppelin === 4 && plan.adminOwnedBy === plan.deployer) {
    log.warn(`hardhat-upgrades 1.x keeps one ProxyAdmin per network: every proxy it deployed here from this deployer moves with it.`);
  }
  if (options.dryRun) {
    log.info(`Dry run: nothing was sent.`);
    return false;
  }
  return true;
}

export interface HandoverPlan {
  proxy: string;
  proxyAdmin: string;
  adminOwnedBy: string;
  owner: string;
  deployer: string;
  roles: Record<(typeof ROLES)[number], string>;
  /** The MultiAccount roles the deployer holds. */
  held: string[];
  steps: Step[];
}

/** Every check, then the steps left to send, read from the chain: nothing is sent here. */
export async function planHandover(run: RunContext, options: HandoverOptions): Promise<HandoverPlan> {
  const { host, stack, progress } = run;
  const owner = stack.getAddress(requireAddress(stack, "new owner", options.owner, "Pass --owner <address of the Safe>."));
  const deployer = stack.getAddress(run.deployer.address);
  if (owner === deployer) throw new InputError(`--owner ${owner} is the deployer itself: there is nothing to hand over. Nothing was sent.`);
  run.log.info(`New owner:          ${await describeNewOwner(run, owner, options.ownerIsEoa)}`);
  const { proxy } = await recordedProxy(host, run, options.addressesFile);
  progress.step = "reading the ProxyAdmin and the roles";
  const proxyAdmin = stack.getAddress(await host.chain.addressInSlot(proxy, ADMIN_SLOT));
  const adminOwner = await host.chain.ownerOf(proxyAdmin);
  if (adminOwner === undefined) throw new InputError(`The proxy ${proxy}'s ProxyAdmin ${proxyAdmin} has no owner() to transfer. Nothing was sent.`);
  const adminOwnedBy = stack.getAddress(adminOwner);
  if (adminOwnedBy !== deployer && adminOwnedBy !== owner) {
    throw new InputError(
      `The proxy ${proxy}'s ProxyAdmin ${proxyAdmin} is owned by ${adminOwnedBy}, neither the deployer ${deployer} nor ${owner}: only its owner can hand it over. Nothing was sent.`
    );
  }
  const roles = roleIds(run);
  const held = await heldRoles(run, proxy, deployer, roles);
  const ownerHeld = await heldRoles(run, proxy, owner, roles);
  if (!held.includes("DEFAULT_ADMIN_ROLE") && held.length > 0) {
    throw new InputError(
      `The deployer holds ${held.join(", ")} on ${proxy} but not DEFAULT_ADMIN_ROLE, so it cannot grant them to ${owner}. Nothing was sent.`
    );
  }
  const steps: Step[] = [];
  for (const role of ROLES.filter((name) => held.includes(name) && !ownerHeld.includes(name))) {
    steps.push({ what: `grantRole(${role}, ${owner}) on the MultiAccount ${proxy}`, to: proxy, data: CALLS.grantRole + word(roles[role]) + word(owner) });
  }
  if (adminOwnedBy === deployer) {
    steps.push({ what: `transferOwnership(${owner}) on the ProxyAdmin ${proxyAdmin}`, to: proxyAdmin, data: transferOwnershipData(owner) });
  }
  if (!options.keepRoles) {
    for (const role of [...ROLES].reverse().filter((name) => held.includes(name))) {
      steps.push({
        what: `renounceRole(${role}, ${deployer}) on the MultiAccount ${proxy}`,
        to: proxy,
        data: CALLS.renounceRole + word(roles[role]) + word(deployer),
      });
    }
  }
  return { proxy, proxyAdmin, adminOwnedBy, owner, deployer, roles, held, steps };
}

/** Sends the steps in order, then reads the result back on chain and says what the deployer still holds. */
export async function sendHandover(run: RunContext, plan: HandoverPlan): Promise<HandoverResult> {
  const { host, stack, log, progress } = run;
  const { proxy, proxyAdmin, owner, deployer, roles } = plan;
  const sent: string[] = [];
  for (const step of plan.steps) {
    progress.step = `sending ${step.what}`;
    try {
      await stack.sendCall(run.deployer, step.to, step.data);
    } catch (error) {
      const done = sent.length === 0 ? "nothing was changed" : `done so far: ${sent.join("; ")}`;
      throw new MultiAccountKitError(
        `${step.what} failed (${(error as Error).message.split("\n")[0]}); ${done}. Run the same command again: it sends only what is left.`,
        error as Error
      );
    }
    sent.push(step.what.split(" on the ")[0]);
  }
  host.rpc.complete();
  progress.step = "reading the result on chain";
  const nowOwner = stack.getAddress((await host.chain.ownerOf(proxyAdmin)) ?? "0x0000000000000000000000000000000000000000");
  const ownerRoles = await heldRoles(run, proxy, owner, roles);
  const deployerKeeps = [...(await heldRoles(run, proxy, deployer, roles)), ...(nowOwner === deployer ? ["ProxyAdmin"] : [])];
  if (nowOwner !== owner || plan.held.some((role) => !ownerRoles.includes(role))) {
    throw new MultiAccountKitError(
      `The handover was sent but the chain does not show it: the ProxyAdmin's owner is ${nowOwner}, ${owner} holds ${ownerRoles.join(", ") || "no role"}.`
    );
  }
  log.info(`Done: ${owner} owns the ProxyAdmin${ownerRoles.length > 0 ? ` and holds ${ownerRoles.join(", ")}` : ""} (read on chain).`);
  log.info(`The deployer still holds: ${deployerKeeps.length === 0 ? "nothing" : deployerKeeps.join(", ")}.`);
  progress.step = "reading the receipts";
  await reportGas(run, "Gas used:           ", "the handover itself is complete");
  log.info(`Next: ${host.command(TASK_ADDRESSES_SHOW)}`);
  return { proxy, proxyAdmin, owner, sent, deployerKeeps };
}

function roleIds(run: RunContext): Record<(typeof ROLES)[number], string> {
  const id = (name: string) => run.stack.keccak256(`0x${Buffer.from(name, "utf8").toString("hex")}`);
  return { DEFAULT_ADMIN_ROLE: `0x${word(0n)}`, SETTER_ROLE: id("SETTER_ROLE"), PAUSER_ROLE: id("PAUSER_ROLE"), UNPAUSER_ROLE: id("UNPAUSER_ROLE") };
}

/** The MultiAccount roles `account` holds on `proxy`, in ROLES order. */
async function heldRoles(run: RunContext, proxy: string, account: string, roles: Record<(typeof ROLES)[number], string>): Promise<string[]> {
  const held: string[] = [];
  for (const role of ROLES) {
    const answer = await run.host.chain.request<string>(`reading ${role} of ${account}`, "eth_call", [
      { to: proxy, data: CALLS.hasRole + word(roles[role]) + word(account) },
      "latest",
    ]);
    if (BigInt(answer) === 1n) held.push(role);
  }
  return held;
}
