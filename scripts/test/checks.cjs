// `npm test`'s type check and ESLint in one process: the two TypeScript programs `npm run typecheck`
// checks (tsconfig.json, tsconfig.hardhat3.json) are built once, their errors printed, and ESLint's
// type-aware rules run on them (eslint.config.mjs reads them) instead of building them again. Exits
// 1 on a type error, an ESLint error or a warning, as `npm run typecheck` and `npm run lint` would.
const path = require("path");
const ts = require("typescript");

const ROOT = path.join(__dirname, "..", "..");
const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" };

const fail = (diagnostic) => {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
};
const key = (diagnostic) => `${diagnostic.file?.fileName}:${diagnostic.start}:${diagnostic.code}`;

function program(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, config), { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail });
  const { fileNames: rootNames, options, projectReferences, errors: configFileParsingDiagnostics } = parsed;
  return ts.createProgram({ rootNames, options, projectReferences, configFileParsingDiagnostics });
}

async function main() {
  const programs = ["tsconfig.json", "tsconfig.hardhat3.json"].map(program);
  const seen = new Set(); // a module both programs hold has its errors in both: each is printed once
  const diagnostics = programs.flatMap((built) => ts.getPreEmitDiagnostics(built));
  const unique = diagnostics.filter((diagnostic) => !seen.has(key(diagnostic)) && seen.add(key(diagnostic)));
  if (unique.length > 0) process.stdout.write(`${ts.formatDiagnosticsWithColorAndContext(unique, host)}tsc: ${unique.length} error(s)\n`);

  globalThis.multiaccountKitPrograms = programs;
  const ESLint = await require("eslint").loadESLint({ useFlatConfig: true });
  const eslint = new ESLint({ cwd: ROOT });
  const results = await eslint.lintFiles(["."]);
  const text = (await eslint.loadFormatter("stylish")).format(results);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  process.stdout.write(`${text}${errors === 0 && warnings > 0 ? "ESLint found too many warnings (maximum: 0).\n" : ""}`);
  process.exitCode = unique.length > 0 || errors > 0 || warnings > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
