// What a sequence is made of: plain, serializable actions. Indexes into the model ("the pick-th
// account") are resolved when the action runs, so that a shrunk sequence still means something.
import type { Actor, Fn } from "./actors";
import type { ReentryKind } from "./model";

/** How much: exact base units, whole tokens, quarters of the balance that matters, or far too much. */
export type AmountSpec =
  { kind: "zero" } | { kind: "raw"; value: bigint } | { kind: "units"; value: bigint } | { kind: "share"; quarters: number } | { kind: "huge" };

/**
 * Which account: one that exists (the pick-th, modulo how many), one with funds in the protocol in
 * use (any account when none has), or an address that is no account.
 */
export type AccountRef = { kind: "account" | "funded"; pick: number } | { kind: "stranger"; who: Actor | "zero" };

/** Who calls an owner-only function: the account's owner, or anybody named. */
export type CallerSpec = { kind: "owner" } | { kind: "actor"; actor: Actor };

export type Target = Actor | "zero";

/**
 * A delegate (or former one) of a key the model knows calls that key's account: with the selector
 * it was granted first (`granted`), or with whatever the batch holds.
 */
export type DelegateSpec = { kind: "delegate"; pick: number; granted: boolean };

/** One entry of a `_call` batch; `short` is call data shorter than a selector. */
export interface CallItem {
  fn: Fn | "short";
  value: number;
  to: Actor;
  amount: AmountSpec;
  shortLength: number;
}

/** Which (target, selectors) a proposal or revoke names: one the model knows, or any. */
export type KeyRef = { kind: "known"; pick: number; extra: Fn[] } | { kind: "free"; target: Target; selectors: Fn[] };

export type Action =
  | { kind: "addAccount"; caller: Actor; name: string }
  | { kind: "editAccountName"; caller: CallerSpec; account: AccountRef; name: string }
  | { kind: "deposit"; caller: CallerSpec; account: AccountRef; amount: AmountSpec; allocate: boolean }
  | { kind: "withdraw"; caller: CallerSpec; account: AccountRef; amount: AmountSpec }
  | { kind: "call"; caller: CallerSpec | DelegateSpec; account: AccountRef; items: CallItem[] }
  | { kind: "delegate"; caller: CallerSpec; account: AccountRef; target: Target; selectors: Fn[]; batch: boolean; state: boolean }
  | { kind: "propose"; caller: CallerSpec; account: AccountRef; key: KeyRef }
  | { kind: "revoke"; caller: CallerSpec; account: AccountRef; key: KeyRef }
  | { kind: "advanceTime"; mode: "seconds"; seconds: number }
  | { kind: "advanceTime"; mode: "ready" | "expiry"; pick: number; offset: -1 | 0 | 1 }
  | { kind: "pause"; caller: Actor }
  | { kind: "unpause"; caller: Actor }
  | { kind: "setRevokeCooldown"; caller: Actor; seconds: number }
  | { kind: "setAccountsAdmin"; caller: Actor; admin: Target }
  | { kind: "setProtocolAddress"; caller: Actor; protocol: "A" | "B" | "noCode" | "zero" }
  | { kind: "setAccountImplementation"; caller: Actor; code: "account" | "dud" | "empty" }
  | { kind: "upgrade"; caller: Actor }
  | { kind: "donate"; amount: AmountSpec }
  | { kind: "directAccountCall"; caller: Actor; account: AccountRef; item: CallItem }
  | { kind: "armReentry"; protocol: 0 | 1; reentry: ReentryKind | "none"; account: AccountRef }
  | { kind: "pullShort"; protocol: 0 | 1; by: 0 | 1 }
  | { kind: "getAccounts"; user: Actor; start: bigint; size: bigint };

export type ActionKind = Action["kind"];
