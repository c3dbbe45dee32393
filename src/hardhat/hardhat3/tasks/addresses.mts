import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_ADDRESSES_SHOW } from "../../constants.js";
import { showAddresses } from "../../internal/tasks/addresses-show.js";
import { checkBytecode, driftReference, selectedNetworkTarget } from "../../internal/tasks/addresses-drift.js";
import { showAllNetworks, type SurveyTarget } from "../../internal/tasks/addresses-survey.js";
import { addressesFileOption, addressesFilePattern } from "../../internal/tasks/options.js";
import { hardhat3NetworkName, hardhat3SurveyTargets } from "../host.mjs";
import { runOnHardhat3 } from "../run.mjs";
import type { ADDRESSES_SHOW_TASK } from "../../internal/tasks/definitions.js";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

type Args = Hardhat3TaskArgs<typeof ADDRESSES_SHOW_TASK>;

/** --all-networks, or --networks: the survey of --all-networks, on the networks it names, in its order. */
async function surveyTargets(args: Args, hre: HardhatRuntimeEnvironment): Promise<{ targets: SurveyTarget[]; scope?: string }> {
  const targets = await hardhat3SurveyTargets(hre);
  if (args.networks === undefined) return { targets };
  const [{ checkNetworkFlags, selectNetworks }, { configuredNetworks }, { nearestName }] = await Promise.all([
    import("../../internal/tasks/every-chain/networks.js"),
    import("../every-chain.mjs"),
    import("../../internal/output/nearest-name.js"),
  ]);
  checkNetworkFlags({ networks: args.networks, network: hre.globalOptions.network, allNetworks: args.allNetworks });
  const selected = selectNetworks(args.networks, await configuredNetworks(hre), nearestName);
  return { targets: selected.map((network) => targets.find((target) => target.network === network.name)!), scope: "the networks of --networks" };
}

export default async function showTask(args: Args, hre: HardhatRuntimeEnvironment) {
  const root = hre.config.paths.root;
  const contract = hre.config.multiAccount.contract;
  if (args.allNetworks || args.networks !== undefined) {
    const addressesFile = addressesFilePattern(args.addressesFile, hre.config.multiAccount, root);
    return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, async (host, progress) => {
      const { targets, scope } = await surveyTargets(args, hre);
      if (!args.checkBytecode) return showAllNetworks(targets, { addressesFile, json: args.json, scope }, { secrets: host.secrets });
      progress.step = "compiling the project";
      const reference = await driftReference(host, contract);
      progress.step = "comparing the code on each network";
      return checkBytecode(targets, reference, { addressesFile, json: args.json }, { secrets: host.secrets });
    });
  }
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, root, hardhat3NetworkName(hre));
  return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, async (host, progress) => {
    if (!args.checkBytecode) return showAddresses(host, { addressesFile, json: args.json }, { progress });
    progress.step = "compiling the project";
    const reference = await driftReference(host, contract);
    progress.step = "comparing the code";
    return checkBytecode([selectedNetworkTarget(host, addressesFile)], reference, { addressesFile, json: args.json }, { secrets: host.secrets });
  });
}
