// Turns an action into a step against the current model: the transaction to send (or the time to
// advance, or the view to read), the model's prediction of it, and a readable label.
import { utils } from "ethers";
import { NO_CODE_ADDRESS, ZERO_ADDRESS } from "../actors";
import type { Action } from "../actions";
import type { Abis } from "../abis";
import type { Env } from "../env";
import { labeler } from "../labels";
import { balanceOf, type ModelState } from "../model";
import { addAccount, editAccountName } from "../reference/accounts";
import * as admin from "../reference/admin";
import { depositAndAllocateForAccount, depositForAccount, withdrawFromAccount } from "../reference/funds";
import { callStep, directAccountCallStep } from "./calls";
import { delegateStep, proposeOrRevokeStep } from "./delegation";
import { armReentryStep, donateStep, pullShortStep } from "./hostile";
import { adminTx, protocolBalance, resolveAccount, resolveAmount, resolveCaller, userTx } from "./resolvers";
import { advanceStep } from "./time";
import type { Resolver, Step } from "./types";
import { accountsView } from "./views";

export type { Key, Step, Tx } from "./types";

export function resolve(action: Action, s: ModelState, env: Env, abis: Abis): Step {
  const r: Resolver = { s, env, abis, label: labeler(env, s) };
  switch (action.kind) {
    case "addAccount":
      return userTx(r, env.actors[action.caller], "addAccount", [action.name], (ctx) => void addAccount(ctx, action.name));
    case "editAccountName": {
      const account = resolveAccount(r, action.account);
      const from = resolveCaller(r, action.caller, account);
      return userTx(r, from, "editAccountName", [account, action.name], (ctx) => editAccountName(ctx, account, action.name), {
        addresses: [account],
        keys: [],
      });
    }
    case "deposit": {
      const account = resolveAccount(r, action.account);
      const from = resolveCaller(r, action.caller, account);
      const amount = resolveAmount(action.amount, env.decimals, balanceOf(s, from));
      const fn = action.allocate ? "depositAndAllocateForAccount" : "depositForAccount";
      const rule = action.allocate ? depositAndAllocateForAccount : depositForAccount;
      return userTx(r, from, fn, [account, amount], (ctx) => rule(ctx, account, amount), { addresses: [account], keys: [] });
    }
    case "withdraw": {
      const account = resolveAccount(r, action.account);
      const from = resolveCaller(r, action.caller, account);
      const amount = resolveAmount(action.amount, env.decimals, protocolBalance(r, account));
      return userTx(r, from, "withdrawFromAccount", [account, amount], (ctx) => withdrawFromAccount(ctx, account, amount), {
        addresses: [account],
        keys: [],
      });
    }
    case "call":
      return callStep(r, action);
    case "delegate":
      return delegateStep(r, action);
    case "propose":
    case "revoke":
      return proposeOrRevokeStep(r, action);
    case "advanceTime":
      return advanceStep(r, action);
    case "pause":
      return adminTx(r, action.caller, "pause", [], admin.pause);
    case "unpause":
      return adminTx(r, action.caller, "unpause", [], admin.unpause);
    case "setRevokeCooldown":
      return adminTx(r, action.caller, "setRevokeCooldown", [action.seconds], (ctx) => admin.setRevokeCooldown(ctx, action.seconds));
    case "setAccountsAdmin": {
      const newAdmin = action.admin === "zero" ? ZERO_ADDRESS : env.actors[action.admin];
      return adminTx(r, action.caller, "setAccountsAdmin", [newAdmin], (ctx) => admin.setAccountsAdmin(ctx, newAdmin));
    }
    case "setProtocolAddress": {
      const choices = { A: env.protocols[0], B: env.protocols[1], noCode: utils.getAddress(NO_CODE_ADDRESS), zero: ZERO_ADDRESS };
      const protocol = choices[action.protocol];
      return adminTx(r, action.caller, "setProtocolAddress", [protocol], (ctx) => admin.setProtocolAddress(ctx, protocol));
    }
    case "setAccountImplementation": {
      const implementation = action.code === "empty" ? null : action.code;
      const code = { empty: "0x", dud: "0x00", account: env.accountBytecode }[action.code];
      const step = adminTx(r, action.caller, "setAccountImplementation", [code], (ctx) => admin.setAccountImplementation(ctx, implementation));
      const shown = action.code === "account" ? "<ProtocolPartyA bytecode>" : code;
      return { ...step, label: `${action.caller} → setAccountImplementation(${shown})` };
    }
    case "upgrade":
      return {
        label: `${action.caller} → proxyAdmin.upgrade(multiAccount, MultiAccountV2)`,
        userAction: false,
        tx: {
          from: env.actors[action.caller],
          to: env.proxyAdmin,
          data: abis.proxyAdmin.encodeFunctionData("upgrade", [env.multiAccount, env.v2Implementation]),
          predict: admin.upgrade,
        },
        involves: { addresses: [], keys: [] },
      };
    case "donate":
      return donateStep(r, action);
    case "directAccountCall":
      return directAccountCallStep(r, action);
    case "armReentry":
      return armReentryStep(r, action);
    case "pullShort":
      return pullShortStep(r, action);
    case "getAccounts":
      return accountsView(r, action.user, action.start, action.size);
  }
}
