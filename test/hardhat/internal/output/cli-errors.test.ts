// What the Hardhat CLI's whole-error dump (util.inspect, as console.error prints an object) shows of
// the errors a task boundary throws: the hint line alone for an expected error of a task the command
// line runs, everything otherwise; and the thrown error itself unchanged.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import util from "util";
import { ConfigError, EnvError, InputError, MissingPrivateKeyError, MultiAccountKitError, UnexpectedError } from "../../../../src/hardhat/errors";
import {
  STACK_TRACES_HINT,
  commandLineRuns,
  forCommandLine,
  forConfigLoading,
  isExpectedError,
  isHardhatCli,
  printedAsHint,
} from "../../../../src/hardhat/internal/output/cli-errors";

const CLI_ARGV = ["/usr/bin/node", "/project/node_modules/hardhat/internal/cli/bootstrap.js", "deploy-multiaccount", "--network", "bsc"];
const SCRIPT_ARGV = ["/usr/bin/node", "/project/scripts/deploy.ts"];
const TASK = "deploy-multiaccount";

/** What console.error(error) prints, colours off. */
const dump = (error: unknown) => util.inspect(error, { colors: false });

describe("cli-errors: how the Hardhat CLI prints our errors", () => {
  it("expected errors are ours but UnexpectedError", () => {
    expect(isExpectedError(new InputError("x"))).to.equal(true);
    expect(isExpectedError(new MissingPrivateKeyError("bsc"))).to.equal(true);
    expect(isExpectedError(new MultiAccountKitError("restated"))).to.equal(true);
    expect(isExpectedError(new UnexpectedError("a bug"))).to.equal(false);
    expect(isExpectedError(new TypeError("x"))).to.equal(false);
    expect(isExpectedError("a string")).to.equal(false);
  });

  it("the command line runs a task when Hardhat's CLI is given its name", () => {
    expect(commandLineRuns(TASK, CLI_ARGV)).to.equal(true);
    expect(commandLineRuns(TASK, SCRIPT_ARGV)).to.equal(false);
    expect(commandLineRuns(TASK, [...SCRIPT_ARGV, TASK]), "a script given the task's name").to.equal(false);
    expect(commandLineRuns(TASK, ["/usr/bin/node", "/project/node_modules/hardhat/internal/cli/cli.js", "test"])).to.equal(false);
  });

  it("an expected error of a task the command line runs dumps as the hint alone, and is the same error", () => {
    const error = new InputError("Invalid admin address");
    const stack = error.stack;
    expect(dump(error), "before").to.include("    at ");
    const thrown = forCommandLine(error, error, { task: TASK, showStackTraces: false, argv: CLI_ARGV });
    expect(thrown).to.equal(error);
    expect(dump(thrown)).to.equal(STACK_TRACES_HINT);
    expect(STACK_TRACES_HINT).to.equal("For more info run Hardhat with --show-stack-traces");
    expect(thrown).to.be.instanceOf(InputError).and.instanceOf(MultiAccountKitError);
    expect([thrown.message, thrown.stack, thrown.name]).to.deep.equal(["Invalid admin address", stack, "InputError"]);
    expect(Object.getOwnPropertyDescriptor(thrown, Symbol.for("nodejs.util.inspect.custom"))?.enumerable, "enumerable").to.equal(false);
    expect(JSON.stringify(thrown)).to.equal(JSON.stringify(new InputError("Invalid admin address")));
  });

  it("on Hardhat 3 the HardhatPluginError around ours dumps as the hint, decided by ours", () => {
    const ours = new InputError("Invalid admin address");
    const wrapper = new Error("Invalid admin address", { cause: ours });
    expect(dump(forCommandLine(wrapper, ours, { task: TASK, showStackTraces: false, argv: CLI_ARGV }))).to.equal(STACK_TRACES_HINT);
    const bug = new UnexpectedError("deploy-multiaccount failed while deploying: TypeError: x");
    const wrappedBug = new Error(bug.message, { cause: bug });
    expect(dump(forCommandLine(wrappedBug, bug, { task: TASK, showStackTraces: false, argv: CLI_ARGV }))).to.include("    at ");
  });

  describe("dumps the whole error", () => {
    it("with --show-stack-traces", () => {
      const error = new InputError("x");
      expect(dump(forCommandLine(error, error, { task: TASK, showStackTraces: true, argv: CLI_ARGV }))).to.match(/^InputError: x\n {4}at /);
    });
    it("for an UnexpectedError (a bug), its cause included", () => {
      const error = new UnexpectedError("deploy-multiaccount failed while deploying: TypeError: boom", new TypeError("boom"));
      const printed = dump(forCommandLine(error, error, { task: TASK, showStackTraces: false, argv: CLI_ARGV }));
      expect(printed).to.match(/^UnexpectedError: deploy-multiaccount failed/);
      expect(printed).to.include("    at ");
      expect(printed).to.include("[cause]: TypeError: boom");
    });
    it("for an error that is not ours", () => {
      const error = new TypeError("boom");
      expect(dump(forCommandLine(error, error, { task: TASK, showStackTraces: false, argv: CLI_ARGV }))).to.match(/^TypeError: boom\n {4}at /);
    });
    it("when the command line does not run the task (a script's hre.run, or another task's)", () => {
      const error = new InputError("x");
      expect(dump(forCommandLine(error, error, { task: TASK, showStackTraces: false, argv: SCRIPT_ARGV }))).to.match(/^InputError: x\n {4}at /);
    });
  });

  describe("while the config loads (a ConfigError, an EnvError from the config's own code)", () => {
    it("Hardhat's CLI is Hardhat 2's bootstrap.js or cli.js, or Hardhat 3's dist/src/cli.js, also through node_modules/.bin", () => {
      expect(isHardhatCli(CLI_ARGV)).to.equal(true);
      expect(isHardhatCli(["node", "/p/node_modules/hardhat/internal/cli/cli.js"])).to.equal(true);
      expect(isHardhatCli(["node", "/p/node_modules/hardhat/dist/src/cli.js"])).to.equal(true);
      expect(isHardhatCli(SCRIPT_ARGV)).to.equal(false);
      expect(isHardhatCli(["node", "/p/node_modules/mocha/bin/mocha.js"])).to.equal(false);
      expect(isHardhatCli(["node"])).to.equal(false);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-cli-"));
      try {
        const cli = path.join(dir, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
        const bin = path.join(dir, "node_modules", ".bin", "hardhat");
        fs.mkdirSync(path.dirname(cli), { recursive: true });
        fs.mkdirSync(path.dirname(bin), { recursive: true });
        fs.writeFileSync(cli, "");
        fs.symlinkSync(path.relative(path.dirname(bin), cli), bin);
        expect(isHardhatCli(["node", bin])).to.equal(true);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    it("an expected error the CLI prints dumps as the hint alone", () => {
      expect(dump(forConfigLoading(new EnvError("PRIVATE_KEY", "is not a 32-byte hex private key"), CLI_ARGV, {}))).to.equal(STACK_TRACES_HINT);
      expect(dump(forConfigLoading(new ConfigError("verifyDelay", "expected a number"), CLI_ARGV, {}))).to.equal(STACK_TRACES_HINT);
    });
    it("whole with --show-stack-traces or HARDHAT_SHOW_STACK_TRACES=true, outside the CLI, and for anything not expected", () => {
      const whole = (error: unknown, argv: string[], env: NodeJS.ProcessEnv = {}) => dump(forConfigLoading(error, argv, env));
      expect(whole(new EnvError("X", "is wrong"), [...CLI_ARGV, "--show-stack-traces"])).to.include("    at ");
      expect(whole(new EnvError("X", "is wrong"), CLI_ARGV, { HARDHAT_SHOW_STACK_TRACES: "true" })).to.include("    at ");
      expect(whole(new EnvError("X", "is wrong"), SCRIPT_ARGV)).to.include("    at ");
      expect(whole(new TypeError("boom"), CLI_ARGV)).to.include("    at ");
      expect(forConfigLoading("a string", CLI_ARGV, {})).to.equal("a string");
    });
  });

  it("printedAsHint marks any error", () => {
    expect(dump(printedAsHint(new Error("x")))).to.equal(STACK_TRACES_HINT);
  });
});
