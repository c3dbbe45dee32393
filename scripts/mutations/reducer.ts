// Breaks the notifications reducer on purpose, in three ways, and checks that the randomized
// equivalence test fails on each. CI does not run it: it is the evidence that a faster oracle kept
// its power. Each mutant is made in a temporary copy of the files the test needs, so the working
// tree is never modified, even when the script is interrupted.
//
//   npx ts-node --transpile-only scripts/mutations/reducer.ts [--compare-rev <git rev>]
//
// --compare-rev also runs that revision's version of the equivalence test against each mutant, to
// compare the two oracles side by side. Exits 1 when the unmutated copy fails or a mutant survives.
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

interface Mutation {
  name: string;
  file: string;
  /** Must occur exactly once in `file`, so that a refactoring cannot make a mutation a silent no-op. */
  find: string;
  replace: string;
}

const LIST_OPS = "src/notifications/lists/transitions.ts";

const MUTATIONS: Mutation[] = [
  {
    name: "a replay resurrects a read item (an incoming copy as new as the read one moves it back to unread)",
    file: LIST_OPS,
    find: "if (inRead.some((m) => compareNewness(n, m) <= 0)) continue;",
    replace: "if (inRead.some((m) => compareNewness(n, m) < 0)) continue;",
  },
  {
    name: "a superseded version kept (a newer report of the same quote key, under another id, leaves the old one in unread)",
    file: LIST_OPS,
    find: "    for (const m of inUnread) unread.remove(m);\n    unread.insert(n);",
    replace: "    for (const m of inUnread) if (m.id === n.id) unread.remove(m);\n    unread.insert(n);",
  },
  {
    name: "an item left in both lists (addReadNotification does not take it out of unread)",
    file: LIST_OPS,
    find: "    for (const m of inUnread) unread.remove(m);\n    for (const m of inRead) read.remove(m);\n    read.insert(n);",
    replace: "    for (const m of inRead) read.remove(m);\n    read.insert(n);",
  },
];

const ROOT = path.resolve(__dirname, "../..");
const TEST = "test/notifications/lists/reducer-equivalence.test.ts";
/** What the equivalence test loads; nothing else is copied. */
const COPIED = ["package.json", "tsconfig.json", ".mocharc.js", "src/notifications", "test/support", "test/notifications"];

interface RunResult {
  passed: number;
  failed: number;
  /** Failing test title to the step it failed at ("-" when the message names none). */
  failures: Map<string, string>;
  firstFailure: string | null;
}

function parseArgs(argv: string[]): { compareRev: string | null } {
  let compareRev: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--compare-rev" && i + 1 < argv.length) compareRev = argv[++i];
    else throw new Error(`Unknown argument ${argv[i]}. Usage: reducer.ts [--compare-rev <git rev>]`);
  }
  return { compareRev };
}

function makeCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "multiaccount-kit-mutants-"));
  for (const entry of COPIED) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

function mutate(dir: string, m: Mutation): void {
  const file = path.join(dir, m.file);
  const source = fs.readFileSync(file, "utf8");
  const count = source.split(m.find).length - 1;
  if (count !== 1) throw new Error(`Mutation "${m.name}": expected its text once in ${m.file}, found it ${count} times. Update the mutation.`);
  fs.writeFileSync(file, source.replace(m.find, m.replace));
}

function restore(dir: string, m: Mutation): void {
  fs.copyFileSync(path.join(ROOT, m.file), path.join(dir, m.file));
}

function runTest(dir: string, spec: string): RunResult {
  const mocha = path.join(ROOT, "node_modules/mocha/bin/mocha.js");
  const out = spawnSync(process.execPath, [mocha, "--reporter", "json"], {
    cwd: dir,
    env: { ...process.env, MOCHA_SPEC: spec },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  let report: { stats: { passes: number; failures: number }; failures: Array<{ title: string; err: { message?: string } }> };
  try {
    report = JSON.parse(out.stdout);
  } catch {
    throw new Error(`mocha did not report (exit ${out.status}):\n${out.stderr}`);
  }
  const failures = new Map(report.failures.map((f) => [f.title, /step (\d+)/.exec(f.err.message ?? "")?.[1] ?? "-"]));
  const f = report.failures[0];
  return {
    passed: report.stats.passes,
    failed: report.stats.failures,
    failures,
    firstFailure: f === undefined ? null : `${f.title}\n      ${(f.err.message ?? "").split("\n")[0]}`,
  };
}

function describeRun(label: string, r: RunResult): string {
  const head = `  ${label}: ${r.failed} failing, ${r.passed} passing`;
  return r.firstFailure === null ? head : `${head}\n    first failure: ${r.firstFailure}`;
}

/** Whether two runs failed the same tests, each at the same step. */
function sameFailures(a: RunResult, b: RunResult): boolean {
  if (a.failures.size !== b.failures.size) return false;
  for (const [title, step] of a.failures) if (b.failures.get(title) !== step) return false;
  return true;
}

function main(): number {
  const { compareRev } = parseArgs(process.argv.slice(2));
  const dir = makeCopy();
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  process.once("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    const specs: Array<[string, string]> = [[`${TEST} (this tree)`, TEST]];
    if (compareRev !== null) {
      const old = execFileSync("git", ["show", `${compareRev}:${TEST}`], { cwd: ROOT, encoding: "utf8" });
      const oldPath = TEST.replace(/\.test\.ts$/, `.at-${compareRev.slice(0, 12)}.test.ts`);
      fs.writeFileSync(path.join(dir, oldPath), old);
      specs.push([`${TEST} at ${compareRev}`, oldPath]);
    }
    let ok = true;
    console.log("Unmutated reducer (control): every test must pass");
    for (const [label, spec] of specs) {
      const r = runTest(dir, spec);
      console.log(describeRun(label, r));
      if (r.failed > 0 || r.passed === 0) ok = false;
    }
    for (const [i, m] of MUTATIONS.entries()) {
      console.log(`\nMutation ${i + 1}: ${m.name}`);
      mutate(dir, m);
      try {
        const results = specs.map(([label, spec]) => {
          const r = runTest(dir, spec);
          console.log(describeRun(label, r));
          return r;
        });
        if (results.length > 1) {
          const same = sameFailures(results[0], results[1]);
          console.log(`  same failing tests as at ${compareRev}, each at the same step: ${same ? "yes" : "no"}`);
        }
        const caught = results[0].failed > 0;
        console.log(`  => ${caught ? "CAUGHT" : "SURVIVED"}`);
        if (!caught) ok = false;
      } finally {
        restore(dir, m);
      }
    }
    console.log(ok ? "\nEvery mutant was caught." : "\nFAILED: the control failed or a mutant survived.");
    return ok ? 0 : 1;
  } finally {
    cleanup();
  }
}

process.exitCode = main();
