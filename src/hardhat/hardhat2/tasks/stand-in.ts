import { TASK_DEPLOY_PROTOCOL_STAND_IN } from "../../constants";
import { STAND_IN_TASK } from "../../internal/tasks/definitions";
import { addressesFileOption } from "../../internal/tasks/options";
import { runOnHardhat2 } from "../run";
import { defineHardhat2Task } from "../task-definitions";

defineHardhat2Task(STAND_IN_TASK, async (args, hre) => {
  const addressesFile = addressesFileOption(args.addressesFile, hre.config.multiAccount, hre.config.paths.root, hre.network.name);
  const { deployProtocolStandIn } = await import("../../internal/tasks/stand-in");
  return runOnHardhat2(TASK_DEPLOY_PROTOCOL_STAND_IN, hre, (host, progress) => deployProtocolStandIn(host, { addressesFile }, { progress }));
});
