import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_HANDOVER_MULTIACCOUNT } from "../../constants.js";
import type { HANDOVER_TASK } from "../../internal/tasks/definitions.js";
import { handOverMultiAccount } from "../../internal/tasks/handover.js";
import { addressesFileOption } from "../../internal/tasks/options.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3 } from "../run.mjs";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function handoverTask(args: Hardhat3TaskArgs<typeof HANDOVER_TASK>, hre: HardhatRuntimeEnvironment) {
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, hre.config.paths.root, hardhat3NetworkName(hre));
  const options = { owner: args.owner ?? "", ownerIsEoa: args.ownerIsEoa, keepRoles: args.keepRoles, dryRun: args.dryRun, addressesFile };
  return runOnHardhat3(TASK_HANDOVER_MULTIACCOUNT, hre, { needsSigner: true }, (host, progress) => handOverMultiAccount(host, options, { progress }));
}
