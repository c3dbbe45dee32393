// How a Hardhat 2 task action reaches the shared task logic: a Host built from `hre`, and the net
// that names the task and the step when something unforeseen fails. Loaded lazily.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Host } from "../internal/host";
import type { Progress } from "../internal/run";

export async function runOnHardhat2<T>(task: string, hre: HardhatRuntimeEnvironment, body: (host: Host, progress: Progress) => Promise<T>): Promise<T> {
  const [{ hardhat2Host }, { runTask }] = await Promise.all([import("../internal/hardhat2-host"), import("../internal/run")]);
  const host = hardhat2Host(hre);
  return runTask(task, host, (progress) => body(host, progress));
}
