// `npm test`'s type check and lint in one process: `npm run typecheck` and `npm run lint`'s ESLint
// half, with the same two TypeScript programs (tsconfig.json, tsconfig.hardhat3.json) built once.
// `tsc` reports their errors, then ESLint's type-aware rules run on those programs
// (typescript-eslint's `programs`) instead of building them again from the same tsconfig files.
// Exits 1 on a type error, an ESLint error or warning (`--max-warnings 0`). `npm run typecheck` and
// `npm run lint` stay the commands to run alone; the format check is its own step.
const path = require("path");
const ts = require("typescript");

const ROOT = path.join(__dirname, "..", "..");
const CONFIGS = ["tsconfig.json", "tsconfig.hardhat3.json"];

function program(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, config), { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: report });
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
}

const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" };
function report(diagnostic) {
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext([diagnostic], host));
}

async function main() {
  const programs = CONFIGS.map(program);
  // A module both programs hold has its errors in both: each is reported once.
  const seen = new Set();
  const diagnostics = programs
    .flatMap((built) => ts.getPreEmitDiagnostics(built))
    .filter((diagnostic) => {
      const key = `${diagnostic.file?.fileName}:${diagnostic.start}:${diagnostic.code}`;
      return !seen.has(key) && seen.add(key);
    });
  diagnostics.forEach(report);
  if (diagnostics.length > 0) process.stdout.write(`tsc: ${diagnostics.length} error(s)\n`);

  const { loadESLint } = require("eslint");
  const ESLint = await loadESLint({ useFlatConfig: true });
  globalThis.multiaccountKitPrograms = programs; // read by eslint.config.mjs
  const eslint = new ESLint({ cwd: ROOT });
  const results = await eslint.lintFiles(["."]);
  const text = (await eslint.loadFormatter("stylish")).format(results);
  if (text !== "") process.stdout.write(`${text}\n`);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  if (errors === 0 && warnings > 0) process.stdout.write(`ESLint found too many warnings (maximum: 0).\n`);
  process.exitCode = diagnostics.length > 0 || errors > 0 || warnings > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
