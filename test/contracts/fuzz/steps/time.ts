// Advancing time: by some seconds, or to just before, at or just after a pending proposal's ready
// or expiry time (the edges the cooldown rules turn on).
import type { Action } from "../actions";
import { readyTime, REVOKE_PROPOSAL_LIFETIME } from "../reference/delegation";
import type { Resolver, Step } from "./types";

const NONE = { addresses: [], keys: [] };

export function advanceStep(r: Resolver, action: Extract<Action, { kind: "advanceTime" }>): Step {
  if (action.mode === "seconds") {
    return {
      label: `advance time by ${action.seconds} s`,
      userAction: false,
      local: (s) => {
        s.nextTimestamp = (s.nextTimestamp ?? s.now) + action.seconds;
      },
      involves: NONE,
    };
  }
  const pending = Object.values(r.s.accesses).filter((a) => a.proposedAt > 0);
  if (pending.length === 0) {
    return { label: `advance time to a proposal's ${action.mode} time (none pending)`, userAction: false, involves: NONE };
  }
  const chosen = pending[action.pick % pending.length];
  const readyAt = readyTime(r.s, chosen);
  const target = (action.mode === "ready" ? readyAt : readyAt + REVOKE_PROPOSAL_LIFETIME) + action.offset;
  const offset = action.offset === 0 ? "" : action.offset > 0 ? " + 1" : " - 1";
  const key = `(${r.label(chosen.account)}, ${r.label(chosen.target)}, ${chosen.selector})`;
  return {
    label: `next block at the ${action.mode} time${offset} of ${key} = ${target}`,
    userAction: false,
    local: (s) => {
      // Time never goes back: a target already passed leaves the clock alone.
      if (target > s.now && target > (s.nextTimestamp ?? 0)) s.nextTimestamp = target;
    },
    involves: NONE,
  };
}
