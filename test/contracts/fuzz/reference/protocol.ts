// The protocol stand-in (MockProtocol) as the model sees it: what an account's call does there,
// what `depositFor` pulls, and the hostile knobs (re-entry, short pulls).
import { utils } from "ethers";
import type { Fn } from "../actors";
import { signature, text } from "../codec";
import type { Env } from "../env";
import { findAccount, type ModelState, type ProtocolState } from "../model";
import { addAccount, editAccountName } from "./accounts";
import { as, revert, revertWith, type Ctx } from "./core";
import { withdrawFromAccount } from "./funds";
import { to18Decimals, transfer } from "./token";

/** One call an account makes to the protocol, with its decoded arguments. */
export interface ProtocolCall {
  fn: Fn;
  value: bigint;
  to: string;
  amount: bigint;
}

export function protocolAt(s: ModelState, address: string): ProtocolState | undefined {
  return s.protocols.find((p) => p.address === address);
}

const word = (value: bigint) => utils.defaultAbiCoder.encode(["uint256"], [value]);

/**
 * The MultiAccount makes `account` call its current protocol, once it has checked that the protocol
 * has code (ProtocolPartyA._call, then the protocol).
 * @returns the protocol's return data
 */
export function accountCall(ctx: Ctx, account: string, call: ProtocolCall): string {
  const protocol = protocolAt(ctx.s, ctx.s.protocolAddress);
  if (!protocol) revert("ProtocolHasNoCode", text.address(ctx.s.protocolAddress));
  switch (call.fn) {
    case "echo":
      reenter(ctx, protocol);
      protocol.echoCount += 1;
      return word(call.value * 2n);
    case "other":
      return word(call.value);
    case "withdrawTo": {
      const balance = protocol.balances[account] ?? 0n;
      if (call.amount > balance) {
        revert("InsufficientBalance", text.address(account), text.number(balance), text.number(call.amount));
      }
      protocol.balances[account] = balance - call.amount;
      transfer(ctx.s, ctx.env, protocol.address, call.to, call.amount);
      return "0x";
    }
    case "allocate": {
      reenter(ctx, protocol);
      const available = allocatable(ctx.env, protocol, account);
      // The mock lets an account withdraw what it allocated; its subtraction then underflows.
      if (available < 0n) revertWith(signature("Panic", ["17"]));
      if (call.amount > available) {
        revert("InsufficientBalance", text.address(account), text.number(available), text.number(call.amount));
      }
      protocol.allocated[account] = (protocol.allocated[account] ?? 0n) + call.amount;
      return "0x";
    }
    case "failWithCustom":
      return revert("CustomFailure", text.number(call.value));
    case "unknown":
      return "0x";
  }
}

/** What `allocate` accepts at most for `account` (18 decimals); negative after a withdrawal of allocated funds. */
export function allocatable(env: Env, protocol: ProtocolState, account: string): bigint {
  return to18Decimals(env, protocol.balances[account] ?? 0n) - (protocol.allocated[account] ?? 0n);
}

/** `depositFor(account, amount)` called by the MultiAccount: pulls from it and credits `account`. */
export function depositFor(ctx: Ctx, protocol: ProtocolState, account: string, amount: bigint): void {
  if (amount < protocol.pullShortBy) revertWith(signature("Panic", ["17"]));
  const pulled = amount - protocol.pullShortBy;
  transfer(ctx.s, ctx.env, ctx.env.multiAccount, protocol.address, pulled);
  protocol.balances[account] = (protocol.balances[account] ?? 0n) + pulled;
}

/** The armed call-back runs once, as the protocol; a revert in it reverts the whole step. */
function reenter(ctx: Ctx, protocol: ProtocolState): void {
  const reentry = protocol.reentry;
  if (!reentry) return;
  protocol.reentry = null;
  const asProtocol = as(ctx, protocol.address);
  switch (reentry.kind) {
    case "addAccount":
      addAccount(asProtocol, "reentered");
      return;
    case "withdraw":
      withdrawFromAccount(asProtocol, reentry.account, 1n);
      return;
    case "editAccountName":
      editAccountName(asProtocol, reentry.account, "reentered");
      return;
    case "accountCall":
      // An account refuses anybody but its MultiAccount; any other address just takes the call.
      if (findAccount(ctx.s, reentry.account)) revert("NotMultiAccount");
      return;
  }
}
