import { TASK_ADDRESSES_SHOW } from "../../constants";
import { ADDRESSES_SHOW_TASK } from "../../internal/tasks/definitions";
import { addressesFileOption, addressesFilePattern } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(ADDRESSES_SHOW_TASK, async (args, hre) => {
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
