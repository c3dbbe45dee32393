import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_ADDRESSES_SHOW } from "../../constants.js";
import { showAddresses } from "../../internal/show.js";
import { addressesFileOption } from "../../tasks/options.js";
import { runOnHardhat3 } from "../run.mjs";

interface ShowTaskArguments {
  addressesFile?: string;
  json: boolean;
}

export default async function showTask(args: ShowTaskArguments, hre: HardhatRuntimeEnvironment) {
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, hre.config.paths.root);
  return runOnHardhat3(TASK_ADDRESSES_SHOW, hre, { needsSigner: false }, (host, progress) =>
    showAddresses(host, { addressesFile, json: args.json }, { progress })
  );
}
