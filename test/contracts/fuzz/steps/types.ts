// What resolving an action yields: a step to run, and what it needs to resolve against.
import type { Abis } from "../abis";
import type { Env } from "../env";
import type { Labeler } from "../labels";
import type { ModelState } from "../model";
import type { Ctx } from "../reference/core";

export interface Tx {
  from: string;
  to: string;
  data: string;
  /** Runs the rules on a copy of the model; throws `Revert` where the chain should revert. */
  predict: (ctx: Ctx) => void;
}

/** One (account, target, selector) of the delegation tables. */
export interface Key {
  account: string;
  target: string;
  selector: string;
}

export interface Step {
  label: string;
  /** A MultiAccount user action: while paused, it must change nothing. */
  userAction: boolean;
  tx?: Tx;
  /** Steps that send nothing (advancing time) change the model directly. */
  local?: (s: ModelState) => void;
  /** Views: the call to make, and a check of its result that returns a complaint or null. */
  view?: { to: string; data: string; check: (result: string) => string | null };
  /** Addresses and delegation keys the step names: the checks after it read these. */
  involves: { addresses: string[]; keys: Key[] };
}

export interface Resolver {
  s: ModelState;
  env: Env;
  abis: Abis;
  label: Labeler;
}
