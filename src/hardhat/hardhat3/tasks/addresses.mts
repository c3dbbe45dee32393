import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_ADDRESSES_SHOW } from "../../constants.js";
import { showAddresses } from "../../internal/tasks/addresses-show.js";
import { showAllNetworks } from "../../internal/tasks/addresses-survey.js";
import { addressesFileOption, addressesFilePattern } from "../../internal/tasks/options.js";
import { hardhat3NetworkName, hardhat3SurveyTargets } from "../host.mjs";
import { runOnHardhat3 } from "../run.mjs";
import type { ADDRESSES_SHOW_TASK } from "../../internal/tasks/definitions.js";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function showTask(args: Hardhat3TaskArgs<typeof ADDRESSES_SHOW_TASK>, hre: HardhatRuntimeEnvironment) {
  const root = hre.config.paths.root;
  if (args.allNetworks || args.networks !== undefined) {
    const addressesFile = addressesFilePattern(args.addressesFile, hre.config.multiAccount, root);
    return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, async (host) => {
      let targets = await hardhat3SurveyTargets(hre);
      let scope: string | undefined;
      if (args.networks !== undefined) {
        // --networks: the survey of --all-networks, on the networks it names, in its order.
        const [{ checkNetworkFlags, selectNetworks }, { configuredNetworks }, { nearestName }] = await Promise.all([
          import("../../internal/tasks/every-chain/networks.js"),
          import("../every-chain.mjs"),
          import("../../internal/output/nearest-name.js"),
        ]);
        checkNetworkFlags({ networks: args.networks, network: hre.globalOptions.network, allNetworks: args.allNetworks });
        const selected = selectNetworks(args.networks, await configuredNetworks(hre), nearestName);
        targets = selected.map((network) => targets.find((target) => target.network === network.name)!);
        scope = "the networks of --networks";
      }
      return showAllNetworks(targets, { addressesFile, json: args.json, scope }, { secrets: host.secrets });
    });
  }
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, root, hardhat3NetworkName(hre));
  return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, (host, progress) =>
    showAddresses(host, { addressesFile, json: args.json }, { progress })
  );
}
