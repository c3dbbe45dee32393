// What the checks after a step read: everything (at the start, every few steps, and at the end of
// a sequence), or what the step named and what it changed in the model. A read of the whole
// delegation table costs thousands of EVM calls, so every step cannot afford it.
import { ACTORS, FUNCTIONS, NO_CODE_ADDRESS, UNKNOWN_SELECTOR, ZERO_ADDRESS } from "./actors";
import type { Abis } from "./abis";
import type { Env } from "./env";
import { findAccount, type ModelState } from "./model";
import type { Key, Step } from "./steps";

export interface Scope {
  full: boolean;
  /** Users whose account lists are read (with owners() and indexOfAccount() of each account). */
  users: string[];
  /** Addresses whose token balance is read. */
  holders: string[];
  /** Addresses that are no account: owners() must say so. */
  strangers: string[];
  /** Accounts whose owner, index and protocol balances are read. */
  accounts: string[];
  keys: Key[];
}

export function selectorsOf(abis: Abis): string[] {
  return FUNCTIONS.map((f) => (f === "unknown" ? UNKNOWN_SELECTOR : abis.protocol.getSighash(f)));
}

export function fullScope(env: Env, s: ModelState, abis: Abis): Scope {
  const actors = ACTORS.map((a) => env.actors[a]);
  const accounts = s.accounts.map((a) => a.address);
  const keys: Key[] = [];
  for (const account of accounts) {
    for (const target of actors) {
      for (const selector of selectorsOf(abis)) keys.push({ account, target, selector });
    }
  }
  return {
    full: true,
    users: actors,
    holders: [...actors, env.multiAccount, env.protocols[1], ...accounts],
    strangers: [...actors, env.multiAccount, env.protocols[1], NO_CODE_ADDRESS, ZERO_ADDRESS],
    accounts,
    keys,
  };
}

export function stepScope(env: Env, before: ModelState, after: ModelState, involves: Step["involves"]): Scope {
  const touched = new Set(involves.addresses.filter((a) => findAccount(after, a)));
  for (const account of changedAccounts(before, after)) touched.add(account);
  const actors = new Set(ACTORS.map((a) => env.actors[a]));
  const users = new Set(involves.addresses.filter((a) => actors.has(a)));
  for (const account of touched) users.add(findAccount(after, account)!.owner);
  const keys = new Map<string, Key>();
  for (const key of involves.keys) keys.set(`${key.account}|${key.target}|${key.selector}`, key);
  for (const [id, a] of Object.entries(after.accesses)) if (touched.has(a.account)) keys.set(id, a);
  return {
    full: false,
    users: [...users],
    holders: [...actors, env.multiAccount, env.protocols[1], ...touched],
    strangers: [...new Set(involves.addresses.filter((a) => !findAccount(after, a)))],
    accounts: [...touched],
    keys: [...keys.values()].map(({ account, target, selector }) => ({ account, target, selector })),
  };
}

/** Accounts created by the step, or whose name, protocol balances or delegations it changed. */
function changedAccounts(before: ModelState, after: ModelState): Set<string> {
  const changed = new Set<string>();
  if (before === after) return changed;
  for (const account of after.accounts) {
    const old = findAccount(before, account.address);
    if (!old || old.name !== account.name) changed.add(account.address);
  }
  after.protocols.forEach((p, i) => {
    const old = before.protocols[i];
    for (const table of ["balances", "allocated"] as const) {
      for (const [account, value] of Object.entries(p[table])) if (old[table][account] !== value) changed.add(account);
    }
  });
  for (const [id, a] of Object.entries(after.accesses)) {
    const old = before.accesses[id];
    if (!old || old.granted !== a.granted || old.proposedAt !== a.proposedAt) changed.add(a.account);
  }
  return changed;
}
