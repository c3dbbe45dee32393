// The side-by-side tracks (side-by-side.ts), run on a fixture file in a mocha of its own: the tracks
// run at once, each in its order; a failed test or before hook fails as in mocha, and the rest runs.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { REPO_ROOT } from "./environment";
import { childEnv, runProcess } from "../../support/processes";
import { HANG_GUARD_MS } from "../../support/wait";

interface JsonReport {
  passes: Array<{ fullTitle: string }>;
  failures: Array<{ fullTitle: string; err: { message: string } }>;
}

describe("side-by-side tracks of one mocha file", function () {
  let report: JsonReport;
  let log: string[];

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-side-by-side-"));
    const logFile = path.join(dir, "log.json");
    const run = await runProcess(process.execPath, [require.resolve("mocha/bin/mocha.js"), "--reporter", "json", "--timeout", "20000"], {
      cwd: REPO_ROOT,
      env: childEnv({ MOCHA_SPEC: path.join(__dirname, "side-by-side.fixture.ts"), SIDE_BY_SIDE_LOG: logFile }),
      limitMs: HANG_GUARD_MS,
      onLimit: "fail",
    });
    expect(run.code, run.output).to.equal(2); // mocha's exit code: the number of failures
    report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{")));
    log = JSON.parse(fs.readFileSync(logFile, "utf8"));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs the tracks at once: a test waiting for another track's passes", () => {
    expect(report.passes.map((test) => test.fullTitle)).to.include("side-by-side fixture a waits for b's first test");
  });

  it("fails a failed test and a test under a failed before hook, and only those", () => {
    expect(report.failures.map((test) => [test.fullTitle, test.err.message])).to.deep.equal([
      ["side-by-side fixture a fails", "a:2 failed"],
      ["side-by-side fixture b under a failing before hook is failed by the hook", 'a "before" hook of this test failed: hook broke'],
    ]);
    expect(report.passes.map((test) => test.fullTitle)).to.have.members([
      "side-by-side fixture a waits for b's first test",
      "side-by-side fixture a runs after a failed test",
      "side-by-side fixture b releases a",
      "side-by-side fixture b runs after the describe whose hook failed",
    ]);
  });

  it("runs each track's hooks and tests in their order, after hooks whatever happened", () => {
    expect(log.filter((entry) => entry.startsWith("a:"))).to.deep.equal([
      "a:before",
      "a:beforeEach",
      "a:1",
      "a:beforeEach",
      "a:2",
      "a:beforeEach",
      "a:3",
      "a:after",
    ]);
    expect(log.filter((entry) => entry.startsWith("b:"))).to.deep.equal(["b:1", "b:inner-after", "b:2"]);
  });
});
