// How our errors look when the Hardhat CLI prints one. Both majors print a plugin's error as its
// message; then, on a CI server (to Hardhat 2 also any Linux machine without a display) or with
// --show-stack-traces, they print the whole error object as well, through util.inspect: its stack,
// its properties and its causes. An expected error (any of ours but UnexpectedError) that the CLI
// will print prints there the one line Hardhat shows in its place on a desktop, so that its message
// stands alone either way: what a task of ours throws when the command line runs it, and what
// loading the config throws. --show-stack-traces still shows everything, and an UnexpectedError (a
// bug) keeps its stack. The thrown object is the same: its class, message, stack and cause are
// untouched for code that catches it.
import fs from "fs";
import { MultiAccountKitError, UnexpectedError } from "../../errors";

/** What Hardhat (2 and 3) prints after a plugin's error on a desktop, in place of the stack. */
export const STACK_TRACES_HINT = "For more info run Hardhat with --show-stack-traces";

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/** Hardhat's CLI: Hardhat 2's as `npx hardhat` runs it (bootstrap.js) or directly (cli.js), Hardhat 3's. */
const HARDHAT_CLI = /[\\/]hardhat[\\/](?:internal[\\/]cli[\\/](?:cli|bootstrap)|dist[\\/]src[\\/]cli)\.js$/;

/** One of ours whose message says all there is: not an UnexpectedError. */
export function isExpectedError(error: unknown): boolean {
  return error instanceof MultiAccountKitError && !(error instanceof UnexpectedError);
}

/** Whether this process is Hardhat's CLI run for `task` (not a script, a test run or another task that calls it). */
export function commandLineRuns(task: string, argv: readonly string[] = process.argv): boolean {
  return isHardhatCli(argv) && argv.slice(2).includes(task);
}

/** Whether this process is Hardhat's CLI (not `hardhat run`'s script on Hardhat 2, nor a test runner): `argv[1]`, links followed. */
export function isHardhatCli(argv: readonly string[] = process.argv): boolean {
  if (argv[1] === undefined) return false;
  let file = argv[1];
  try {
    file = fs.realpathSync(file);
  } catch {
    // not a file: compared as given
  }
  return HARDHAT_CLI.test(file);
}

/**
 * What loading the config throws (a ConfigError, an EnvError from the config's own code, a network
 * it lacks), as the CLI should print it: the CLI prints it, unless stack traces were asked for
 * (--show-stack-traces, or HARDHAT_SHOW_STACK_TRACES=true on Hardhat 2).
 */
export function forConfigLoading<T>(error: T, argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): T {
  if (!(error instanceof Error) || !isExpectedError(error)) return error;
  if (argv.includes("--show-stack-traces") || env.HARDHAT_SHOW_STACK_TRACES === "true" || !isHardhatCli(argv)) return error;
  return printedAsHint(error);
}

/** `error` itself, printed by util.inspect (console.error) as the hint line alone. */
export function printedAsHint<T extends Error>(error: T): T {
  Object.defineProperty(error, INSPECT, { value: () => STACK_TRACES_HINT, enumerable: false, configurable: true, writable: true });
  return error;
}

export interface CliPrinting {
  /** The task whose boundary this is. */
  task: string;
  /** --show-stack-traces (or HARDHAT_SHOW_STACK_TRACES on Hardhat 2) was given. */
  showStackTraces: boolean;
  argv?: readonly string[];
}

/**
 * What a task's boundary throws: `thrown` (ours, or on Hardhat 3 the HardhatPluginError around it),
 * printed as the hint alone when the CLI will print it, `cause` is expected and no stack trace was
 * asked for.
 */
export function forCommandLine<T extends Error>(thrown: T, cause: unknown, { task, showStackTraces, argv }: CliPrinting): T {
  if (showStackTraces || !isExpectedError(cause) || !commandLineRuns(task, argv)) return thrown;
  return printedAsHint(thrown);
}
