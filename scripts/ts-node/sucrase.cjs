// The transpiler ts-node uses in this repository (tsconfig.json "ts-node"): mocha's test files and
// src/, and every Hardhat run here and in test/fixture-projects (their configs, and the plugin's
// src/ they load). Sucrase only strips the types and turns imports into require(), as
// `transpileOnly` asked of TypeScript, at a fraction of the cost: a Hardhat run of a fixture project
// takes about 0.4 s less processor time. Types are checked by `npm run typecheck`; the package is
// built by tsc (tsconfig.build.json), not by this.
const { transform } = require("sucrase");

exports.create = () => ({
  transpile(input, { fileName }) {
    const jsx = fileName.endsWith(".tsx");
    const { code, sourceMap } = transform(input, {
      transforms: jsx ? ["typescript", "jsx", "imports"] : ["typescript", "imports"],
      jsxRuntime: "automatic",
      production: true,
      filePath: fileName,
      sourceMapOptions: { compiledFilename: fileName },
    });
    return { outputText: code, sourceMapText: JSON.stringify(sourceMap) };
  },
});
