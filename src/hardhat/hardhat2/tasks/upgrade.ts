import { task, types } from "hardhat/config";
import { TASK_UPGRADE_MULTIACCOUNT, ADDRESSES_FILE_HELP } from "../../constants";
import { commonOptions, type CommonTaskArgs } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";

task(TASK_UPGRADE_MULTIACCOUNT, "Upgrades the recorded MultiAccount proxy to a new implementation")
  .addOptionalParam("contract", "New implementation contract (default: multiAccount.contract, MultiAccount)")
  .addOptionalParam("addressesFile", ADDRESSES_FILE_HELP)
  .addOptionalParam("verifyDelay", "Seconds to wait before verifying (default: 15)", undefined, types.float)
  .addFlag("noVerify", "Skip explorer verification")
  .addFlag("noCompile", "Don't compile before upgrading")
  .addFlag("dryRun", "Only validate the upgrade (storage layout and upgrade safety); send nothing")
  .setAction(async (args: CommonTaskArgs, hre) => {
    const { upgradeMultiAccount } = await import("../../internal/tasks/upgrade");
    return runOnHardhat2(TASK_UPGRADE_MULTIACCOUNT, hre, (host, progress) =>
      upgradeMultiAccount(host, commonOptions(args, hre.config.multiAccount, hre.config.paths.root, hre.network.name), { progress })
    );
  });
