// One mocha run covers every area. TS is transpiled only (types are checked by `npm run typecheck`).
// MOCHA_SPEC=path[,path] runs only those files (for working on one area).
process.env.TS_NODE_TRANSPILE_ONLY = "true";
process.env.TS_NODE_FILES = "true";
// The run's work folder and its solc output cache (scripts/test/work.cjs); a test that needs a cache
// of its own sets MULTIACCOUNT_SOLC_CACHE itself.
require("./scripts/test/work.cjs");
module.exports = {
  require: ["ts-node/register", "./test/support/native-fetch.cjs"],
  extension: ["ts", "tsx"],
  spec: process.env.MOCHA_SPEC ? process.env.MOCHA_SPEC.split(",") : ["test/**/*.test.ts", "test/**/*.test.tsx"],
  ignore: ["test/fixture-projects/**"],
  // The hang guard (HANG_GUARD_MS of test/support/wait.ts): only a broken build reaches it.
  timeout: 600000,
};
