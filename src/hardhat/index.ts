// Plugin entry: side effects only. Registers the config section, the offline compiler, the
// package's contracts in the build, and the tasks.
import "./type-extensions";
import { extendConfig, subtask } from "hardhat/config";
import {
  TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD,
  TASK_COMPILE_SOLIDITY_GET_SOURCE_NAMES,
} from "hardhat/builtin-tasks/task-names";
import { resolveMultiAccountConfig } from "./config";
import { findNpmSolcBuild } from "./internal/solc";
import { packageSourceNames } from "./internal/sources";
import "./tasks/deploy";
import "./tasks/upgrade";
import "./tasks/addresses";

extendConfig((config, userConfig) => {
  config.multiAccount = resolveMultiAccountConfig(userConfig.multiAccount, config.paths.root);
});

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD).setAction(
  async (args: { solcVersion: string; quiet: boolean }, hre, runSuper) => {
    if (hre.config.multiAccount.useNpmSolc) {
      const build = findNpmSolcBuild(args.solcVersion, [hre.config.paths.root, __dirname]);
      if (build !== undefined) return build;
    }
    return runSuper(args);
  }
);

subtask(TASK_COMPILE_SOLIDITY_GET_SOURCE_NAMES).setAction(
  async (args: { sourcePaths?: string[]; rootPath?: string }, hre, runSuper) => {
    const sourceNames: string[] = await runSuper(args);
    const extra = packageSourceNames(hre.config.paths.root, sourceNames, hre.config.multiAccount);
    return extra.length === 0 ? sourceNames : [...sourceNames, ...extra];
  }
);
