// The property: for any collateral kind and any sequence of actions, every step keeps the rules.
// fast-check generates and shrinks; on failure the shrunk sequence is replayed once more to print
// a readable trace of it.
import fc from "fast-check";
import type { Action } from "./actions";
import { sequence } from "./arbitraries";
import { TOKEN_KINDS, type TokenKind } from "./env";
import { runSequence, StepFailure } from "./runner";
import type { World } from "./world";

export interface FuzzOptions {
  seed: number;
  /** Sequences to run. */
  runs: number;
  /** Longest sequence; lengths spread from 0 up to it. */
  maxSteps: number;
  kinds?: readonly TokenKind[];
  /** fast-check's replay path of a reported counterexample (with its seed). */
  path?: string;
}

export interface Counterexample {
  kind: TokenKind;
  actions: Action[];
  /** Steps as replayed: `step. label  ⇒ outcome`. */
  trace: string[];
  /** The broken rules, from the replay. */
  failure: string;
  shrinks: number;
  path: string;
}

export interface FuzzResult {
  seed: number;
  runs: number;
  interrupted: boolean;
  counterexample: Counterexample | null;
}

export async function fuzz(world: World, options: FuzzOptions): Promise<FuzzResult> {
  const kinds = options.kinds ?? TOKEN_KINDS;
  const property = fc.asyncProperty(fc.constantFrom(...kinds), sequence(options.maxSteps), async (kind, actions) => {
    await runSequence(world, kind, actions);
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.runs,
    path: options.path,
  });
  const result: FuzzResult = { seed: options.seed, runs: details.numRuns, interrupted: details.interrupted, counterexample: null };
  if (details.failed && details.counterexample) {
    const [kind, actions] = details.counterexample;
    result.counterexample = {
      ...(await replay(world, kind, actions)),
      kind,
      shrinks: details.numShrinks,
      path: details.counterexamplePath ?? "",
    };
    if (!result.counterexample.failure) result.counterexample.failure = String(details.errorInstance);
  }
  return result;
}

/** Runs `actions` once more, recording each step, up to the failing one. */
export async function replay(world: World, kind: TokenKind, actions: Action[]): Promise<{ actions: Action[]; trace: string[]; failure: string }> {
  const trace: string[] = [];
  let failure = "";
  let ran = actions.length;
  try {
    await runSequence(world, kind, actions, (step, label, outcome) => trace.push(`${String(step).padStart(3)}. ${label}${outcome ? `  ⇒ ${outcome}` : ""}`));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    if (error instanceof StepFailure) ran = error.step;
  }
  return { actions: actions.slice(0, ran), trace, failure };
}

/** A failure report: the shrunk sequence step by step, what broke, and how to run it again. */
export function formatCounterexample(result: FuzzResult, reproduce: string): string {
  const c = result.counterexample;
  if (!c) return "no counterexample";
  return [
    `Counterexample: ${c.actions.length} step(s) on ${c.kind} collateral, shrunk ${c.shrinks} time(s) (seed ${result.seed}, path "${c.path}")`,
    ...c.trace,
    `Broken: ${c.failure}`,
    `Reproduce: ${reproduce}`,
    `Actions: ${serializeActions(c.kind, c.actions)}`,
  ].join("\n");
}

export function serializeActions(kind: TokenKind, actions: Action[]): string {
  return JSON.stringify({ kind, actions }, (_, value) => (typeof value === "bigint" ? `${value}n` : value));
}

export function parseActions(json: string): { kind: TokenKind; actions: Action[] } {
  return JSON.parse(json, (_, value) => (typeof value === "string" && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value));
}
