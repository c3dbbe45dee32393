import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_HANDOVER_MULTIACCOUNT } from "../../constants.js";
import { HANDOVER_TASK } from "../../internal/tasks/definitions.js";
import { handOverMultiAccount } from "../../internal/tasks/handover.js";
import { handoverOptions, refuseWithoutNetworks } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3 } from "../run.mjs";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function handoverTask(args: Hardhat3TaskArgs<typeof HANDOVER_TASK>, hre: HardhatRuntimeEnvironment) {
  const options = (network: string) => handoverOptions(args, hre.config.multiAccount, hre.config.paths.root, network);
  if (args.networks !== undefined) {
    const [{ everyChainOnHardhat3 }, { handoverJob }] = await Promise.all([import("../every-chain.mjs"), import("../../internal/tasks/chain-jobs.js")]);
    return everyChainOnHardhat3(HANDOVER_TASK, { ...args, noCompile: true }, hre, (host, network) => handoverJob(host, options(network)));
  }
  return runOnHardhat3(TASK_HANDOVER_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) => {
    refuseWithoutNetworks(args);
    return handOverMultiAccount(host, options(hardhat3NetworkName(hre)), { progress });
  });
}
