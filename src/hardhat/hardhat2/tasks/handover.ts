import { TASK_HANDOVER_MULTIACCOUNT } from "../../constants";
import { HANDOVER_TASK } from "../../internal/tasks/definitions";
import { handoverOptions, refuseWithoutNetworks } from "../../internal/tasks/options";
import { isEveryChainChild } from "../every-chain-marker";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(HANDOVER_TASK, async (args, hre) => {
  const options = () => handoverOptions(args, hre.config.multiAccount, hre.config.paths.root, hre.network.name);
  if (args.networks !== undefined || isEveryChainChild()) {
    const { everyChainOnHardhat2 } = await import("../every-chain");
    const { handoverJob } = await import("../../internal/tasks/chain-jobs");
    return everyChainOnHardhat2(HANDOVER_TASK, { ...args, noCompile: true }, hre, (host) => handoverJob(host, options()));
  }
  const { handOverMultiAccount } = await import("../../internal/tasks/handover");
  return runOnHardhat2(TASK_HANDOVER_MULTIACCOUNT, hre, (host, progress) => {
    refuseWithoutNetworks(args);
    return handOverMultiAccount(host, options(), { progress });
  });
});
