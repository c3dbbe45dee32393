// Runs a `hardhat run` script body: exit 0 on success; on failure log the error (redacted) and exit 1.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { isPluginError } from "../errors";
import { hardhat2Host } from "./host";
import { createLogger } from "../internal/output/log";

export function runScript(hre: HardhatRuntimeEnvironment, body: () => Promise<unknown>): void {
  body().then(
    () => process.exit(0),
    (error: unknown) => {
      const log = createLogger(hardhat2Host(hre).secrets);
      const message = isPluginError(error) ? (error as Error).message : ((error as Error)?.stack ?? String(error));
      log.error(`Error: ${message}`);
      process.exit(1);
    }
  );
}
