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
//
// What it emits is kept on disk (node_modules/.cache/multiaccount-kit-ts), named by a hash of the
// source, its path, the options and esbuild's version: the test suite starts a few hundred Node.js
// processes that load the same files, and only the first to meet a file starts esbuild's service
// and transpiles it. A file is written whole under another name, then renamed into place, so that a
// process never reads another's half-written file.
const { createHash, randomBytes } = require("crypto");
const fs = require("fs");
const path = require("path");

const CACHE = path.join(__dirname, "..", "..", "node_modules", ".cache", "multiaccount-kit-ts");
const ESBUILD_VERSION = require("esbuild/package.json").version;

const options = (fileName) => ({
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

function transpile(input, fileName) {
  const { transformSync } = require("esbuild");
  const { code, map } = transformSync(input, options(fileName));
  return { outputText: code, sourceMapText: map };
}

function cached(input, fileName) {
  const key = createHash("sha256")
    .update(JSON.stringify([ESBUILD_VERSION, options(fileName)]))
    .update("\0")
    .update(input)
    .digest("hex");
  const file = path.join(CACHE, `${key}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    // Not there yet (or unreadable): transpile, and keep it for the next process.
  }
  const output = transpile(input, fileName);
  try {
    fs.mkdirSync(CACHE, { recursive: true });
    const staging = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(staging, JSON.stringify(output));
    fs.renameSync(staging, file);
  } catch {
    // A cache that cannot be written only costs the next process the transpile.
  }
  return output;
}

exports.create = () => ({
  transpile(input, { fileName }) {
    return cached(input, fileName);
  },
});
