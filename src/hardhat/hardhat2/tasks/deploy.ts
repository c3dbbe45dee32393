import { TASK_DEPLOY_MULTIACCOUNT } from "../../constants";
import { DEPLOY_TASK } from "../../internal/tasks/definitions";
import { deployOptions } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(DEPLOY_TASK, async (args, hre) => {
  const { deployMultiAccount } = await import("../../internal/tasks/deploy");
  return runOnHardhat2(TASK_DEPLOY_MULTIACCOUNT, hre, (host, progress) =>
    deployMultiAccount(host, deployOptions(args, hre.config.multiAccount, hre.config.paths.root, hre.network.name), { progress })
  );
});
