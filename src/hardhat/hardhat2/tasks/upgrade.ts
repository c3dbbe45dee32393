import { TASK_UPGRADE_MULTIACCOUNT } from "../../constants";
import { UPGRADE_TASK } from "../../internal/tasks/definitions";
import { upgradeOptions } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(UPGRADE_TASK, async (args, hre) => {
  const { upgradeMultiAccount } = await import("../../internal/tasks/upgrade");
  return runOnHardhat2(TASK_UPGRADE_MULTIACCOUNT, hre, (host, progress) =>
    upgradeMultiAccount(host, upgradeOptions(args, hre.config.multiAccount, hre.config.paths.root, hre.network.name), { progress })
  );
});
