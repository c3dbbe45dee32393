// The attacker's moves outside the MultiAccount: tokens sent straight to it, and the protocol
// stand-in's hostile knobs (a call back into the MultiAccount or an account, a short pull).
import { ZERO_ADDRESS } from "../actors";
import type { Action } from "../actions";
import { balanceOf, type ReentryKind } from "../model";
import * as admin from "../reference/admin";
import { protocolAt } from "../reference/protocol";
import { resolveAccount, resolveAmount } from "./resolvers";
import type { Resolver, Step } from "./types";

export function donateStep(r: Resolver, action: Extract<Action, { kind: "donate" }>): Step {
  const { env } = r;
  const amount = resolveAmount(action.amount, env.decimals, balanceOf(r.s, env.actors.eve));
  return {
    label: `eve → token.transfer(multiAccount, ${amount})`,
    userAction: false,
    tx: {
      from: env.actors.eve,
      to: env.token,
      data: r.abis.token.encodeFunctionData("transfer", [env.multiAccount, amount]),
      predict: (ctx) => admin.donate(ctx, amount),
    },
    involves: { addresses: [env.actors.eve], keys: [] },
  };
}

export function armReentryStep(r: Resolver, action: Extract<Action, { kind: "armReentry" }>): Step {
  const { env, abis } = r;
  const protocol = env.protocols[action.protocol];
  const account = resolveAccount(r, action.account);
  const ma = abis.multiAccount;
  const calls: Record<ReentryKind | "none", [string, string]> = {
    addAccount: [env.multiAccount, ma.encodeFunctionData("addAccount", ["reentered"])],
    withdraw: [env.multiAccount, ma.encodeFunctionData("withdrawFromAccount", [account, 1])],
    editAccountName: [env.multiAccount, ma.encodeFunctionData("editAccountName", [account, "reentered"])],
    accountCall: [account, abis.account.encodeFunctionData("_call", [protocol, abis.protocol.encodeFunctionData("withdrawTo", [protocol, 1])])],
    none: [ZERO_ADDRESS, "0x"],
  };
  const [target, data] = calls[action.reentry];
  const shown = action.reentry === "none" ? "nothing" : `${action.reentry}(${r.label(account)})`;
  return {
    label: `eve → ${r.label(protocol)}.setReenter(${shown})`,
    userAction: false,
    tx: {
      from: env.actors.eve,
      to: protocol,
      data: abis.protocol.encodeFunctionData("setReenter", [target, data]),
      predict: (ctx) => {
        // MockProtocol skips a call-back whose target is the zero address.
        const reentry = action.reentry === "none" || target === ZERO_ADDRESS ? null : { kind: action.reentry, account };
        admin.armReentry(protocolAt(ctx.s, protocol)!, reentry);
      },
    },
    involves: { addresses: [account], keys: [] },
  };
}

export function pullShortStep(r: Resolver, action: Extract<Action, { kind: "pullShort" }>): Step {
  const protocol = r.env.protocols[action.protocol];
  return {
    label: `eve → ${r.label(protocol)}.setPullShortBy(${action.by})`,
    userAction: false,
    tx: {
      from: r.env.actors.eve,
      to: protocol,
      data: r.abis.protocol.encodeFunctionData("setPullShortBy", [action.by]),
      predict: (ctx) => admin.setPullShortBy(protocolAt(ctx.s, protocol)!, BigInt(action.by)),
    },
    involves: { addresses: [], keys: [] },
  };
}
