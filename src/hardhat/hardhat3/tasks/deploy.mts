import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_DEPLOY_MULTIACCOUNT } from "../../constants.js";
import { DEPLOY_TASK } from "../../internal/tasks/definitions.js";
import { deployMultiAccount } from "../../internal/tasks/deploy.js";
import { deployOptions, refuseWithoutNetworks } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3, secondsOption } from "../run.mjs";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function deployTask(args: Hardhat3TaskArgs<typeof DEPLOY_TASK>, hre: HardhatRuntimeEnvironment) {
  const options = (network: string, compiled = false) =>
    deployOptions(
      { ...args, verifyDelay: secondsOption(args.verifyDelay), noCompile: args.noCompile || compiled },
      hre.config.multiAccount,
      hre.config.paths.root,
      network
    );
  if (args.networks !== undefined) {
    const [{ everyChainOnHardhat3 }, { deployJob }] = await Promise.all([import("../every-chain.mjs"), import("../../internal/tasks/chain-jobs.js")]);
    // The run compiles once before the chains start.
    return everyChainOnHardhat3(DEPLOY_TASK, args, hre, (host, network) => deployJob(host, options(network, true)));
  }
  return runOnHardhat3(TASK_DEPLOY_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) => {
    refuseWithoutNetworks(args);
    return deployMultiAccount(host, options(hardhat3NetworkName(hre)), { progress });
  });
}
