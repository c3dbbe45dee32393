// Hardhat 3 Solidity hooks: every solcjs compile goes through the solc output cache
// (internal/compiler/output-cache.ts), as Hardhat 2's solcjs subtask does. A native solc is fast and
// left alone. Hardhat marks invokeSolc deprecated, to be replaced by a hook that cannot answer for
// solc; while it exists, the cache is used, and once removed, Hardhat 3 simply compiles every time.
//
// Hardhat 3 also asks the compiler of every configured version for its long version in every build,
// to name the build, whether or not anything is compiled; for the npm solc this plugin switches on,
// that loads the whole compiler (0.4 to 0.5 s of processor time in each deploy or upgrade). The long
// version is kept beside the outputs, under the compiler file's SHA-256 (output-cache.ts), and
// Hardhat gets a compiler that loads the real one only when it compiles.
import type { HookContext, SolidityHooks } from "hardhat/types/hooks";
import type { SolidityCompilerConfig } from "hardhat/types/config";
import type { Compiler } from "hardhat/types/solidity";
import { keepLongVersion, keptLongVersion, solcJsIdentity, solcOutputCacheDir, withSolcOutputCache } from "../../internal/compiler/output-cache.js";
import { findNpmSolcBuild } from "../../internal/compiler/solc.js";

/** Whether `config` compiles with the npm solc this plugin chose for its version (hooks/config.mts). */
function isNpmSolc(context: HookContext, config: SolidityCompilerConfig): config is SolidityCompilerConfig & { path: string } {
  if (!context.config.multiAccount.useNpmSolc || config.path === undefined || (config.type ?? "solc") !== "solc") return false;
  return findNpmSolcBuild(config.version, [context.config.paths.root, import.meta.dirname])?.compilerPath === config.path;
}

export default async (): Promise<Partial<SolidityHooks>> => ({
  async getCompiler(context, compilerConfig, next) {
    const dir = solcOutputCacheDir(context.config.paths.root, context.config.paths.cache);
    if (dir === undefined || !isNpmSolc(context, compilerConfig)) return next(context, compilerConfig);
    let real: Promise<Compiler> | undefined;
    const load = () => (real ??= next(context, compilerConfig));
    const compilerPath = compilerConfig.path;
    const identity = solcJsIdentity(compilerPath);
    let longVersion = keptLongVersion(dir, identity);
    if (longVersion === undefined) {
      longVersion = (await load()).longVersion;
      keepLongVersion(dir, identity, longVersion);
    }
    const compiler: Compiler = {
      version: compilerConfig.version,
      longVersion,
      compilerPath,
      isSolcJs: true,
      compile: async (input) => (await load()).compile(input),
    };
    return compiler;
  },
  async invokeSolc(context, compiler, solcInput, solcConfig, next) {
    const compile = () => next(context, compiler, solcInput, solcConfig);
    if (!compiler.isSolcJs) return compile();
    const dir = solcOutputCacheDir(context.config.paths.root, context.config.paths.cache);
    return withSolcOutputCache(dir, solcJsIdentity(compiler.compilerPath), solcInput, compile);
  },
});
