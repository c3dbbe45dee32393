import { task } from "hardhat/config";
import { TASK_ADDRESSES_SHOW, ADDRESSES_FILE_HELP, ALL_NETWORKS_HELP } from "../../constants";
import { addressesFileOption, addressesFilePattern } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";

task(TASK_ADDRESSES_SHOW, "Shows the addresses file, with explorer links and contracts missing on this network")
  .addOptionalParam("addressesFile", ADDRESSES_FILE_HELP)
  .addFlag("json", "Print the addresses file as JSON")
  .addFlag("allNetworks", ALL_NETWORKS_HELP)
  .setAction(async (args: { addressesFile?: string; json: boolean; allNetworks: boolean }, hre) => {
    const root = hre.config.paths.root;
    if (args.allNetworks) {
      const [{ showAllNetworks }, { hardhat2SurveyTargets }] = await Promise.all([import("../../internal/tasks/addresses-survey"), import("../host")]);
      const addressesFile = addressesFilePattern(args.addressesFile, hre.config.multiAccount, root);
      return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, (host) =>
        showAllNetworks(hardhat2SurveyTargets(hre), { addressesFile, json: args.json }, { secrets: host.secrets })
      );
    }
    const { showAddresses } = await import("../../internal/tasks/addresses-show");
    const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, root, hre.network.name);
    return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, (host, progress) => showAddresses(host, { addressesFile, json: args.json }, { progress }));
  });
