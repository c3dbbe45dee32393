// Hardhat 3 Solidity hooks: every solcjs compile goes through the solc output cache
// (internal/compiler/output-cache.ts), as Hardhat 2's solcjs subtask does. A native solc is fast and
// left alone. Hardhat marks invokeSolc deprecated, to be replaced by a hook that cannot answer for
// solc; while it exists, the cache is used, and once removed, Hardhat 3 simply compiles every time.
import type { SolidityHooks } from "hardhat/types/hooks";
import { solcJsIdentity, solcOutputCacheDir, withSolcOutputCache } from "../../internal/compiler/output-cache.js";

export default async (): Promise<Partial<SolidityHooks>> => ({
  async invokeSolc(context, compiler, solcInput, solcConfig, next) {
    const compile = () => next(context, compiler, solcInput, solcConfig);
    if (!compiler.isSolcJs) return compile();
    const dir = solcOutputCacheDir(context.config.paths.root, context.config.paths.cache);
    return withSolcOutputCache(dir, solcJsIdentity(compiler.compilerPath), solcInput, compile);
  },
});
