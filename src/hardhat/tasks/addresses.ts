import { task } from "hardhat/config";
import { TASK_ADDRESSES_SHOW } from "../constants";
import { addressesFileOption } from "./options";
import { runOnHardhat2 } from "./run";

task(TASK_ADDRESSES_SHOW, "Shows the address record, with explorer links and contracts missing on this network")
  .addOptionalParam("addressesFile", "Address record (default: multiAccount.addressesFile, output/addresses.json)")
  .addFlag("json", "Print the raw record as JSON")
  .setAction(async (args: { addressesFile?: string; json: boolean }, hre) => {
    const { showAddresses } = await import("../internal/show");
    const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, hre.config.paths.root);
    return runOnHardhat2(TASK_ADDRESSES_SHOW, hre, (host, progress) => showAddresses(host, { addressesFile, json: args.json }, { progress }));
  });
