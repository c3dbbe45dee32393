// The override of hardhat-verify's `verify` task (tasks/verify.mts), loaded only in a project that
// lists hardhat-verify among its plugins (index.mts's conditional dependency): it is resolved after
// hardhat-upgrades' own override of `verify`, so it wraps that one.
import { overrideTask } from "hardhat/config";
import type { HardhatPlugin } from "hardhat/types/plugins";
import { PLUGIN_NAME } from "../constants.js";

const HARDHAT_VERIFY: string = "@nomicfoundation/hardhat-verify";

const plugin: HardhatPlugin = {
  id: `${PLUGIN_NAME}/verify`,
  dependencies: () => [import(HARDHAT_VERIFY)],
  tasks: [
    overrideTask("verify")
      .setAction(() => import("./tasks/verify.mjs"))
      .build(),
  ],
};

export default plugin;
