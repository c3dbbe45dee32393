// Hardhat 3 config hooks: the `multiAccount` section is validated with the same messages as on
// Hardhat 2 and resolved with the same defaults; then the project's compiler settings reach the
// "production" build profile, and the offline compiler and the package's contracts are put into the
// resolved Solidity config.
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

type Settings = Record<string, unknown>;
interface UserCompiler {
  version?: string;
  settings?: Settings;
}
interface ResolvedCompiler {
  version: string;
  settings: Settings;
}

const isPlain = (value: unknown): value is Settings => typeof value === "object" && value !== null && !Array.isArray(value);

/** `base` with `over` laid on it, object by object: what `over` sets wins. */
function merged(base: Settings, over: Settings): Settings {
  const result: Settings = { ...base };
  for (const [key, value] of Object.entries(over)) result[key] = isPlain(value) && isPlain(base[key]) ? merged(base[key], value) : value;
  return result;
}

/**
 * The user's own compiler settings in the "production" profile the tasks build with. Hardhat 3 makes
 * that profile, when the config gives none (one version, a list of compilers, or profiles without
 * "production"), from the versions alone, with its own optimizer settings: a project's `runs` or
 * `evmVersion` would then reach `npx hardhat build` but never a deployment. Laid over Hardhat's
 * production settings here, they reach both; a config that names its own "production" profile is
 * left as it is.
 */
function userSettingsInProduction(userConfig: HardhatUserConfig, config: HardhatConfig): void {
  const user = userConfig.solidity as unknown;
  if (!isPlain(user)) return;
  const profiles = user.profiles as Record<string, unknown> | undefined;
  if (isPlain(profiles) && "production" in profiles) return;
  const source = isPlain(profiles) ? profiles.default : user;
  if (!isPlain(source)) return;
  const production = config.solidity.profiles.production as unknown as
    { compilers: ResolvedCompiler[]; overrides: Record<string, ResolvedCompiler> } | undefined;
  if (production === undefined) return;
  const compilers: UserCompiler[] = "compilers" in source ? ((source.compilers as UserCompiler[] | undefined) ?? []) : [source];
  compilers.forEach((compiler, i) => {
    const resolved = production.compilers[i];
    if (resolved !== undefined && isPlain(compiler.settings)) resolved.settings = merged(resolved.settings, compiler.settings);
  });
  const overrides = (source.overrides ?? {}) as Record<string, UserCompiler>;
  for (const [name, compiler] of Object.entries(overrides)) {
    const resolved = production.overrides[name];
    if (resolved !== undefined && isPlain(compiler.settings)) resolved.settings = merged(resolved.settings, compiler.settings);
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
    userSettingsInProduction(userConfig, config);
    if (config.multiAccount.useNpmSolc) useNpmSolc(config);
    addPackageContracts(config);
    return config;
  },
});
