// How our errors look when the Hardhat CLI prints one. Both majors print a plugin's error as its
// message; then, on a CI server (to Hardhat 2 also any Linux machine without a display) or with
// --show-stack-traces, they print the whole error object as well, through util.inspect: its stack,
// its properties and its causes. An expected error (any of ours but UnexpectedError) that the CLI
// will print prints there the one line Hardhat shows in its place on a desktop, so that its message
// stands alone either way. --show-stack-traces still shows everything, and an UnexpectedError (a
// bug) keeps its stack. The thrown object is the same: its class, message, stack and cause are
// untouched for code that catches it.
import { MultiAccountKitError, UnexpectedError } from "../../errors";

/** What Hardhat (2 and 3) prints after a plugin's error on a desktop, in place of the stack. */
export const STACK_TRACES_HINT = "For more info run Hardhat with --show-stack-traces";

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/** One of ours whose message says all there is: not an UnexpectedError. */
export function isExpectedError(error: unknown): boolean {
  return error instanceof MultiAccountKitError && !(error instanceof UnexpectedError);
}

/** Whether this process is the Hardhat CLI run for `task` (not a script, a test run or another task that calls it). */
export function commandLineRuns(task: string, argv: readonly string[] = process.argv): boolean {
  return argv.slice(2).includes(task);
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
