// Runs the examples in this repository against its sources. The examples import the package by its
// name (`multiaccount-kit/notifications`, ...), as they do where they ship, in the tarball. Node.js
// would resolve that name here through the package's own "exports", that is from dist/, which only
// exists after `npm run build` and goes stale with every edit; this preload resolves it instead to
// the src/ file that the "paths" of tsconfig.json name (the same mapping type checks, ESLint and
// esbuild use), then ts-node compiles it:
//   npm run example -- examples/redux-node/index.ts
//   node -r ts-node/register/transpile-only -r ./scripts/examples/from-source.cjs examples/redux-node/index.ts
const Module = require("module");
const path = require("path");
const ts = require("typescript");

const ROOT = path.resolve(__dirname, "../..");

function sourcePaths() {
  const file = path.join(ROOT, "tsconfig.json");
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error !== undefined) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, "\n")}`);
  const paths = new Map();
  for (const [name, [target]] of Object.entries(config.compilerOptions.paths ?? {})) {
    if (name.startsWith("multiaccount-kit/")) paths.set(name, path.resolve(ROOT, target));
  }
  return paths;
}

const SOURCES = sourcePaths();
const resolveFilename = Module._resolveFilename;

Module._resolveFilename = function (request, ...rest) {
  const source = SOURCES.get(request);
  return resolveFilename.call(this, source ?? request, ...rest);
};

module.exports = { SOURCES };
