// Runs `npm run demo` as a user would, once, and checks what it shows: the deployment, the live
// notifications with one backfilled after a dropped connection, and the final lists.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { runProcess, type ExitedRun } from "../support/processes";
import { HANG_GUARD_MS } from "../support/wait";

const ROOT = path.resolve(__dirname, "../..");
/** Only a bound against a hang: a demo that leaves a timer or socket behind never exits by itself. */
const LIMIT_MS = HANG_GUARD_MS;

type Run = ExitedRun;

function runDemo(): Promise<Run> {
  return runProcess(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "--silent", "demo"], { cwd: ROOT, limitMs: LIMIT_MS, onLimit: "kill" });
}

/** The rest of every stdout line that starts with the event name `event`. */
function events(stdout: string, event: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith(`${event} `))
    .map((line) => line.slice(event.length).trim());
}

const firstWord = (text: string) => text.split(/\s+/)[0];

/** The ids listed under `unread (n)` or `read (n)` after the lists heading. */
function listed(stdout: string, name: "unread" | "read"): string[] {
  const lines = stdout.slice(stdout.indexOf("== Notification lists ==")).split("\n");
  const at = lines.findIndex((line) => line.startsWith(`${name} (`));
  expect(at, `no "${name} (" line after the lists heading\n${stdout}`).to.be.greaterThan(-1);
  const count = Number(/\((\d+)\)/.exec(lines[at])![1]);
  const items = lines.slice(at + 1, at + 1 + count);
  expect(
    items.every((line) => line.startsWith("  ")),
    `${name} should list ${count} items\n${stdout}`
  ).to.equal(true);
  return items.map((line) => firstWord(line.trim()));
}

describe("npm run demo", function () {
  this.timeout(LIMIT_MS + 30_000);

  let run: Run;
  before(async () => {
    run = await runDemo();
  });

  it("exits 0 on its own", () => {
    const output = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
    expect(run.signal, `killed after ${LIMIT_MS} ms: something kept the process alive\n${output}`).to.equal(null);
    expect(run.code, output).to.equal(0);
  });

  it("deploys on the in-process network, then shows the notifications part", () => {
    const deployAt = run.stdout.indexOf("== deploy-multiaccount ==");
    const notificationsAt = run.stdout.indexOf("== Notifications:");
    expect(deployAt, run.stdout).to.be.greaterThan(-1);
    expect(run.stdout).to.match(/^Proxy: +0x[0-9a-fA-F]{40}$/m);
    expect(run.stdout).to.match(/^addAccount\("demo account"\) -> 0x[0-9a-fA-F]{40}/m);
    expect(notificationsAt, run.stdout).to.be.greaterThan(deployAt);
  });

  it("delivers every emitted notification once, and the one sent while disconnected through the backfill", () => {
    const emitted = events(run.stdout, "emitted").map(firstWord);
    const received = events(run.stdout, "received").map(firstWord);
    expect(emitted.length, run.stdout).to.be.at.least(4);
    expect([...received].sort(), run.stdout).to.deep.equal([...emitted].sort());

    const missed = events(run.stdout, "emitted").find((text) => /while disconnected \(0 subscribers\)$/.test(text));
    expect(missed, `no notification emitted while disconnected\n${run.stdout}`).to.not.equal(undefined);
    const id = firstWord(missed!);
    expect(
      events(run.stdout, "received").find((text) => firstWord(text) === id),
      run.stdout
    ).to.match(/through the REST backfill$/);
    const statuses = events(run.stdout, "status");
    expect(statuses.slice(statuses.indexOf("reconnecting")), run.stdout).to.include("open");
    expect(statuses.at(-1)).to.equal("closed");
  });

  it("prints the final lists: the marked notification read, every other one unread", () => {
    const marked = events(run.stdout, "marked").map(firstWord);
    expect(marked, run.stdout).to.have.lengthOf(1);
    const emitted = events(run.stdout, "emitted").map(firstWord);
    const unread = listed(run.stdout, "unread");
    const read = listed(run.stdout, "read");
    expect(read).to.deep.equal(marked);
    expect([...unread].sort()).to.deep.equal(emitted.filter((id) => id !== marked[0]).sort());
  });

  it("the notifications part imports the package's public entry points and no Hardhat", () => {
    const source = fs.readFileSync(path.join(ROOT, "scripts/demo/notifications.ts"), "utf8");
    const imports = [...source.matchAll(/^import [^;]*? from "([^"]+)";/gms)].map((m) => m[1]);
    expect(imports).to.have.members(["ws", "redux", "redux-thunk", "../../src/notifications", "../../src/mock-hedger"]);
  });
});
