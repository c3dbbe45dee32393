import { TASK_ADDRESSES_SHOW } from "../../constants";
import { ADDRESSES_SHOW_TASK } from "../../internal/tasks/definitions";
import { addressesFileOption, addressesFilePattern } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(ADDRESSES_SHOW_TASK, async (args, hre) => {
  const root = hre.config.paths.root;
  if (args.allNetworks || args.networks !== undefined) {
    const [{ showAllNetworks }, { hardhat2SurveyTargets }, { checkNetworkFlags, selectNetworks }, { configuredNetworks }, { nearestName }] = await Promise.all([
      import("../../internal/tasks/addresses-survey"),
      import("../host"),
      import("../../internal/tasks/every-chain/networks"),
      import("../every-chain"),
      import("../../internal/output/nearest-name"),
    ]);
    const addressesFile = addressesFilePattern(args.addressesFile, hre.config.multiAccount, root);
    return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, (host) => {
      let targets = hardhat2SurveyTargets(hre);
      let scope: string | undefined;
      if (args.networks !== undefined) {
        // --networks: the survey of --all-networks, on the networks it names, in its order.
        checkNetworkFlags({ networks: args.networks, network: hre.hardhatArguments.network, allNetworks: args.allNetworks });
        const selected = selectNetworks(args.networks, configuredNetworks(hre), nearestName);
        targets = selected.map((network) => targets.find((target) => target.network === network.name)!);
        scope = `the networks of --networks`;
      }
      return showAllNetworks(targets, { addressesFile, json: args.json, scope }, { secrets: host.secrets });
    });
  }
  const { showAddresses } = await import("../../internal/tasks/addresses-show");
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, root, hre.network.name);
  return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, (host, progress) => showAddresses(host, { addressesFile, json: args.json }, { progress }));
});
