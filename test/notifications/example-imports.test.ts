// The examples ship in the package and import it by its name, as an app does. In this repository
// that name resolves to src/: through the "paths" of tsconfig.json (type checks, ESLint, esbuild)
// and, when Node runs an example, through scripts/examples/from-source.cjs, which reads them.
import { expect } from "chai";
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import ts from "typescript";
import { entryPoints } from "../../scripts/api/collect";

const ROOT = path.resolve(__dirname, "../..");
const EXAMPLES = path.join(ROOT, "examples");

function exampleFiles(dir = EXAMPLES): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "dist" || entry.name === "node_modules" ? [] : exampleFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The source each entry point's CommonJS build is made from: dist/x/index.js is built from src/x/index.ts. */
function sourcesOfEntries(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of entryPoints(ROOT)) {
    if (entry.condition === "import") continue;
    const base = path.join(ROOT, entry.runtime.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ""));
    const source = [".ts", ".tsx"].map((ext) => base + ext).find((file) => fs.existsSync(file));
    expect(source, `the source of ${entry.specifier} (${entry.runtime})`).to.not.equal(undefined);
    sources.set(entry.specifier, source!);
  }
  return sources;
}

describe("the examples import the package by its name", () => {
  it("every import of examples/ is a package or a file of examples/, and this package only through an entry point", () => {
    const entries = new Set(entryPoints(ROOT).map((entry) => entry.specifier));
    const files = exampleFiles();
    expect(files.map((file) => path.relative(ROOT, file))).to.include.members(["examples/redux-node/index.ts", "examples/browser/app.ts"]);
    const wrong: string[] = [];
    for (const file of files) {
      for (const { fileName: specifier } of ts.preProcessFile(fs.readFileSync(file, "utf8")).importedFiles) {
        const where = `${path.relative(ROOT, file)}: "${specifier}"`;
        if (specifier.startsWith(".") && !path.resolve(path.dirname(file), specifier).startsWith(EXAMPLES + path.sep)) wrong.push(where);
        if (/^multiaccount-kit(\/|$)/.test(specifier) && !entries.has(specifier)) wrong.push(where);
      }
    }
    expect(wrong, "imports that would break in the installed package").to.deep.equal([]);
  });

  it("tsconfig.json maps every entry point of package.json exports to the source its build is made from, and nothing else", () => {
    const { config } = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile) as {
      config: { compilerOptions: { paths: Record<string, string[]> } };
    };
    const mapped = Object.entries(config.compilerOptions.paths)
      .filter(([name]) => name.startsWith("multiaccount-kit"))
      .map(([name, targets]) => [name, targets.map((target) => path.resolve(ROOT, target))]);
    expect(Object.fromEntries(mapped)).to.deep.equal(Object.fromEntries([...sourcesOfEntries()].map(([name, source]) => [name, [source]])));
  });

  it("scripts/examples/from-source.cjs resolves each entry point to that source at run time", () => {
    const sources = sourcesOfEntries();
    const script = `for (const name of ${JSON.stringify([...sources.keys()])}) console.log(require.resolve(name))`;
    const printed = execFileSync(process.execPath, ["-r", "./scripts/examples/from-source.cjs", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(printed.trim().split("\n")).to.deep.equal([...sources.values()]);
  });
});
