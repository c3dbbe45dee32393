// Plugin entry: side effects only. Registers the config section, the offline compiler and the tasks.
import "./type-extensions";
import { extendConfig, subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import { resolveMultiAccountConfig } from "./config";
import { findNpmSolcBuild } from "./internal/solc";

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
