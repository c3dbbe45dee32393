// The model the harness keeps of one deployment: what the MultiAccount, the protocol stand-ins
// and the token should hold after every step. Plain data, so that a step can work on a copy.
import { ACTORS } from "./actors";
import type { Env, Implementation } from "./env";

export interface AccountState {
  address: string;
  owner: string;
  index: number;
  name: string;
}

/** One (account, target, selector) that has ever been granted or proposed for revocation. */
export interface AccessState {
  account: string;
  target: string;
  selector: string;
  granted: boolean;
  /** 0 when no revoke proposal is pending. */
  proposedAt: number;
  /** `pausedTotal` when the pending proposal was made. */
  pausedTotalAtProposal: number;
}

export type ReentryKind = "addAccount" | "withdraw" | "editAccountName" | "accountCall";

/** What a protocol stand-in calls back into when its `echo` or `allocate` next runs. */
export interface Reentry {
  kind: ReentryKind;
  /** The account the call names (the zero address when there was none to name). */
  account: string;
}

export interface ProtocolState {
  address: string;
  balances: Record<string, bigint>;
  allocated: Record<string, bigint>;
  echoCount: number;
  reentry: Reentry | null;
  pullShortBy: bigint;
}

export interface ModelState {
  /** Timestamp of the latest block, and the one the next transaction gets when time was advanced. */
  now: number;
  nextTimestamp: number | null;
  paused: boolean;
  /** Seconds paused over the pauses that have ended, and when the pause in force began (0 if none). */
  pausedTotal: number;
  pausedAt: number;
  /** `version()` through the proxy: "" before the upgrade to MultiAccountV2, "2" after. */
  version: string;
  revokeCooldown: number;
  accountsAdmin: string;
  protocolAddress: string;
  implementation: Implementation;
  /** Contracts the MultiAccount has created (CREATE and CREATE2 both count), plus one. */
  nonce: number;
  /** Every account, in creation order. */
  accounts: AccountState[];
  /** Each owner's accounts, by address, in their order. */
  lists: Record<string, string[]>;
  accesses: Record<string, AccessState>;
  protocols: ProtocolState[];
  /** Token balance of every address the harness looks at. */
  tokens: Record<string, bigint>;
  /** Tokens sent straight to the MultiAccount by the attacker (the only tokens it may hold). */
  donated: bigint;
  // ---- scratch for the step being predicted
  locked: boolean;
  events: string[];
}

export function initialState(env: Env, now: number): ModelState {
  const tokens: Record<string, bigint> = {};
  for (const actor of ACTORS) tokens[env.actors[actor]] = env.wallet;
  const protocols = env.protocols.map((address): ProtocolState => ({ address, balances: {}, allocated: {}, echoCount: 0, reentry: null, pullShortBy: 0n }));
  return {
    now,
    nextTimestamp: null,
    paused: false,
    pausedTotal: 0,
    pausedAt: 0,
    version: "",
    revokeCooldown: 0,
    accountsAdmin: env.actors.admin,
    protocolAddress: env.protocols[0],
    implementation: "account",
    nonce: 2, // the data contract holding the account bytecode was created by `initialize`
    accounts: [],
    lists: {},
    accesses: {},
    protocols,
    tokens,
    donated: 0n,
    locked: false,
    events: [],
  };
}

export function cloneState(state: ModelState): ModelState {
  return structuredClone(state);
}

export function accessKey(account: string, target: string, selector: string): string {
  return `${account}|${target}|${selector}`;
}

export function findAccount(state: ModelState, address: string): AccountState | undefined {
  return state.accounts.find((a) => a.address === address);
}

export function balanceOf(state: ModelState, holder: string): bigint {
  return state.tokens[holder] ?? 0n;
}
