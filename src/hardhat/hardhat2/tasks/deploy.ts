import { TASK_DEPLOY_MULTIACCOUNT } from "../../constants";
import { DEPLOY_TASK } from "../../internal/tasks/definitions";
import { deployOptions, refuseWithoutNetworks } from "../../internal/tasks/options";
import { isEveryChainChild } from "../every-chain-marker";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(DEPLOY_TASK, async (args, hre) => {
  const options = () => deployOptions(args, hre.config.multiAccount, hre.config.paths.root, hre.network.name);
  if (args.networks !== undefined || isEveryChainChild()) {
    const { everyChainOnHardhat2 } = await import("../every-chain");
    const { deployJob } = await import("../../internal/tasks/chain-jobs");
    return everyChainOnHardhat2(DEPLOY_TASK, args, hre, (host) => deployJob(host, options()));
  }
  const { deployMultiAccount } = await import("../../internal/tasks/deploy");
  return runOnHardhat2(TASK_DEPLOY_MULTIACCOUNT, hre, (host, progress) => {
    refuseWithoutNetworks(args);
    return deployMultiAccount(host, options(), { progress });
  });
});
