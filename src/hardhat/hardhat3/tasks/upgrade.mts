import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_UPGRADE_MULTIACCOUNT } from "../../constants.js";
import { UPGRADE_TASK } from "../../internal/tasks/definitions.js";
import { upgradeMultiAccount } from "../../internal/tasks/upgrade.js";
import { upgradeOptions, refuseWithoutNetworks } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3, secondsOption } from "../run.mjs";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function upgradeTask(args: Hardhat3TaskArgs<typeof UPGRADE_TASK>, hre: HardhatRuntimeEnvironment) {
  const options = (network: string, compiled = false) =>
    upgradeOptions(
      { ...args, verifyDelay: secondsOption(args.verifyDelay), noCompile: args.noCompile || compiled },
      hre.config.multiAccount,
      hre.config.paths.root,
      network
    );
  if (args.networks !== undefined) {
    const [{ everyChainOnHardhat3 }, { upgradeJob }] = await Promise.all([import("../every-chain.mjs"), import("../../internal/tasks/chain-jobs.js")]);
    // The run compiles once before the chains start.
    return everyChainOnHardhat3(UPGRADE_TASK, args, hre, (host, network) => upgradeJob(host, options(network, true)));
  }
  return runOnHardhat3(TASK_UPGRADE_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) => {
    refuseWithoutNetworks(args);
    return upgradeMultiAccount(host, options(hardhat3NetworkName(hre)), { progress });
  });
}
