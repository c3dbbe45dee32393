// Delegation as the rules say it should behave: grant only (never to the account or its owner),
// propose to revoke what is granted, and revoke from proposal + cooldown (the cooldown in force at
// revoke time) for seven days, with time paused since the proposal not counted.
import { ZERO_ADDRESS } from "../actors";
import { text } from "../codec";
import { accessKey, type AccessState, type ModelState } from "../model";
import { emit, onlyOwner, revert, whenNotPaused, type Ctx } from "./core";

export const REVOKE_PROPOSAL_LIFETIME = 7 * 24 * 3600;

function access(ctx: Ctx, account: string, target: string, selector: string): AccessState {
  const key = accessKey(account, target, selector);
  ctx.s.accesses[key] ??= { account, target, selector, granted: false, proposedAt: 0, pausedTotalAtProposal: 0 };
  return ctx.s.accesses[key];
}

/** Called after `onlyOwner`, so the caller is the owner. */
function checkTarget(ctx: Ctx, account: string, target: string): void {
  if (target === ZERO_ADDRESS) revert("ZeroAddress");
  if (target === account || target === ctx.caller) revert("InvalidTarget", text.address(target));
}

function grant(ctx: Ctx, account: string, target: string, selector: string): void {
  const entry = access(ctx, account, target, selector);
  entry.granted = true;
  entry.proposedAt = 0;
  emit(ctx, "DelegateAccess", text.address(account), text.address(target), text.bytes(selector), "true");
}

export function delegateAccess(ctx: Ctx, account: string, target: string, selector: string, state: boolean): void {
  whenNotPaused(ctx);
  onlyOwner(ctx, account);
  if (!state) revert("RevokeThroughProposal");
  checkTarget(ctx, account, target);
  grant(ctx, account, target, selector);
}

export function delegateAccesses(ctx: Ctx, account: string, target: string, selectors: string[], state: boolean): void {
  whenNotPaused(ctx);
  onlyOwner(ctx, account);
  if (!state) revert("RevokeThroughProposal");
  if (selectors.length === 0) revert("EmptySelectors");
  checkTarget(ctx, account, target);
  for (const selector of selectors) grant(ctx, account, target, selector);
}

export function proposeToRevokeAccesses(ctx: Ctx, account: string, target: string, selectors: string[]): void {
  whenNotPaused(ctx);
  onlyOwner(ctx, account);
  if (selectors.length === 0) revert("EmptySelectors");
  for (const selector of selectors) {
    const entry = access(ctx, account, target, selector);
    if (!entry.granted) revert("AccessNotGranted", text.bytes(selector));
    entry.proposedAt = ctx.now;
    entry.pausedTotalAtProposal = ctx.s.pausedTotal;
    emit(ctx, "ProposeToRevokeAccess", text.address(account), text.address(target), text.bytes(selector));
  }
}

/**
 * When a pending proposal can be revoked: proposal + cooldown (the cooldown in force now), moved
 * later by the time paused since the proposal (a pause in force now counts from when it ends).
 */
export function readyTime(s: ModelState, entry: AccessState): number {
  return entry.proposedAt + s.revokeCooldown + (s.pausedTotal - entry.pausedTotalAtProposal);
}

export function revokeAccesses(ctx: Ctx, account: string, target: string, selectors: string[]): void {
  whenNotPaused(ctx);
  onlyOwner(ctx, account);
  if (selectors.length === 0) revert("EmptySelectors");
  for (const selector of selectors) {
    const entry = access(ctx, account, target, selector);
    if (entry.proposedAt === 0) revert("NoRevokeProposal", text.bytes(selector));
    const readyAt = readyTime(ctx.s, entry);
    if (ctx.now < readyAt) revert("RevokeCooldownNotPassed", text.bytes(selector), text.number(readyAt));
    const expiresAt = readyAt + REVOKE_PROPOSAL_LIFETIME;
    if (ctx.now > expiresAt) revert("RevokeProposalExpired", text.bytes(selector), text.number(expiresAt));
    entry.proposedAt = 0;
    entry.granted = false;
    emit(ctx, "DelegateAccess", text.address(account), text.address(target), text.bytes(selector), "false");
  }
}
