// Deposits and withdrawals as the rules say they should behave: owner only, nothing left behind in
// the MultiAccount, and a withdrawal always pays the owner.
import { signature, text } from "../codec";
import { balanceOf, type ProtocolState } from "../model";
import { emit, nonReentrant, onlyOwner, revert, revertEmpty, revertWith, whenNotPaused, type Ctx } from "./core";
import { accountCall, depositFor, protocolAt } from "./protocol";
import { to18Decimals, transfer } from "./token";

export function depositForAccount(ctx: Ctx, account: string, amount: bigint): void {
  whenNotPaused(ctx);
  nonReentrant(ctx, () => {
    onlyOwner(ctx, account);
    deposit(ctx, collateral(ctx, amount), account, amount);
    emit(ctx, "DepositForAccount", text.address(ctx.caller), text.address(account), text.number(amount));
  });
}

/** An amount worth nothing in 18 decimals is refused before any token moves. */
export function depositAndAllocateForAccount(ctx: Ctx, account: string, amount: bigint): void {
  whenNotPaused(ctx);
  nonReentrant(ctx, () => {
    onlyOwner(ctx, account);
    const protocol = collateral(ctx, amount);
    const scaled = to18Decimals(ctx.env, amount);
    if (scaled >= 2n ** 256n) revertWith(signature("Panic", ["17"]));
    if (scaled === 0n) revert("AllocationRoundsToZero", text.number(amount));
    deposit(ctx, protocol, account, amount);
    emit(ctx, "DepositForAccount", text.address(ctx.caller), text.address(account), text.number(amount));
    accountCall(ctx, account, { fn: "allocate", value: 0n, to: ctx.caller, amount: scaled });
    emit(ctx, "AllocateForAccount", text.address(ctx.caller), text.address(account), text.number(scaled));
  });
}

export function withdrawFromAccount(ctx: Ctx, account: string, amount: bigint): void {
  whenNotPaused(ctx);
  nonReentrant(ctx, () => {
    onlyOwner(ctx, account);
    if (amount === 0n) revert("ZeroAmount");
    accountCall(ctx, account, { fn: "withdrawTo", value: 0n, to: ctx.caller, amount });
    emit(ctx, "WithdrawFromAccount", text.address(ctx.caller), text.address(account), text.number(amount));
  });
}

/** A non-zero amount, and the protocol in force (whose getCollateral() must answer). */
function collateral(ctx: Ctx, amount: bigint): ProtocolState {
  if (amount === 0n) revert("ZeroAmount");
  const protocol = protocolAt(ctx.s, ctx.s.protocolAddress);
  // getCollateral() on an address without code returns nothing, which fails to decode.
  if (!protocol) revertEmpty();
  return protocol;
}

/** Pull from the caller, hand all of it to the protocol, and require the MultiAccount's balance unchanged. */
function deposit(ctx: Ctx, protocol: ProtocolState, account: string, amount: bigint): void {
  const multiAccount = ctx.env.multiAccount;
  const before = balanceOf(ctx.s, multiAccount);
  transfer(ctx.s, ctx.env, ctx.caller, multiAccount, amount);
  depositFor(ctx, protocol, account, amount);
  const after = balanceOf(ctx.s, multiAccount);
  if (after !== before) revert("DepositResidue", text.number(before), text.number(after));
}
