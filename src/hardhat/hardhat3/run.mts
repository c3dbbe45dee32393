// How a Hardhat 3 task action reaches the shared task logic: a Host over a network connection, the
// net that names the task and the step when something unforeseen fails, and our errors rethrown as
// Hardhat 3's own HardhatPluginError (ours kept as the cause), which Hardhat prints without a trace,
// and an expected one as its message alone on a CI server too; nothing thrown holds a secret.
import { HardhatPluginError } from "hardhat/plugins";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { PLUGIN_NAME } from "../constants.js";
import { MultiAccountKitError } from "../errors.js";
import type { Host } from "../internal/tasks/host.js";
import { forCommandLine } from "../internal/output/cli-errors.js";
import { redactError } from "../internal/output/redact.js";
import { runTask, type Progress } from "../internal/tasks/lifecycle.js";
import { hardhat3Host, hardhat3Secrets, type Hardhat3HostOptions } from "./host.mjs";

export async function runOnHardhat3<T>(
  task: string,
  hre: HardhatRuntimeEnvironment,
  options: Hardhat3HostOptions,
  body: (host: Host, progress: Progress) => Promise<T>
): Promise<T> {
  let secrets: readonly string[] | undefined;
  try {
    const { host } = await hardhat3Host(hre, options);
    secrets = host.secrets;
    return await runTask(task, host, (progress) => body(host, progress));
  } catch (error) {
    throw await forHardhat3CommandLine(task, error, secrets ?? (await hardhat3Secrets(hre)));
  }
}

/**
 * What a task throws to Hardhat 3's CLI: the error redacted, and ours as a HardhatPluginError (ours
 * its cause) that prints as its message alone.
 */
export async function forHardhat3CommandLine(task: string, error: unknown, secrets: readonly string[]): Promise<unknown> {
  // Hardhat 3 prints the cause chain and stacks too (with --show-stack-traces; on CI, an UnexpectedError).
  const safe = redactError(error, secrets);
  if (!(safe instanceof MultiAccountKitError)) return safe;
  // Hardhat 3 counts a CI server as --show-stack-traces (hre.globalOptions.showStackTraces): only the flag asks for them.
  return forCommandLine(new HardhatPluginError(PLUGIN_NAME, safe.message, safe), safe, {
    task,
    showStackTraces: process.argv.includes("--show-stack-traces"),
  });
}

/** A number of seconds given on the command line (Hardhat 3 options are strings when unset is allowed). */
export function secondsOption(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
