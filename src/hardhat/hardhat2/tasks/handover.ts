import { TASK_HANDOVER_MULTIACCOUNT } from "../../constants";
import { HANDOVER_TASK } from "../../internal/tasks/definitions";
import { addressesFileOption } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(HANDOVER_TASK, async (args, hre) => {
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, hre.config.paths.root, hre.network.name);
  const { handOverMultiAccount } = await import("../../internal/tasks/handover");
  const options = { owner: args.owner ?? "", ownerIsEoa: args.ownerIsEoa, keepRoles: args.keepRoles, dryRun: args.dryRun, addressesFile };
  return runOnHardhat2(TASK_HANDOVER_MULTIACCOUNT, hre, (host, progress) => handOverMultiAccount(host, options, { progress }));
});
