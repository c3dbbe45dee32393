import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_DEPLOY_MULTIACCOUNT } from "../../constants.js";
import type { DEPLOY_TASK } from "../../internal/tasks/definitions.js";
import { deployMultiAccount } from "../../internal/tasks/deploy.js";
import { deployOptions, refuseEveryChainOptions } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3, secondsOption } from "../run.mjs";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function deployTask(args: Hardhat3TaskArgs<typeof DEPLOY_TASK>, hre: HardhatRuntimeEnvironment) {
  return runOnHardhat3(TASK_DEPLOY_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) => {
    refuseEveryChainOptions(args, "Hardhat 3");
    return deployMultiAccount(
      host,
      deployOptions({ ...args, verifyDelay: secondsOption(args.verifyDelay) }, hre.config.multiAccount, hre.config.paths.root, hardhat3NetworkName(hre)),
      { progress }
    );
  });
}
