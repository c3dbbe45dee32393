// One mocha run covers every area. TS is transpiled only (types are checked by `npm run typecheck`).
// MOCHA_SPEC=path[,path] runs only those files (for working on one area).
process.env.TS_NODE_TRANSPILE_ONLY = "true";
process.env.TS_NODE_FILES = "true";
// One solc output cache for the whole run, shared by this repository's fixture projects, the host
// projects and their copies (each would otherwise compile the same input with solcjs again); a fresh
// clone starts it empty. A test that needs its own sets MULTIACCOUNT_SOLC_CACHE itself.
process.env.MULTIACCOUNT_SOLC_CACHE ??= require("path").join(__dirname, "test-output", "solc-output");
module.exports = {
  require: ["ts-node/register"],
  extension: ["ts", "tsx"],
  spec: process.env.MOCHA_SPEC ? process.env.MOCHA_SPEC.split(",") : ["test/**/*.test.ts", "test/**/*.test.tsx"],
  ignore: ["test/fixture-projects/**"],
  timeout: 120000,
};
