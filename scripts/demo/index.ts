// `npm run demo` (`hardhat run scripts/demo/index.ts`): both halves of the package, one after the
// other. Part 1 deploys on the in-process network; part 2 runs the notifications module against a
// mock hedger. The process then ends on its own: nothing may be left holding it open.
import hre from "hardhat";
import { isPluginError } from "../../src/hardhat/errors";
import { hardhat2Host } from "../../src/hardhat/hardhat2/host";
import { createLogger } from "../../src/hardhat/internal/output/log";
import { runContractsDemo } from "./contracts";
import { runNotificationsDemo } from "./notifications";

async function main(): Promise<void> {
  await runContractsDemo(hre);
  console.log("");
  await runNotificationsDemo();
}

main().catch((error: unknown) => {
  const message = isPluginError(error) ? (error as Error).message : ((error as Error)?.stack ?? String(error));
  createLogger(hardhat2Host(hre).secrets).error(`Error: ${message}`);
  process.exitCode = 1;
});
