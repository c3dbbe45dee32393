// The reference model's building blocks: a predicted revert, the step's context, and the checks
// every MultiAccount function starts with (pause, reentrancy, roles, ownership).
import { utils } from "ethers";
import { EMPTY_REVERT, errorString, signature, text } from "../codec";
import type { Env } from "../env";
import { findAccount, type AccountState, type ModelState } from "../model";

/** Thrown by the model where the contracts should revert; `reason` is the codec's text form. */
export class Revert extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** One predicted call: the model state it works on (a copy), who calls, and the block time. */
export interface Ctx {
  s: ModelState;
  env: Env;
  caller: string;
  now: number;
}

export function as(ctx: Ctx, caller: string): Ctx {
  return { ...ctx, caller };
}

export function revert(name: string, ...args: string[]): never {
  throw new Revert(signature(name, args));
}

export function revertWith(reason: string): never {
  throw new Revert(reason);
}

export function revertEmpty(): never {
  throw new Revert(EMPTY_REVERT);
}

export function emit(ctx: Ctx, name: string, ...args: string[]): void {
  ctx.s.events.push(signature(name, args));
}

export function whenNotPaused(ctx: Ctx): void {
  if (ctx.s.paused) revert("EnforcedPause");
}

export function nonReentrant<T>(ctx: Ctx, body: () => T): T {
  if (ctx.s.locked) revertWith(errorString("ReentrancyGuard: reentrant call"));
  ctx.s.locked = true;
  try {
    return body();
  } finally {
    ctx.s.locked = false;
  }
}

export type Role = "SETTER_ROLE" | "PAUSER_ROLE" | "UNPAUSER_ROLE";

/** The admin holds every role from `initialize`, and the harness grants none to anybody else. */
export function onlyRole(ctx: Ctx, role: Role): void {
  if (ctx.caller !== ctx.env.actors.admin) {
    revert("MissingRole", text.address(ctx.caller), text.bytes(utils.keccak256(utils.toUtf8Bytes(role))));
  }
}

export function onlyOwner(ctx: Ctx, account: string): AccountState {
  const found = findAccount(ctx.s, account);
  if (!found) revert("UnknownAccount", text.address(account));
  if (found.owner !== ctx.caller) revert("NotAccountOwner", text.address(account), text.address(ctx.caller));
  return found;
}
