// Every code block marked ```ts compile in README.md and docs/*.md type-checks against the package.
// Each block becomes its own module under test-output/doc-examples/, and one `tsc --noEmit` run
// checks them all, with the package's import paths mapped to src/. An error is reported at its line
// in the Markdown file.
import { expect } from "chai";
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import ts from "typescript";
import { REPO_ROOT, codeBlocks, docFiles, readDoc, type CodeBlock } from "./markdown";
import { HANG_GUARD_MS } from "../support/wait";

/** The info string that marks a block as compiled. GitHub still highlights it as TypeScript. */
export const COMPILE_MARKER = "ts compile";

const OUT = path.join(REPO_ROOT, "test-output/doc-examples");

/**
 * Docs files that carry no compiled example, and why. Every other docs file needs at least one
 * (README.md two: the plugin config and the notifications store).
 *
 * Hardhat 3 configs (in docs/getting-started.md) are left unmarked everywhere: Hardhat 3 and its
 * plugins are not installed at this repository's root (`hardhat` resolves to Hardhat 2 here), so
 * they cannot type-check in this project. The Hardhat 3 host test compiles and runs that config.
 */
const WITHOUT_EXAMPLES: Record<string, string> = {
  "docs/contributing/benchmarks.md": "the benchmarks are run with `npm run bench`; they are scripts of this repository, not part of the package's API",
  "docs/contributing/development.md": "working on this repository is shell commands, not code a user writes",
  "docs/contributing/contracts-fuzzing.md": "the fuzz harness is run with npm scripts and environment variables, not imported",
  "docs/contributing/design.md": "the rules the code relies on, in prose and tables; how to call the code is in the other docs' examples",
  "docs/verification.md": "verification is set up through environment variables and the config of getting-started.md, whose example is compiled",
  "docs/every-chain.md": "every chain in one command is a command-line option; the config it reads is configuration.md's, whose example is compiled",
};
const MINIMUM: Record<string, number> = { "README.md": 2 };

/**
 * The package's public import paths, mapped to their sources (the Hardhat 2 entry for ./hardhat):
 * the "paths" of tsconfig.json, which the examples/ use too.
 */
const PATHS = (ts.readConfigFile(path.join(REPO_ROOT, "tsconfig.json"), ts.sys.readFile).config as { compilerOptions: { paths: Record<string, string[]> } })
  .compilerOptions.paths;

interface Example extends CodeBlock {
  doc: string;
  module: string;
}

function isMarked(block: CodeBlock): boolean {
  const words = block.info.split(/\s+/);
  return (words[0] === "ts" || words[0] === "tsx") && words.includes("compile");
}

function collect(): Example[] {
  const examples: Example[] = [];
  for (const doc of docFiles()) {
    const base = doc
      .replace(/\.md$/, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .toLowerCase();
    codeBlocks(readDoc(doc))
      .filter(isMarked)
      .forEach((block, i) => examples.push({ ...block, doc, module: `${base}-${i + 1}.${block.info.split(/\s+/)[0]}` }));
  }
  return examples;
}

function writeProject(examples: Example[]): void {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  for (const example of examples) {
    // `export {}` keeps a block without imports a module of its own (no clashes between blocks),
    // and allows top-level await.
    fs.writeFileSync(path.join(OUT, example.module), `${example.code}\nexport {};\n`);
  }
  const tsconfig = {
    compilerOptions: {
      target: "ES2022",
      module: "ES2022", // top-level await, as in an ESM app or a bundler
      moduleResolution: "node",
      lib: ["ES2022", "DOM"],
      types: ["node"],
      typeRoots: ["../../node_modules/@types"],
      strict: true,
      noEmit: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      jsx: "react-jsx",
      baseUrl: "../..",
      paths: PATHS,
    },
    files: examples.map((e) => e.module),
  };
  fs.writeFileSync(path.join(OUT, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
}

function runTsc(): Promise<{ code: number; output: string }> {
  const tsc = path.join(REPO_ROOT, "node_modules/typescript/lib/tsc.js");
  const args = [tsc, "-p", "tsconfig.json", "--pretty", "false"];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: OUT, timeout: HANG_GUARD_MS }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** tsc's `readme-1.ts(12,3): error ...` as `README.md:45:3: error ...`. */
function toDocLocations(output: string, examples: Example[]): string {
  return output.replace(/^([\w.-]+\.ts)\((\d+),(\d+)\)/gm, (whole, module: string, line: string, column: string) => {
    const example = examples.find((e) => e.module === module);
    return example === undefined ? whole : `${example.doc}:${example.line + Number(line) - 1}:${column}`;
  });
}

describe("docs: compiled examples", () => {
  const examples = collect();

  it(`every docs file has its \`\`\`${COMPILE_MARKER} examples`, () => {
    const missing: string[] = [];
    for (const doc of docFiles()) {
      if (doc in WITHOUT_EXAMPLES) continue;
      const count = examples.filter((e) => e.doc === doc).length;
      const needed = MINIMUM[doc] ?? 1;
      if (count < needed) missing.push(`${doc}: ${count} marked block(s), needs ${needed}`);
    }
    expect(missing).to.deep.equal([]);
  });

  it("the README's two examples are the plugin config and the notifications store", () => {
    const readme = examples.filter((e) => e.doc === "README.md").map((e) => e.code);
    expect(readme.some((code) => code.includes('import "multiaccount-kit/hardhat"'))).to.equal(true);
    expect(readme.some((code) => code.includes("notificationsReducer") && code.includes("startNotificationUpdater("))).to.equal(true);
  });

  it("every marked example type-checks against the package", async () => {
    writeProject(examples);
    const { code, output } = await runTsc();
    expect(toDocLocations(output, examples).trim(), "tsc found errors in the docs' examples").to.equal("");
    expect(code).to.equal(0);
  });
});
