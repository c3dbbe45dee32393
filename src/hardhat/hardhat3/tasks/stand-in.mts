import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { TASK_DEPLOY_PROTOCOL_STAND_IN } from "../../constants.js";
import type { STAND_IN_TASK } from "../../internal/tasks/definitions.js";
import { addressesFileOption } from "../../internal/tasks/options.js";
import { deployProtocolStandIn } from "../../internal/tasks/stand-in.js";
import { hardhat3NetworkName } from "../host.mjs";
import { runOnHardhat3 } from "../run.mjs";
import type { Hardhat3TaskArgs } from "../task-definitions.mjs";

export default async function standInTask(args: Hardhat3TaskArgs<typeof STAND_IN_TASK>, hre: HardhatRuntimeEnvironment) {
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, hre.config.paths.root, hardhat3NetworkName(hre));
  return runOnHardhat3(TASK_DEPLOY_PROTOCOL_STAND_IN, hre, { needsSigner: true }, (host, progress) =>
    deployProtocolStandIn(host, { addressesFile }, { progress })
  );
}
