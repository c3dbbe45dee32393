import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_UPGRADE_MULTIACCOUNT } from "../../constants.js";
import { upgradeMultiAccount } from "../../internal/tasks/upgrade.js";
import { upgradeOptions, refuseEveryChainOptions } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3, secondsOption } from "../run.mjs";
import type { UPGRADE_TASK } from "../../internal/tasks/definitions.js";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function upgradeTask(args: Hardhat3TaskArgs<typeof UPGRADE_TASK>, hre: HardhatRuntimeEnvironment) {
  return runOnHardhat3(TASK_UPGRADE_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) => {
    refuseEveryChainOptions(args, "Hardhat 3");
    return upgradeMultiAccount(
      host,
      upgradeOptions({ ...args, verifyDelay: secondsOption(args.verifyDelay) }, hre.config.multiAccount, hre.config.paths.root, hardhat3NetworkName(hre)),
      {
        progress,
      }
    );
  });
}
