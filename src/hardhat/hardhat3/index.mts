// Hardhat 3 plugin entry: the default export of `multiaccount-kit/hardhat` under the `import`
// condition. It only declares: the tasks' options, with their actions and the config hook handlers
// loaded lazily, and the plugins it needs. Importing it runs nothing. Beside the plugin object it
// exports the same names as the Hardhat 2 entry: the task names, the error classes (a task's
// HardhatPluginError carries ours as its `cause`) and the config types.
import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import type { HardhatPlugin } from "hardhat/types/plugins";
import { PLUGIN_NAME, TASK_ADDRESSES_SHOW, TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT, ADDRESSES_FILE_HELP, ALL_NETWORKS_HELP } from "../constants.js";

import "./type-extensions.mjs";

export { TASK_ADDRESSES_SHOW, TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT } from "../constants.js";
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

const addressesFile = {
  name: "addressesFile",
  description: ADDRESSES_FILE_HELP,
  type: ArgumentType.STRING_WITHOUT_DEFAULT,
  defaultValue: undefined,
} as const;
const verifyDelay = {
  name: "verifyDelay",
  description: "Seconds to wait before verifying (default: 15)",
  type: ArgumentType.STRING_WITHOUT_DEFAULT,
  defaultValue: undefined,
} as const;

const plugin: HardhatPlugin = {
  id: PLUGIN_NAME,
  npmPackage: PLUGIN_NAME,
  dependencies: () => [import(HARDHAT_ETHERS), import(HARDHAT_UPGRADES)],
  hookHandlers: {
    config: () => import("./hooks/config.mjs"),
  },
  tasks: [
    task(TASK_DEPLOY_MULTIACCOUNT, "Deploys MultiAccount behind a transparent proxy, records it and verifies it")
      .addOption({
        name: "admin",
        description: "Admin address passed to initialize (default: ADMIN_PUBLIC_KEY)",
        type: ArgumentType.STRING_WITHOUT_DEFAULT,
        defaultValue: undefined,
      })
      .addOption({
        name: "protocolAddress",
        description: "Protocol contract address (default: protocolAddress in the addresses file)",
        type: ArgumentType.STRING_WITHOUT_DEFAULT,
        defaultValue: undefined,
      })
      .addOption({
        name: "contract",
        description: "Contract deployed behind the proxy (default: multiAccount.contract, MultiAccount)",
        type: ArgumentType.STRING_WITHOUT_DEFAULT,
        defaultValue: undefined,
      })
      .addOption({
        name: "accountContract",
        description: "Sub-account contract whose creation bytecode is passed (default: ProtocolPartyA)",
        type: ArgumentType.STRING_WITHOUT_DEFAULT,
        defaultValue: undefined,
      })
      .addOption(addressesFile)
      .addOption(verifyDelay)
      .addFlag({ name: "noVerify", description: "Skip explorer verification" })
      .addFlag({ name: "noCompile", description: "Don't compile before deploying" })
      .addFlag({ name: "dryRun", description: "Print the plan (network, deployer, arguments, gas and cost) and send nothing" })
      .addFlag({ name: "force", description: "Deploy even if the addresses file names a MultiAccount that has code on this network" })
      .addFlag({
        name: "deterministic",
        description: "Create the proxy through CreateX (CREATE3): the same address on every chain for this deployer and --salt",
      })
      .addOption({
        name: "salt",
        description: "Label of a --deterministic deployment (default: MultiAccount)",
        type: ArgumentType.STRING_WITHOUT_DEFAULT,
        defaultValue: undefined,
      })
      .setAction(() => import("./tasks/deploy.mjs"))
      .build(),
    task(TASK_UPGRADE_MULTIACCOUNT, "Upgrades the recorded MultiAccount proxy to a new implementation")
      .addOption({
        name: "contract",
        description: "New implementation contract (default: multiAccount.contract, MultiAccount)",
        type: ArgumentType.STRING_WITHOUT_DEFAULT,
        defaultValue: undefined,
      })
      .addOption(addressesFile)
      .addOption(verifyDelay)
      .addFlag({ name: "noVerify", description: "Skip explorer verification" })
      .addFlag({ name: "noCompile", description: "Don't compile before upgrading" })
      .addFlag({ name: "dryRun", description: "Only validate the upgrade (storage layout and upgrade safety); send nothing" })
      .setAction(() => import("./tasks/upgrade.mjs"))
      .build(),
    task(TASK_ADDRESSES_SHOW, "Shows the addresses file, with explorer links and contracts missing on this network")
      .addOption(addressesFile)
      .addFlag({ name: "json", description: "Print the addresses file as JSON" })
      .addFlag({ name: "allNetworks", description: ALL_NETWORKS_HELP })
      .setAction(() => import("./tasks/addresses.mjs"))
      .build(),
  ],
};

export default plugin;
