// `_call` batches: encoding each entry, resolving a delegate's call, and calling an account directly.
import { utils } from "ethers";
import { UNKNOWN_SELECTOR, ZERO_ADDRESS } from "../actors";
import type { Action, CallItem } from "../actions";
import { findAccount, type AccessState } from "../model";
import { call, type BatchItem } from "../reference/calls";
import { revert } from "../reference/core";
import { allocatable, protocolAt } from "../reference/protocol";
import { fnOfSelector, keysOf, protocolBalance, resolveAccount, resolveAmount, resolveCaller } from "./resolvers";
import type { Resolver, Step } from "./types";

type Encoded = BatchItem & { label: string };

export function encodeItem(r: Resolver, item: CallItem, account: string): Encoded {
  const { protocol } = r.abis;
  const value = BigInt(item.value);
  const none = { value, to: ZERO_ADDRESS, amount: 0n };
  switch (item.fn) {
    case "echo":
    case "other":
      return { data: protocol.encodeFunctionData(item.fn, [value]), call: { ...none, fn: item.fn }, label: `${item.fn}(${value})` };
    case "withdrawTo": {
      const to = r.env.actors[item.to];
      const amount = resolveAmount(item.amount, r.env.decimals, protocolBalance(r, account));
      return {
        data: protocol.encodeFunctionData("withdrawTo", [to, amount]),
        call: { fn: "withdrawTo", value, to, amount },
        label: `withdrawTo(${item.to}, ${amount})`,
      };
    }
    case "allocate": {
      const p = protocolAt(r.s, r.s.protocolAddress);
      const available = p ? allocatable(r.env, p, account) : 0n;
      const amount = resolveAmount(item.amount, 18, available > 0n ? available : 0n);
      return { data: protocol.encodeFunctionData("allocate", [amount]), call: { ...none, fn: "allocate", amount }, label: `allocate(${amount})` };
    }
    case "failWithCustom": {
      const code = value % 10n;
      return {
        data: protocol.encodeFunctionData("failWithCustom", [code]),
        call: { ...none, fn: "failWithCustom", value: code },
        label: `failWithCustom(${code})`,
      };
    }
    case "unknown": {
      const data = utils.hexConcat([UNKNOWN_SELECTOR, utils.defaultAbiCoder.encode(["uint256"], [value])]);
      return { data, call: { ...none, fn: "unknown" }, label: `${UNKNOWN_SELECTOR}(${value})` };
    }
    case "short": {
      const data = `0x${"5a".repeat(item.shortLength)}`;
      return { data, call: null, label: data };
    }
  }
}

/** Accesses whose target can send a transaction (every actor can; the zero address cannot). */
function senderKeys(r: Resolver): AccessState[] {
  const senders = new Set(Object.values(r.env.actors));
  return Object.values(r.s.accesses).filter((a) => senders.has(a.target));
}

const DEFAULT_ITEM: CallItem = { fn: "echo", value: 1, to: "alice", amount: { kind: "raw", value: 1n }, shortLength: 0 };

export function callStep(r: Resolver, action: Extract<Action, { kind: "call" }>): Step {
  let account: string;
  let from: string;
  let items = action.items;
  const keys = senderKeys(r);
  if (action.caller.kind === "delegate" && keys.length > 0) {
    // A delegate (or a former one) calls with the selector it was granted.
    const chosen = keys[action.caller.pick % keys.length];
    account = chosen.account;
    from = chosen.target;
    if (action.caller.granted || items.length === 0) {
      items = [{ ...(items[0] ?? DEFAULT_ITEM), fn: fnOfSelector(r, chosen.selector) }, ...items.slice(1)];
    }
  } else {
    account = resolveAccount(r, action.account);
    from = resolveCaller(r, action.caller.kind === "delegate" ? { kind: "owner" } : action.caller, account);
  }
  const batch = items.map((item) => encodeItem(r, item, account));
  const selectors = batch.filter((b) => b.call).map((b) => b.data.slice(0, 10));
  return {
    label: `${r.label(from)} → _call(${r.label(account)}, [${batch.map((b) => b.label).join(", ")}])`,
    userAction: true,
    tx: {
      from,
      to: r.env.multiAccount,
      data: r.abis.multiAccount.encodeFunctionData("_call", [account, batch.map((b) => b.data)]),
      predict: (ctx) => call(ctx, account, batch),
    },
    involves: { addresses: [from, account, ...batch.map((b) => b.call?.to ?? ZERO_ADDRESS)], keys: keysOf(account, from, selectors) },
  };
}

/** Anybody calling an account's `_call` straight, not through the MultiAccount. */
export function directAccountCallStep(r: Resolver, action: Extract<Action, { kind: "directAccountCall" }>): Step {
  const account = resolveAccount(r, action.account);
  const item = encodeItem(r, action.item, account);
  const isAccount = findAccount(r.s, account) !== undefined;
  const from = r.env.actors[action.caller];
  return {
    label: `${action.caller} → ${r.label(account)}._call(${item.label}) directly`,
    userAction: true,
    tx: {
      from,
      to: account,
      data: r.abis.account.encodeFunctionData("_call", [r.env.protocols[0], item.data]),
      predict: () => {
        if (isAccount) revert("NotMultiAccount");
      },
    },
    involves: { addresses: [from, account], keys: [] },
  };
}
