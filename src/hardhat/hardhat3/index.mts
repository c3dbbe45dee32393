// Hardhat 3 plugin entry: the default export of `multiaccount-kit/hardhat` under the `import`
// condition. It only declares: the tasks (task-definitions.mts, from the table both majors share),
// the hook handlers (the config's, and the solc output cache's), both loaded lazily, and the plugins
// it needs. Importing it runs nothing. Beside the plugin object it exports the same names as the
// Hardhat 2 entry: the task names, the error classes (a task's HardhatPluginError carries ours as its
// `cause`) and the config types.
import type { HardhatPlugin } from "hardhat/types/plugins";
import { PLUGIN_NAME } from "../constants.js";
import { hardhat3Tasks } from "./task-definitions.mjs";

import "./type-extensions.mjs";

export {
  TASK_ADDRESSES_SHOW,
  TASK_DEPLOY_MULTIACCOUNT,
  TASK_DEPLOY_PROTOCOL_STAND_IN,
  TASK_HANDOVER_MULTIACCOUNT,
  TASK_UPGRADE_MULTIACCOUNT,
} from "../constants.js";
export {
  AddressesFileError,
  ConfigError,
  EnvError,
  InputError,
  MissingPrivateKeyError,
  MultiAccountKitError,
  NetworkUnreachableError,
  StackError,
  UnexpectedError,
} from "../errors.js";
export type { MultiAccountConfig, MultiAccountUserConfig, RpcRetryConfig, RpcRetryUserConfig } from "../config.js";

// Held in variables so that this package's own type check does not look for them: they are the
// user's packages, resolved in the user's project.
const HARDHAT_ETHERS: string = "@nomicfoundation/hardhat-ethers";
const HARDHAT_UPGRADES: string = "@openzeppelin/hardhat-upgrades";
const HARDHAT_VERIFY: string = "@nomicfoundation/hardhat-verify";

const plugin: HardhatPlugin = {
  id: PLUGIN_NAME,
  npmPackage: PLUGIN_NAME,
  dependencies: () => [import(HARDHAT_ETHERS), import(HARDHAT_UPGRADES)],
  // Our override of `verify` (verify-plugin.mts), when the project lists hardhat-verify: resolved
  // after hardhat-upgrades' (ours depends on it), it wraps that one.
  conditionalDependencies: [{ condition: () => [import(HARDHAT_VERIFY)], plugin: () => import("./verify-plugin.mjs") }],
  hookHandlers: {
    config: () => import("./hooks/config.mjs"),
    solidity: () => import("./hooks/solidity.mjs"),
  },
  tasks: hardhat3Tasks,
};

export default plugin;
