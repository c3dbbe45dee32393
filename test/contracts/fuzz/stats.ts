// What the runs covered: per action, how often it went through and which reverts it met. A fuzz
// run whose deposits all revert proves little, so the test and `npm run fuzz` look at this.
import type { Action } from "./actions";

export interface Tally {
  ok: number;
  reverts: Map<string, number>;
}

export class Stats {
  steps = 0;
  sequences = 0;
  readonly byAction = new Map<string, Tally>();

  record(action: Action, outcome: string | null): void {
    this.steps += 1;
    if (outcome === null) return;
    const key = action.kind === "call" && action.caller.kind === "delegate" ? "call (by a delegate)" : action.kind;
    const tally = this.byAction.get(key) ?? { ok: 0, reverts: new Map() };
    this.byAction.set(key, tally);
    if (outcome.startsWith("ok")) {
      tally.ok += 1;
    } else {
      const reason = outcome.replace(/^revert /, "").replace(/\(.*$/s, "");
      tally.reverts.set(reason, (tally.reverts.get(reason) ?? 0) + 1);
    }
  }

  ok(key: string): number {
    return this.byAction.get(key)?.ok ?? 0;
  }

  reverted(key: string, reason: string): number {
    return this.byAction.get(key)?.reverts.get(reason) ?? 0;
  }

  table(): string {
    const rows = [...this.byAction.entries()].sort(([a], [b]) => a.localeCompare(b));
    return rows
      .map(([key, t]) => {
        const reverts = [...t.reverts.entries()].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`);
        return `  ${key.padEnd(26)} ok ${String(t.ok).padStart(6)}   reverted: ${reverts.join(", ") || "-"}`;
      })
      .join("\n");
  }
}
