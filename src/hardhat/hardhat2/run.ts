// How a Hardhat 2 task action reaches the shared task logic: a Host built from `hre`, the net that
// names the task and the step when something unforeseen fails, no secret in what it throws, and an
// expected error that prints as its message alone on a CI server too. Loaded lazily.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Host } from "../internal/tasks/host";
import type { Progress } from "../internal/tasks/lifecycle";

export async function runOnHardhat2<T>(task: string, hre: HardhatRuntimeEnvironment, body: (host: Host, progress: Progress) => Promise<T>): Promise<T> {
  const [{ hardhat2Host, hardhat2Secrets }, { runTask }, { redactError }, { forCommandLine }] = await Promise.all([
    import("./host"),
    import("../internal/tasks/lifecycle"),
    import("../internal/output/redact"),
    import("../internal/output/cli-errors"),
  ]);
  try {
    const host = hardhat2Host(hre);
    return await runTask(task, host, (progress) => body(host, progress));
  } catch (error) {
    // Hardhat prints what a task throws, its parents and stack too (with --show-stack-traces; on CI, an UnexpectedError).
    const safe = redactError(error, hardhat2Secrets(hre));
    throw safe instanceof Error ? forCommandLine(safe, safe, { task, showStackTraces: hre.hardhatArguments.showStackTraces }) : safe;
  }
}
