// What stays fixed during one run: the deployment under test and everything the model needs to
// know about it (addresses, token shape, bytecode).
import type { Actor } from "./actors";

/** The collateral variants a run can use. */
export const TOKEN_KINDS = ["plain6", "decimals24", "feeOnTransfer"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface Env {
  kind: TokenKind;
  decimals: number;
  /** Transfer fee in basis points, burned by the token (0 for plain tokens). */
  feeBps: bigint;
  multiAccount: string;
  token: string;
  /** Protocol stand-ins: [0] is the one the MultiAccount starts with, and the `protocol` actor. */
  protocols: [string, string];
  proxyAdmin: string;
  /** MultiAccountV2's implementation, deployed (and validated) once before the runs. */
  v2Implementation: string;
  actors: Record<Actor, string>;
  accountBytecode: string;
  /** Each actor's token balance at the start of a run (the protocol actor included). */
  wallet: bigint;
}

/** The account creation code that deploys nothing: CREATE2 then yields an address without code. */
export const DUD_BYTECODE = "0x00";

export type Implementation = "account" | "dud";

export function bytecodeOf(env: Env, implementation: Implementation): string {
  return implementation === "account" ? env.accountBytecode : DUD_BYTECODE;
}
