// Resolving the parts of an action against the model: which account, who calls, how much.
import { utils } from "ethers";
import { ACTORS, UNKNOWN_SELECTOR, ZERO_ADDRESS, FUNCTIONS, type Actor, type Fn } from "../actors";
import type { AccountRef, AmountSpec, CallerSpec, Target } from "../actions";
import { findAccount } from "../model";
import { protocolAt } from "../reference/protocol";
import type { Ctx } from "../reference/core";
import type { Key, Resolver, Step } from "./types";

const HUGE = 2n ** 200n;

export function resolveAccount(r: Resolver, ref: AccountRef): string {
  if (ref.kind === "funded") {
    const funded = r.s.accounts.filter((a) => protocolBalance(r, a.address) > 0n);
    if (funded.length > 0) return funded[ref.pick % funded.length].address;
  }
  if (ref.kind !== "stranger") {
    const { accounts } = r.s;
    if (accounts.length > 0) return accounts[ref.pick % accounts.length].address;
    return r.env.actors[ACTORS[ref.pick % ACTORS.length]];
  }
  return ref.who === "zero" ? ZERO_ADDRESS : r.env.actors[ref.who];
}

export function resolveCaller(r: Resolver, spec: CallerSpec, account: string): string {
  if (spec.kind === "actor") return r.env.actors[spec.actor];
  return findAccount(r.s, account)?.owner ?? r.env.actors.alice;
}

export function resolveTarget(r: Resolver, target: Target): string {
  return target === "zero" ? ZERO_ADDRESS : r.env.actors[target];
}

/** `relevant` is the balance a share is taken of; `decimals` the units of a whole token. */
export function resolveAmount(spec: AmountSpec, decimals: number, relevant: bigint): bigint {
  switch (spec.kind) {
    case "zero":
      return 0n;
    case "raw":
      return spec.value;
    case "units":
      return spec.value * 10n ** BigInt(decimals);
    case "share":
      return (relevant * BigInt(spec.quarters)) / 4n;
    case "huge":
      return HUGE;
  }
}

/** The account's balance in the protocol the MultiAccount uses now. */
export function protocolBalance(r: Resolver, account: string): bigint {
  return protocolAt(r.s, r.s.protocolAddress)?.balances[account] ?? 0n;
}

export function selectorOf(r: Resolver, fn: Fn): string {
  return fn === "unknown" ? UNKNOWN_SELECTOR : r.abis.protocol.getSighash(fn);
}

export function fnOfSelector(r: Resolver, selector: string): Fn {
  const fn = FUNCTIONS.find((f) => selectorOf(r, f) === selector);
  if (!fn) throw new Error(`selector ${selector} is not in the harness's pool`);
  return fn;
}

export function keysOf(account: string, target: string, selectors: string[]): Key[] {
  return selectors.map((selector) => ({ account, target, selector }));
}

/** A MultiAccount user action, labelled `caller → fn(args)`. */
export function userTx(
  r: Resolver,
  from: string,
  fn: string,
  args: unknown[],
  predict: (ctx: Ctx) => void,
  involves: Step["involves"] = { addresses: [], keys: [] }
): Step {
  return {
    label: `${r.label(from)} → ${fn}(${args.map((a) => show(r, a)).join(", ")})`,
    userAction: true,
    tx: { from, to: r.env.multiAccount, data: r.abis.multiAccount.encodeFunctionData(fn, args), predict },
    involves: { addresses: [from, ...involves.addresses], keys: involves.keys },
  };
}

/** An admin function of the MultiAccount (not a user action: allowed while paused). */
export function adminTx(r: Resolver, caller: Actor, fn: string, args: unknown[], predict: (ctx: Ctx) => void): Step {
  return { ...userTx(r, r.env.actors[caller], fn, args, predict), userAction: false };
}

export function show(r: Resolver, value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => show(r, v)).join(", ")}]`;
  if (typeof value === "string" && value.length === 42 && utils.isAddress(value)) return r.label(value);
  if (typeof value === "string" && !value.startsWith("0x")) return JSON.stringify(value);
  return String(value);
}
