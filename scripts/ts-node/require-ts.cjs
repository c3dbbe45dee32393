// Loads TypeScript files with the transpiler ts-node uses in this repository (esbuild.cjs, its output
// kept on disk), without ts-node: test/fixture-projects/deployer/hardhat.config.js requires it before
// its hardhat.config.ts, which imports this repository's src/. Hardhat 2 registers ts-node for a
// TypeScript config, and ts-node loads TypeScript itself to read tsconfig.json (0.15 to 0.3 s of
// processor time in each of the suite's ~130 Hardhat processes of that fixture, every-chain children
// included), though every file is then transpiled by esbuild. What it emits is the same either way.
// Where ts-node (or another loader) already handles .ts, as in mocha's own process, it is left alone.
const fs = require("fs");

if (require.extensions[".ts"] === undefined) {
  const transpiler = require("./esbuild.cjs").create();
  require.extensions[".ts"] = function loadTypeScript(module, fileName) {
    const { outputText } = transpiler.transpile(fs.readFileSync(fileName, "utf8"), { fileName });
    module._compile(outputText, fileName);
  };
}
