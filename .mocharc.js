// One mocha run covers every area. TS is transpiled only (types are checked by `npm run typecheck`).
// MOCHA_SPEC=path[,path] runs only those files (for working on one area).
process.env.TS_NODE_TRANSPILE_ONLY = "true";
process.env.TS_NODE_FILES = "true";
// One solc output cache for every run on this machine, shared by this repository's fixture projects,
// the host projects and their copies (each would otherwise compile the same input with solcjs
// again), beside the host installs kept between runs (test/hardhat/helpers/hosts.ts). An entry is
// named by the hash of the compiler's file and of the whole input, so a kept output is the one solc
// gives for that input; the size bound of the cache applies (MULTIACCOUNT_SOLC_CACHE_MAX_MB). The
// repository's own `npm run compile` keeps its cache in the clone, so every run compiles once with
// solc. A test that needs its own sets MULTIACCOUNT_SOLC_CACHE itself.
process.env.MULTIACCOUNT_SOLC_CACHE ??= require("path").join(require("os").tmpdir(), "multiaccount-kit-hosts", "solc-output");
module.exports = {
  require: ["ts-node/register"],
  extension: ["ts", "tsx"],
  spec: process.env.MOCHA_SPEC ? process.env.MOCHA_SPEC.split(",") : ["test/**/*.test.ts", "test/**/*.test.tsx"],
  ignore: ["test/fixture-projects/**"],
  timeout: 120000,
};
