// Hardhat 3 config hooks: the `multiAccount` section is validated with the same messages as on
// Hardhat 2 and resolved with the same defaults; then the offline compiler and the package's
// contracts are put into the resolved Solidity config.
import type { HardhatConfig, HardhatUserConfig } from "hardhat/types/config";
import type { ConfigHooks, HardhatUserConfigValidationError } from "hardhat/types/hooks";
import { resolveMultiAccountConfig } from "../../config.js";
import { ConfigError } from "../../errors.js";
import { findNpmSolcBuild } from "../../internal/compiler/solc.js";
import { packageSourceNames, solidityFilesIn } from "../../internal/compiler/sources.js";

export function validateMultiAccountUserConfig(userConfig: HardhatUserConfig): HardhatUserConfigValidationError[] {
  try {
    resolveMultiAccountConfig(userConfig.multiAccount, "/");
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [{ path: error.key === "" ? ["multiAccount"] : ["multiAccount", error.key], message: error.message }];
  }
}

interface SolcCompilerLike {
  type?: string;
  version: string;
  path?: string;
}

/** Points every solc compiler of an npm-installed version at that package, so nothing is downloaded. */
function useNpmSolc(config: HardhatConfig): void {
  const roots = [config.paths.root, import.meta.dirname];
  for (const profile of Object.values(config.solidity.profiles)) {
    const compilers: SolcCompilerLike[] = [...profile.compilers, ...Object.values(profile.overrides)];
    for (const compiler of compilers) {
      if ((compiler.type !== undefined && compiler.type !== "solc") || compiler.path !== undefined) continue;
      const build = findNpmSolcBuild(compiler.version, roots);
      if (build !== undefined) compiler.path = build.compilerPath;
    }
  }
}

function addPackageContracts(config: HardhatConfig): void {
  const local = solidityFilesIn(config.paths.sources.solidity);
  const extra = packageSourceNames(config.paths.root, local, config.multiAccount).filter((file) => !config.solidity.npmFilesToBuild.includes(file));
  config.solidity.npmFilesToBuild.push(...extra);
}

export default async (): Promise<Partial<ConfigHooks>> => ({
  async validateUserConfig(userConfig) {
    return validateMultiAccountUserConfig(userConfig);
  },
  async resolveUserConfig(userConfig, resolveConfigurationVariable, next) {
    const resolved = await next(userConfig, resolveConfigurationVariable);
    const config: HardhatConfig = { ...resolved, multiAccount: resolveMultiAccountConfig(userConfig.multiAccount, resolved.paths.root) };
    if (config.multiAccount.useNpmSolc) useNpmSolc(config);
    addPackageContracts(config);
    return config;
  },
});
