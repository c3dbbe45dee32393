// Proof that the live notifications' model-based test bites: plant a bug in the notifications
// module, each in a throwaway copy of the project, and check that `npm run fuzz:notifications` finds
// it and shrinks it to a short sequence (docs/live-notifications.md#the-model-based-test). The
// working tree is never touched. CI does not run this.
//
//   npm run fuzz:notifications:mutations              every planted bug, FUZZ_SEED=1, FUZZ_RUNS=500
//   MUTANTS=older-copy-wins npm run fuzz:notifications:mutations   only the named ones (comma-separated)
import { spawnSync } from "child_process";
import { readFileSync, rmSync, writeFileSync } from "fs";
import path from "path";
import { copyProject, mutate } from "./shared";

interface Mutant {
  id: string;
  what: string;
  file: string;
  /** Exact text replacements in `file`; each must match once. */
  edits: [string, string][];
}

const MUTANTS: Mutant[] = [
  {
    id: "no-backfill-after-handover",
    what: "a tab that takes over as leader (it already holds lists) never backfills",
    file: "src/notifications/live/middleware.ts",
    edits: [
      [
        "      lead: (payload) => {\n",
        "      lead: (payload) => {\n        const held = api.getState().notifications;\n        if (held.unreadNotifications.length + held.readNotifications.length > 0) (ctx.options as { backfill: boolean }).backfill = false;\n",
      ],
    ],
  },
  {
    id: "older-copy-wins",
    what: "an incoming copy older than the unread one stored replaces it (out-of-order frames undo an update)",
    file: "src/notifications/lists/transitions.ts",
    edits: [
      [
        "    if (inRead.some((m) => compareNewness(n, m) <= 0)) continue;\n    if (inUnread.some((m) => compareNewness(n, m) < 0)) continue;\n",
        "    if (inRead.some((m) => compareNewness(n, m) <= 0)) continue;\n",
      ],
    ],
  },
  {
    id: "stale-lists-replace-read",
    what: "the real bug the model-based test found, put back: a joining tab with no read item takes a peer's read list whole",
    file: "src/notifications/live/cross-tab/shared-session.ts",
    edits: [
      [
        "  if (message.read.length > 0) store.dispatch({ type: A.readAllNotifications, payload: message.read });\n",
        "  if (message.read.length > 0) {\n    if (store.getState().notifications.readNotifications.length === 0) store.dispatch({ type: A.setReadNotifications, payload: message.read });\n    else store.dispatch({ type: A.readAllNotifications, payload: message.read });\n  }\n",
      ],
    ],
  },
];

const seed = process.env.FUZZ_SEED ?? "1";
const runs = process.env.FUZZ_RUNS ?? "500";
const only = process.env.MUTANTS?.split(",").map((m) => m.trim());

interface Outcome {
  found: boolean;
  steps?: number;
  seconds: number;
  report: string;
}

function fuzzIn(dir: string, numRuns: string): Outcome {
  const run = spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", "scripts/fuzz/notifications.ts"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: numRuns },
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith("FUZZ_SUMMARY "));
  if (!line) throw new Error(`the fuzz run printed no summary (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  const summary = JSON.parse(line.slice("FUZZ_SUMMARY ".length)) as { found: boolean; steps?: number; seconds: number };
  const report = summary.found ? run.stdout.slice(run.stdout.indexOf("Counterexample"), run.stdout.indexOf("FUZZ_SUMMARY")).trim() : "";
  return { found: summary.found, steps: summary.steps, seconds: summary.seconds, report };
}

function main(): void {
  const dir = copyProject("notifications-mutant-", [
    "src",
    "test/notifications",
    "test/support",
    "scripts/fuzz",
    "scripts/ts-node",
    "tsconfig.json",
    "package.json",
  ]);
  const outcomes: Array<Outcome & { id: string }> = [];
  try {
    if (!only) {
      const control = fuzzIn(dir, "100");
      console.log(
        `control (no mutation, 100 sequences): ${control.found ? `COUNTEREXAMPLE FOUND (the harness or the code is wrong)\n${control.report}` : "clean"}`
      );
      if (control.found) process.exitCode = 1;
    }
    for (const mutant of MUTANTS.filter((m) => !only || only.includes(m.id))) {
      const file = path.join(dir, mutant.file);
      const original = readFileSync(file, "utf8");
      writeFileSync(file, mutate(original, mutant));
      const outcome = fuzzIn(dir, runs);
      writeFileSync(file, original);
      outcomes.push({ id: mutant.id, ...outcome });
      console.log(`\n=== ${mutant.id}: ${mutant.what}`);
      console.log(
        outcome.found
          ? `FOUND and shrunk to ${outcome.steps} command(s) in ${outcome.seconds.toFixed(0)} s\n${outcome.report}`
          : `NOT FOUND in ${runs} sequences`
      );
    }
    console.log("\nSummary:");
    for (const o of outcomes)
      console.log(`  ${o.id.padEnd(28)} ${o.found ? `found, ${o.steps} command(s) after shrinking, ${o.seconds.toFixed(0)} s` : "NOT FOUND"}`);
    if (outcomes.some((o) => !o.found)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
