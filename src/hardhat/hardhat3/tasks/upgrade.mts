import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_UPGRADE_MULTIACCOUNT } from "../../constants.js";
import { upgradeMultiAccount } from "../../internal/tasks/upgrade.js";
import { commonOptions } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3, secondsOption } from "../run.mjs";

interface UpgradeTaskArguments {
  contract?: string;
  addressesFile?: string;
  verifyDelay?: string;
  noVerify: boolean;
  noCompile: boolean;
  dryRun: boolean;
}

export default async function upgradeTask(args: UpgradeTaskArguments, hre: HardhatRuntimeEnvironment) {
  return runOnHardhat3(TASK_UPGRADE_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) =>
    upgradeMultiAccount(
      host,
      commonOptions({ ...args, verifyDelay: secondsOption(args.verifyDelay) }, hre.config.multiAccount, hre.config.paths.root, hardhat3NetworkName(hre)),
      {
        progress,
      }
    )
  );
}
