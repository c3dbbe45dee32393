// The transpiler ts-node uses in this repository (tsconfig.json "ts-node"): mocha's test files and
// src/, and every Hardhat run here and in test/fixture-projects (their configs, and the plugin's
// src/ they load). esbuild (already here for the browser example's bundle) strips the types and
// turns imports into require(), as `transpileOnly` asked of TypeScript, for a fraction of the
// processor time: a Hardhat run of a fixture project takes about 0.5 s of it instead of 0.8 s.
// It emits what tsc emits for tsconfig.json's target (ES2020): `?.` and `??` stay as they are
// (functions that Playwright sends into a page are sent as their source text, so no helper may be
// added to them), and class fields are assigned in the constructor after parameter properties
// (useDefineForClassFields false, TypeScript's default for that target), and import() is a
// require(), as for "module": "commonjs". Types are checked by
// `npm run typecheck`; the package is built by tsc (tsconfig.build.json), not by this.
const { transformSync } = require("esbuild");

exports.create = () => ({
  transpile(input, { fileName }) {
    const { code, map } = transformSync(input, {
      loader: fileName.endsWith(".tsx") ? "tsx" : "ts",
      format: "cjs",
      platform: "node",
      target: "es2020",
      jsx: "automatic",
      sourcefile: fileName,
      sourcemap: "external",
      // import() becomes require(), as tsc does for "module": "commonjs": Node's own import() would
      // look for the file without its .ts, and load it without ts-node.
      supported: { "dynamic-import": false },
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    });
    return { outputText: code, sourceMapText: map };
  },
});
