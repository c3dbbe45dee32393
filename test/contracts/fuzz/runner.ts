// Runs one sequence: every step is predicted by the model, sent, compared outcome for outcome
// (success and events, or the exact revert), and followed by the invariant checks; the whole state
// is checked at the start, every few steps and at the end.
import type { Action } from "./actions";
import type { Env, TokenKind } from "./env";
import { checkModel, checkStructure, fingerprint, read } from "./invariants";
import { labeler, relabel } from "./labels";
import { cloneState, initialState, type ModelState } from "./model";
import { Revert } from "./reference/core";
import { fullScope, stepScope, type Scope } from "./scope";
import { resolve, type Tx } from "./steps";
import type { TxResult, World } from "./world";

/** Steps between two checks of the whole state. */
export const FULL_CHECK_EVERY = 25;

/** A step whose outcome or aftermath broke the rules; `step` counts from 1. */
export class StepFailure extends Error {
  constructor(
    readonly step: number,
    readonly label: string,
    readonly complaints: string[]
  ) {
    super(`step ${step}: ${label}\n${complaints.map((c) => `    ✗ ${c}`).join("\n")}`);
  }
}

/** One line per step of a replay: what was sent and what happened. */
export type Trace = (step: number, label: string, outcome: string) => void;

type Prediction = { ok: true; state: ModelState; events: string[] } | { ok: false; reason: string };

export async function runSequence(world: World, kind: TokenKind, actions: Action[], trace?: Trace): Promise<void> {
  const env = world.envs[kind];
  let s = initialState(env, await world.reset());
  await checkAll(world, env, s, 0, "the deployment, before any step");

  for (let i = 0; i < actions.length; ++i) {
    const number = i + 1;
    const step = resolve(actions[i], s, env, world.abis);
    if (step.local) step.local(s);
    if (step.view) {
      const complaint = step.view.check(await world.call(step.view.to, step.view.data));
      world.stats.record(actions[i], complaint ? "revert view mismatch" : "ok");
      trace?.(number, step.label, complaint ?? "as expected");
      if (complaint) throw new StepFailure(number, step.label, [complaint]);
    } else if (!step.tx) {
      world.stats.record(actions[i], null);
      trace?.(number, step.label, "");
    } else {
      const timestamp = s.nextTimestamp ?? s.now + 1;
      const prediction = predict(step.tx, s, env, timestamp);
      // While paused a user action must change nothing: read its scope before, to compare after.
      const pausedScope = s.paused && step.userAction ? stepScope(env, s, s, step.involves) : null;
      const before = pausedScope ? await read(world, env, pausedScope) : null;

      const result = await world.send(step.tx, timestamp);
      const actual = describe(result, world, env.multiAccount);
      const expected = prediction.ok ? `ok ${list(prediction.events)}` : `revert ${prediction.reason}`;
      world.stats.record(actions[i], actual);
      const after = prediction.ok ? prediction.state : cloneState(s);
      after.events = [];
      after.now = timestamp;
      after.nextTimestamp = null;
      const label = labeler(env, after);
      trace?.(number, step.label, relabel(actual, label));

      const complaints = expected === actual ? [] : [relabel(`expected ${expected}, got ${actual}`, label)];
      const scope = pausedScope ?? stepScope(env, s, after, step.involves);
      const reading = await read(world, env, scope);
      complaints.push(...checkStructure(reading, label), ...checkModel(env, after, reading, label));
      if (before && fingerprint(reading) !== fingerprint(before)) {
        complaints.push("a user action changed state while the MultiAccount was paused");
      }
      if (complaints.length > 0) throw new StepFailure(number, step.label, complaints);
      s = after;
    }
    if (number % FULL_CHECK_EVERY === 0 || number === actions.length) {
      await checkAll(world, env, s, number, `${step.label} (then the whole state was checked)`);
    }
  }
}

async function checkAll(world: World, env: Env, s: ModelState, number: number, label: string): Promise<void> {
  const scope: Scope = fullScope(env, s, world.abis);
  const reading = await read(world, env, scope);
  const names = labeler(env, s);
  const complaints = [...checkStructure(reading, names), ...checkModel(env, s, reading, names)];
  if (complaints.length > 0) throw new StepFailure(number, label, complaints);
}

function predict(tx: Tx, s: ModelState, env: Env, now: number): Prediction {
  const draft = cloneState(s);
  draft.events = [];
  draft.locked = false;
  try {
    tx.predict({ s: draft, env, caller: tx.from, now });
    return { ok: true, state: draft, events: draft.events };
  } catch (error) {
    if (error instanceof Revert) return { ok: false, reason: error.reason };
    throw error;
  }
}

function describe(result: TxResult, world: World, multiAccount: string): string {
  if (!result.ok) return `revert ${world.abis.codec.revert(result.revertData)}`;
  const events = result.logs.filter((log) => log.address.toLowerCase() === multiAccount.toLowerCase());
  return `ok ${list(events.map((log) => world.abis.codec.event(log)))}`;
}

function list(events: string[]): string {
  return `[${events.join(", ")}]`;
}
