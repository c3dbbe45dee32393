// The transpiler ts-node uses here (tsconfig.json "ts-node"), for mocha, src/ and every Hardhat run
// of this repository and its fixtures: esbuild strips the types and turns imports into require(), as
// `transpileOnly` asks of TypeScript, in about 0.5 s of processor time per fixture run against 0.8 s.
// It emits what tsc emits for ES2020 (`?.` and `??` kept: Playwright sends some functions into a page
// as source text; class fields assigned after parameter properties; import() as require()). Types
// are checked by `npm run typecheck`; the package is built by tsc. Its output is kept on disk
// (node_modules/.cache/multiaccount-kit-ts), named by a hash of the source, path, options and
// esbuild's version, written under another name and renamed into place: the suite's few hundred
// processes transpile each file once.
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
