// Delegation steps: grants, and proposals and revokes aimed mostly at keys the model knows.
import type { AccountRef, Action, KeyRef } from "../actions";
import * as delegation from "../reference/delegation";
import { keysOf, resolveAccount, resolveCaller, resolveTarget, selectorOf, userTx } from "./resolvers";
import type { Resolver, Step } from "./types";

export function delegateStep(r: Resolver, action: Extract<Action, { kind: "delegate" }>): Step {
  const account = resolveAccount(r, action.account);
  const from = resolveCaller(r, action.caller, account);
  const target = resolveTarget(r, action.target);
  const selectors = action.selectors.map((f) => selectorOf(r, f));
  if (!action.batch) {
    const selector = selectors[0] ?? selectorOf(r, "echo");
    return userTx(
      r,
      from,
      "delegateAccess",
      [account, target, selector, action.state],
      (ctx) => delegation.delegateAccess(ctx, account, target, selector, action.state),
      { addresses: [account, target], keys: keysOf(account, target, [selector]) }
    );
  }
  return userTx(
    r,
    from,
    "delegateAccesses",
    [account, target, selectors, action.state],
    (ctx) => delegation.delegateAccesses(ctx, account, target, selectors, action.state),
    { addresses: [account, target], keys: keysOf(account, target, selectors) }
  );
}

export function proposeOrRevokeStep(r: Resolver, action: Extract<Action, { kind: "propose" | "revoke" }>): Step {
  const { account, target, selectors } = resolveKey(r, action.kind, action.key, action.account);
  const from = resolveCaller(r, action.caller, account);
  const fn = action.kind === "propose" ? "proposeToRevokeAccesses" : "revokeAccesses";
  const rule = action.kind === "propose" ? delegation.proposeToRevokeAccesses : delegation.revokeAccesses;
  return userTx(r, from, fn, [account, target, selectors], (ctx) => rule(ctx, account, target, selectors), {
    addresses: [account, target],
    keys: keysOf(account, target, selectors),
  });
}

function resolveKey(r: Resolver, kind: "propose" | "revoke", key: KeyRef, ref: AccountRef) {
  const all = Object.values(r.s.accesses);
  if (key.kind === "known" && all.length > 0) {
    // Propose mostly what is granted; revoke mostly what is proposed.
    const preferred = all.filter((a) => (kind === "propose" ? a.granted : a.proposedAt > 0));
    const pool = preferred.length > 0 ? preferred : all;
    const chosen = pool[key.pick % pool.length];
    // More selectors of the same account and target, from the same preferred pool where it has any.
    const siblings = pool.filter((a) => a.account === chosen.account && a.target === chosen.target && a !== chosen);
    const extra = key.extra.map((f, i) => (siblings.length > 0 ? siblings[i % siblings.length].selector : selectorOf(r, f)));
    return { account: chosen.account, target: chosen.target, selectors: [chosen.selector, ...extra] };
  }
  const account = resolveAccount(r, ref);
  if (key.kind === "known") return { account, target: r.env.actors.dave, selectors: [selectorOf(r, "echo")] };
  return { account, target: resolveTarget(r, key.target), selectors: key.selectors.map((f) => selectorOf(r, f)) };
}
