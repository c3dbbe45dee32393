import { TASK_UPGRADE_MULTIACCOUNT } from "../../constants";
import { UPGRADE_TASK } from "../../internal/tasks/definitions";
import { upgradeOptions, refuseWithoutNetworks } from "../../internal/tasks/options";
import { isEveryChainChild } from "../every-chain-marker";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(UPGRADE_TASK, async (args, hre) => {
  const options = () => upgradeOptions(args, hre.config.multiAccount, hre.config.paths.root, hre.network.name);
  if (args.networks !== undefined || isEveryChainChild()) {
    const { everyChainOnHardhat2 } = await import("../every-chain");
    const { upgradeJob } = await import("../../internal/tasks/chain-jobs");
    return everyChainOnHardhat2(UPGRADE_TASK, args, hre, (host) => upgradeJob(host, options()));
  }
  const { upgradeMultiAccount } = await import("../../internal/tasks/upgrade");
  return runOnHardhat2(TASK_UPGRADE_MULTIACCOUNT, hre, (host, progress) => {
    refuseWithoutNetworks(args);
    return upgradeMultiAccount(host, options(), { progress });
  });
});
