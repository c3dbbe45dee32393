// Proof that the fuzz harness bites: break MultiAccount on purpose in four ways, each in a throwaway
// copy of the project, and check that `npm run fuzz` finds each one and prints a shrunk sequence.
// The working tree is never touched. CI does not run this (it takes minutes):
//
//   npm run fuzz:mutations            MUTANT_SECONDS=180 per mutant by default
//   MUTANTS=paused-check npm run fuzz:mutations   only the named ones (comma-separated)
import { spawnSync } from "child_process";
import { readFileSync, rmSync, writeFileSync } from "fs";
import path from "path";
import { copyProject, mutate } from "./shared";

interface Mutant {
  id: string;
  what: string;
  /** Exact text replacements in contracts/multiAccount/MultiAccount.sol; each must match once. */
  edits: [string, string][];
}

const MUTANTS: Mutant[] = [
  {
    id: "withdraw-owner-check",
    what: "the owner check removed from withdrawFromAccount",
    edits: [
      [
        "    function withdrawFromAccount(address account, uint256 amount)\n        external\n        whenNotPaused\n        nonReentrant\n        onlyOwner(account)\n",
        "    function withdrawFromAccount(address account, uint256 amount)\n        external\n        whenNotPaused\n        nonReentrant\n",
      ],
    ],
  },
  {
    id: "selector-ignored",
    what: "a delegation that ignores the selector (any grant lets the delegate call anything)",
    edits: [
      [
        "        delegatedAccesses[account][target][selector] = true;\n",
        "        delegatedAccesses[account][target][selector] = true;\n        delegatedAccesses[account][target][bytes4(0)] = true;\n",
      ],
      ["if (!delegatedAccesses[account][msg.sender][selector]) {", "if (!delegatedAccesses[account][msg.sender][bytes4(0)]) {"],
    ],
  },
  {
    id: "index-not-updated",
    what: "indexOfAccount not updated by addAccount (the index stays 0)",
    edits: [["AccountInfo(msg.sender, uint96(index))", "AccountInfo(msg.sender, 0)"]],
  },
  {
    id: "paused-check",
    what: "the paused check removed from _call",
    edits: [["external whenNotPaused nonReentrant {", "external nonReentrant {"]],
  },
];

const SOURCE = "contracts/multiAccount/MultiAccount.sol";
const seconds = Number(process.env.MUTANT_SECONDS ?? 180);
const only = process.env.MUTANTS?.split(",").map((m) => m.trim());

interface Outcome {
  id: string;
  what: string;
  found: boolean;
  seconds: number;
  steps?: number;
  report: string;
}

function fuzzIn(dir: string, id: string, what: string, budget: number): Outcome {
  const started = Date.now();
  const run = spawnSync("npx", ["hardhat", "run", "scripts/fuzz/run.ts"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, FUZZ_SECONDS: String(budget), FUZZ_SEED: "1", FUZZ_RUNS: "20", FUZZ_STEPS: "60", FUZZ_OUT: "fuzz-counterexample.json" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const elapsed = (Date.now() - started) / 1000;
  const line = run.stdout.split("\n").find((l) => l.startsWith("FUZZ_SUMMARY "));
  if (!line) throw new Error(`${id}: the fuzz run printed no summary (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  const summary = JSON.parse(line.slice("FUZZ_SUMMARY ".length));
  const report = run.stdout.slice(run.stdout.indexOf("Counterexample:"), run.stdout.indexOf("FUZZ_SUMMARY")).trim();
  return { id, what, found: summary.found, seconds: elapsed, steps: summary.steps, report: summary.found ? report : "" };
}

function main(): void {
  const dir = copyProject("multiaccount-mutant-", [], (file) => file.startsWith("test/fixture-projects/") || file.startsWith("examples/"));
  try {
    const file = path.join(dir, SOURCE);
    const original = readFileSync(file, "utf8");
    const outcomes: Outcome[] = [];
    // Control: the real contract must come out clean over a short run.
    if (!only) {
      const control = fuzzIn(dir, "control", "no mutation", 30);
      console.log(`control (no mutation): ${control.found ? "COUNTEREXAMPLE FOUND (the harness or the contract is wrong)" : "clean"}\n${control.report}`);
      if (control.found) process.exitCode = 1;
    }
    for (const mutant of MUTANTS.filter((m) => !only || only.includes(m.id))) {
      writeFileSync(file, mutate(original, mutant));
      const outcome = fuzzIn(dir, mutant.id, mutant.what, seconds);
      outcomes.push(outcome);
      console.log(`\n=== ${mutant.id}: ${mutant.what}`);
      console.log(
        outcome.found
          ? `FOUND in ${outcome.seconds.toFixed(0)} s (compile included), shrunk to ${outcome.steps} step(s)\n${outcome.report}`
          : `NOT FOUND in ${seconds} s`
      );
      writeFileSync(file, original);
    }
    console.log("\nSummary:");
    for (const o of outcomes)
      console.log(`  ${o.id.padEnd(22)} ${o.found ? `found, ${o.steps} step(s) after shrinking, ${o.seconds.toFixed(0)} s` : "NOT FOUND"}`);
    if (outcomes.some((o) => !o.found)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
