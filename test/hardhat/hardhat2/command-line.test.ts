// The Hardhat 2 CLI printing our errors, in the deployer fixture (the plugin from src), on the
// in-process network: an expected error prints as its message alone, the same on a desktop (a
// display, no CI variable) as on a CI server (CI=true) and on a Linux machine without a display,
// which Hardhat 2 counts as a CI server and where it prints the whole error object after the
// message; and a mistyped --network gets our message in place of HH100. (The packed package: the
// host projects' bad-input runs, with CI=true, and the stack frames of an error in hosts/stacks.test.ts.)
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { FIXTURES, REPO_ROOT, linkPackage } from "../helpers/environment";
import { runHardhat, type RunResult } from "../helpers/processes";
import { childEnv, runProcess } from "../../support/processes";
import { HANG_GUARD_MS } from "../../support/wait";

const FIXTURE = path.join(FIXTURES, "deployer");
const ADMIN = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const EMPTY = "0x000000000000000000000000000000000000dEaD";
const HINT = "For more info run Hardhat with --show-stack-traces";

/** Every variable by which Hardhat 2 (its ci-detection and the ci-info it uses) recognises a CI server. */
function ciVariables(): string[] {
  const hardhat = path.dirname(require.resolve("hardhat/package.json", { paths: [FIXTURE] }));
  const vendors = JSON.parse(fs.readFileSync(require.resolve("ci-info/vendors.json", { paths: [hardhat] }), "utf8")) as Array<{ env: unknown }>;
  const names = new Set(["CI", "CONTINUOUS_INTEGRATION", "BUILD_NUMBER", "RUN_ID", "GITHUB_ACTIONS", "NOW", "DEPLOYMENT_ID", "CODEBUILD_BUILD_NUMBER"]);
  const add = (env: unknown): void => {
    if (typeof env === "string") names.add(env);
    else if (Array.isArray(env)) env.forEach(add);
    else if (typeof env === "object" && env !== null) Object.keys(env).forEach((name) => names.add(name));
  };
  for (const vendor of vendors) add(vendor.env);
  return [...names];
}

const notCi = () => Object.fromEntries(ciVariables().map((name) => [name, null]));
/** The three machines: each removes every CI variable this process may have, then sets its own. */
const MACHINES = {
  desktop: () => ({ ...notCi(), DISPLAY: ":0" }),
  "CI=true": () => ({ ...notCi(), CI: "true", DISPLAY: ":0" }),
  "no display": () => ({ ...notCi(), DISPLAY: null, WAYLAND_DISPLAY: null }),
};
type Machine = keyof typeof MACHINES;

/** Whether Hardhat 2 itself counts `machine` as a CI server (where it prints the whole error). */
async function hardhatSeesCi(machine: Machine): Promise<boolean> {
  const script = `process.stdout.write(String(require("hardhat/internal/util/ci-detection").isRunningOnCiServer()))`;
  const ran = await runProcess(process.execPath, ["-e", script], {
    cwd: REPO_ROOT,
    env: childEnv(MACHINES[machine]()),
    limitMs: HANG_GUARD_MS,
    onLimit: "fail",
  });
  expect(ran.code, ran.output).to.equal(0);
  return ran.stdout === "true";
}

describe("the Hardhat 2 CLI prints an expected error as its message alone, with a display or without", function () {
  let dir: string; // made in the first hook, so that a run filtering this suite out (--grep) leaves nothing behind
  const env = (machine: Machine) => ({ ...MACHINES[machine](), ADDRESSES_FILE: path.join(dir, "addresses.json"), HARDHAT_SHOW_STACK_TRACES: null });
  const runs = {} as Record<Machine, RunResult>;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-cli-errors-"));
    linkPackage(FIXTURE);
    // No --network: the in-process network, where the protocol address has no code (nothing is compiled or sent).
    const args = ["deploy-multiaccount", "--admin", ADMIN, "--protocol-address", EMPTY];
    const machines = Object.keys(MACHINES) as Machine[];
    const results = await Promise.all(machines.map((machine) => runHardhat(FIXTURE, args, env(machine))));
    machines.forEach((machine, i) => (runs[machine] = results[i]));
  });
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it("Hardhat counts CI=true and a Linux machine without a display as CI servers, and the desktop as none", async () => {
    expect(await Promise.all([hardhatSeesCi("desktop"), hardhatSeesCi("CI=true"), hardhatSeesCi("no display")])).to.deep.equal([false, true, true]);
  });

  for (const machine of Object.keys(MACHINES) as Machine[]) {
    it(`${machine}: "Error in plugin multiaccount-kit:", the message, the hint line; no stack, no object dump`, () => {
      const run = runs[machine];
      expect(run.code, run.output).to.equal(1);
      const [head, hint, ...rest] = run.stderr.split("\n");
      expect(head, run.output).to.match(
        new RegExp(`^Error in plugin multiaccount-kit: The protocol address ${EMPTY} has no contract code on network "hardhat" \\(chain 31337\\)\\. `)
      );
      expect([hint, rest.join("\n")], run.output).to.deep.equal([HINT, ""]);
      expect(run.output).to.not.match(/^\s+at /m);
      expect(run.output).to.not.include("InputError");
    });
  }

  it("prints the same on all three", () => {
    expect(runs["CI=true"].stderr).to.equal(runs.desktop.stderr);
    expect(runs["no display"].stderr).to.equal(runs.desktop.stderr);
    expect(runs["CI=true"].stdout).to.equal(runs.desktop.stdout);
  });

  it("a mistyped --network: our message, the configured networks and the nearest, in place of HH100", async () => {
    const run = await runHardhat(FIXTURE, ["deploy-multiaccount", "--network", "locahost"], env("no display"));
    expect(run.code, run.output).to.equal(1);
    const [head, hint, ...rest] = run.stderr.split("\n");
    expect(head, run.output).to.match(
      /^Error in plugin multiaccount-kit: Network "locahost" is not in this project's config; did you mean "localhost"\? Configured networks: hardhat, localhost, mainnet, bsc, [^.]*\. Run again with --network localhost, or add "locahost" to the networks in hardhat\.config\.$/
    );
    expect([hint, rest.join("\n")], run.output).to.deep.equal([HINT, ""]);
    expect(run.output).to.not.include("HH100");
  });
});
