import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_ADDRESSES_SHOW } from "../../constants.js";
import { showAddresses } from "../../internal/tasks/addresses-show.js";
import { showAllNetworks } from "../../internal/tasks/addresses-survey.js";
import { addressesFileOption, addressesFilePattern, refuseEveryChainOptions } from "../../internal/tasks/options.js";
import { hardhat3NetworkName, hardhat3SurveyTargets } from "../host.mjs";
import { runOnHardhat3 } from "../run.mjs";
import type { ADDRESSES_SHOW_TASK } from "../../internal/tasks/definitions.js";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function showTask(args: Hardhat3TaskArgs<typeof ADDRESSES_SHOW_TASK>, hre: HardhatRuntimeEnvironment) {
  const root = hre.config.paths.root;
  if (args.networks !== undefined) {
    return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, async () => refuseEveryChainOptions(args, "Hardhat 3"));
  }
  if (args.allNetworks) {
    const addressesFile = addressesFilePattern(args.addressesFile, hre.config.multiAccount, root);
    return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, async (host) =>
      showAllNetworks(await hardhat3SurveyTargets(hre), { addressesFile, json: args.json }, { secrets: host.secrets })
    );
  }
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, root, hardhat3NetworkName(hre));
  return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, (host, progress) =>
    showAddresses(host, { addressesFile, json: args.json }, { progress })
  );
}
