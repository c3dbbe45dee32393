// The collateral as the model sees it: plain ERC-20 moves, less a burned fee for the fee token.
import { errorString } from "../codec";
import type { Env } from "../env";
import { balanceOf, type ModelState } from "../model";
import { revertWith } from "./core";

export function feeOf(env: Env, amount: bigint): bigint {
  return (amount * env.feeBps) / 10_000n;
}

/** Moves `amount` out of `from`; `to` receives it less the fee. */
export function transfer(s: ModelState, env: Env, from: string, to: string, amount: bigint): void {
  const balance = balanceOf(s, from);
  if (balance < amount) revertWith(errorString("ERC20: transfer amount exceeds balance"));
  s.tokens[from] = balance - amount;
  s.tokens[to] = balanceOf(s, to) + amount - feeOf(env, amount);
}

export function to18Decimals(env: Env, amount: bigint): bigint {
  return env.decimals <= 18 ? amount * 10n ** BigInt(18 - env.decimals) : amount / 10n ** BigInt(env.decimals - 18);
}
