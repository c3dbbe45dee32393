import { TASK_ADDRESSES_SHOW } from "../../constants";
import { ADDRESSES_SHOW_TASK } from "../../internal/tasks/definitions";
import { addressesFileOption, addressesFilePattern } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(ADDRESSES_SHOW_TASK, async (args, hre) => {
  const root = hre.config.paths.root;
  const contract = hre.config.multiAccount.contract;
  if (args.allNetworks || args.networks !== undefined) {
    const [
      { showAllNetworks },
      { checkBytecode, driftReference },
      { hardhat2SurveyTargets },
      { checkNetworkFlags, selectNetworks },
      { configuredNetworks },
      { nearestName },
    ] = await Promise.all([
      import("../../internal/tasks/addresses-survey"),
      import("../../internal/tasks/addresses-drift"),
      import("../host"),
      import("../../internal/tasks/every-chain/networks"),
      import("../every-chain"),
      import("../../internal/output/nearest-name"),
    ]);
    const addressesFile = addressesFilePattern(args.addressesFile, hre.config.multiAccount, root);
    return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, async (host, progress) => {
      let targets = hardhat2SurveyTargets(hre);
      let scope: string | undefined;
      if (args.networks !== undefined) {
        // --networks: the survey of --all-networks, on the networks it names, in its order.
        checkNetworkFlags({ networks: args.networks, network: hre.hardhatArguments.network, allNetworks: args.allNetworks });
        const selected = selectNetworks(args.networks, configuredNetworks(hre), nearestName);
        targets = selected.map((network) => targets.find((target) => target.network === network.name)!);
        scope = `the networks of --networks`;
      }
      if (!args.checkBytecode) return showAllNetworks(targets, { addressesFile, json: args.json, scope }, { secrets: host.secrets });
      progress.step = "compiling the project";
      const reference = await driftReference(host, contract);
      progress.step = "comparing the code on each network";
      return checkBytecode(targets, reference, { addressesFile, json: args.json }, { secrets: host.secrets });
    });
  }
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, root, hre.network.name);
  if (args.checkBytecode) {
    const { checkBytecode, driftReference, selectedNetworkTarget } = await import("../../internal/tasks/addresses-drift");
    return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, async (host, progress) => {
      progress.step = "compiling the project";
      const reference = await driftReference(host, contract);
      progress.step = "comparing the code";
      return checkBytecode([selectedNetworkTarget(host, addressesFile)], reference, { addressesFile, json: args.json }, { secrets: host.secrets });
    });
  }
  const { showAddresses } = await import("../../internal/tasks/addresses-show");
  return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, (host, progress) => showAddresses(host, { addressesFile, json: args.json }, { progress }));
});
