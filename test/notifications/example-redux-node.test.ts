// Runs examples/redux-node as a user would, in its own process, against its own mock hedger. It
// imports the package by its name; scripts/examples/from-source.cjs resolves that to src/.
import { expect } from "chai";
import * as path from "path";
import { runProcess, type ExitedRun } from "../support/processes";
import { HANG_GUARD_MS } from "../support/wait";

const ROOT = path.resolve(__dirname, "../..");
const EXAMPLE = "examples/redux-node/index.ts";
const LIMIT_MS = HANG_GUARD_MS;

type Run = ExitedRun;

/** The example must exit by itself; anything still holding the event loop shows up as a kill. */
function runExample(args: string[] = []): Promise<Run> {
  return runProcess(process.execPath, ["-r", "ts-node/register/transpile-only", "-r", "./scripts/examples/from-source.cjs", EXAMPLE, ...args], {
    cwd: ROOT,
    limitMs: LIMIT_MS,
    onLimit: "kill",
  });
}

/** The first column of every stdout line that starts with `word`. */
function idsAfter(stdout: string, word: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith(`${word} `))
    .map((line) => line.slice(word.length).trim().split(/\s+/)[0]);
}

describe("examples/redux-node", function () {
  this.timeout(LIMIT_MS + 30_000);

  let run: Run;
  before(async () => {
    run = await runExample();
  });

  it("exits 0 on its own, without leftover timers or sockets", () => {
    const output = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
    expect(run.signal, `killed after ${LIMIT_MS} ms: something kept the process alive\n${output}`).to.equal(null);
    expect(run.code, output).to.equal(0);
  });

  it("prints every emitted notification exactly once, including the one sent while disconnected", () => {
    const emitted = idsAfter(run.stdout, "emitted");
    const received = idsAfter(run.stdout, "received");
    expect(emitted.length, run.stdout).to.be.at.least(4);
    expect(run.stdout).to.match(/^emitted\s+\S+\s+while disconnected$/m);
    expect([...received].sort(), run.stdout).to.deep.equal([...emitted].sort());
    expect(new Set(received).size, "a notification was printed twice").to.equal(received.length);
  });

  it("reconnects after the dropped connection", () => {
    const statuses = idsAfter(run.stdout, "status");
    const dropped = statuses.indexOf("reconnecting");
    expect(dropped, run.stdout).to.be.greaterThan(0);
    expect(statuses.slice(dropped), run.stdout).to.include("open");
    expect(statuses[statuses.length - 1]).to.equal("closed");
  });

  it("rejects an incomplete hedger address with a usage message", async () => {
    const bad = await runExample(["--socket-url", "ws://127.0.0.1:1/ws/position-state-ws3"]);
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.match(/--base-url, --account missing/);
  });
});
