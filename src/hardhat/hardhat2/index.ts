// Hardhat 2 plugin entry. Importing it loads the project's installed ethers and upgrades plugins
// when its config does not import them, then registers the config section, the routing of the
// explorer plugin's verification (Etherscan API V2), the offline compiler and its output cache, the package's contracts
// in the build, and the tasks. Its exports are what a project's own code uses with the plugin: the
// task names, the error classes and the config types (the Hardhat 3 entry exports the same).
import "./type-extensions";
import path from "path";
import { extendConfig, subtask } from "hardhat/config";
import {
  TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD,
  TASK_COMPILE_SOLIDITY_GET_SOURCE_NAMES,
  TASK_COMPILE_SOLIDITY_RUN_SOLCJS,
} from "hardhat/builtin-tasks/task-names";
import { resolveMultiAccountConfig } from "../config";
import { solcJsIdentity, solcOutputCacheDir, withSolcOutputCache } from "../internal/compiler/output-cache";
import { findNpmSolcBuild } from "../internal/compiler/solc";
import { forConfigLoading } from "../internal/output/cli-errors";
import { packageCompilerProblem, packageSourceNames } from "../internal/compiler/sources";
import { MultiAccountKitError } from "../errors";
import { loadInstalledPeerPlugins } from "../internal/stack/peer-plugins";
import { checkSelectedNetwork, runArguments } from "./selected-network";
import { routeExplorerPlugin } from "./verification-routing";
import "./tasks/deploy";
import "./tasks/upgrade";
import "./tasks/addresses";
import "./tasks/stand-in";
import "./tasks/handover";

export {
  TASK_ADDRESSES_SHOW,
  TASK_DEPLOY_MULTIACCOUNT,
  TASK_DEPLOY_PROTOCOL_STAND_IN,
  TASK_HANDOVER_MULTIACCOUNT,
  TASK_UPGRADE_MULTIACCOUNT,
} from "../constants";
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
} from "../errors";
export type { MultiAccountConfig, MultiAccountUserConfig, RpcRetryConfig, RpcRetryUserConfig } from "../config";

loadInstalledPeerPlugins(__dirname);

extendConfig((config, userConfig) => {
  try {
    config.multiAccount = resolveMultiAccountConfig(userConfig.multiAccount, config.paths.root);
  } catch (error) {
    throw forConfigLoading(error);
  }
  // Every plugin the config imports has loaded by now, so this wrapper is the outermost one.
  routeExplorerPlugin();
  // Registered now, this extender runs after every other one (Hardhat runs them in order, and this
  // one joins the end of the list it is going through): it sees the networks they may have added.
  extendConfig((resolved) => checkSelectedNetwork(resolved, runArguments()));
});

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD).setAction(async (args: { solcVersion: string; quiet: boolean }, hre, runSuper) => {
  if (hre.config.multiAccount.useNpmSolc) {
    const keepIn = solcOutputCacheDir(hre.config.paths.root, hre.config.paths.cache);
    const build = findNpmSolcBuild(args.solcVersion, [hre.config.paths.root, __dirname], keepIn);
    if (build !== undefined) return build;
  }
  return runSuper(args);
});

// Every solcjs compile (the build's, and an explorer plugin's rebuild before it verifies) goes
// through the solc output cache (internal/compiler/output-cache.ts).
subtask(TASK_COMPILE_SOLIDITY_RUN_SOLCJS).setAction(async (args: { input: unknown; solcJsPath: string }, hre, runSuper) => {
  const dir = solcOutputCacheDir(hre.config.paths.root, hre.config.paths.cache);
  return withSolcOutputCache(dir, solcJsIdentity(args.solcJsPath), args.input, () => runSuper(args));
});

subtask(TASK_COMPILE_SOLIDITY_GET_SOURCE_NAMES).setAction(async (args: { sourcePaths?: string[]; rootPath?: string }, hre, runSuper) => {
  const sourceNames: string[] = await runSuper(args);
  const root = hre.config.paths.root;
  const localFiles = sourceNames.map((sourceName) => path.join(root, sourceName));
  const extra = packageSourceNames(root, localFiles, hre.config.multiAccount);
  if (extra.length === 0) return sourceNames;
  // The project's compilers are left as they are: one too old for the package's contracts stops
  // the compile here, with the fix, before Hardhat's own HH606 that names neither.
  const { compilers, overrides } = hre.config.solidity;
  const problem = packageCompilerProblem(
    compilers.map((compiler) => compiler.version),
    Object.keys(overrides)
  );
  if (problem !== undefined) throw new MultiAccountKitError(problem);
  return [...sourceNames, ...extra];
});
