// `npm run lint`'s format check (scripts/lint/format-check.cjs), run as a process on a repository of
// its own in a temporary folder: it reports what `prettier --check` reports, and the names it keeps
// of formatted texts never hide a file whose text, path or options changed.
import { expect } from "chai";
import { execFileSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { runProcess, type ExitedRun } from "../support/processes";
import { HANG_GUARD_MS } from "../support/wait";

const SCRIPT = path.resolve(__dirname, "../../scripts/lint/format-check.cjs");
const FORMATTED = "export const answer = 42;\n";
const UNFORMATTED = "export const   answer=42\n";
/** 45 columns: formatted at printWidth 80, not at 20. */
const LONG = 'export const greeting = "a longer string";\n';

describe("the format check (scripts/lint/format-check.cjs)", () => {
  let root: string;
  let state: string;

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const check = (): Promise<ExitedRun> =>
    runProcess(process.execPath, [SCRIPT], {
      cwd: root,
      env: { ...process.env, MULTIACCOUNT_FORMAT_ROOT: root, MULTIACCOUNT_FORMAT_STATE: state },
      limitMs: HANG_GUARD_MS,
      onLimit: "fail",
      plain: true,
    });
  const warned = (run: ExitedRun) => [...run.stderr.matchAll(/^\[warn\] (\S+)$/gm)].map((match) => match[1]).sort();
  const kept = (): string[] => JSON.parse(fs.readFileSync(state, "utf8")) as string[];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "mak-format-"));
    state = path.join(root, ".state", "formatted.json");
    execFileSync("git", ["init", "-q"], { cwd: root });
    write(".gitignore", ".state/\ngenerated/\n");
    write(".prettierignore", "vendored/\n");
    write(".prettierrc.json", '{ "printWidth": 80 }\n');
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("exits 1 naming exactly the unformatted files, tracked or not; ignored ones and files without a parser are not read", async () => {
    write("src/good.ts", FORMATTED);
    write("src/bad.ts", UNFORMATTED);
    write("untracked-bad.ts", UNFORMATTED);
    write("generated/bad.ts", UNFORMATTED);
    write("vendored/bad.ts", UNFORMATTED);
    write("notes.unknown-extension", UNFORMATTED);
    execFileSync("git", ["add", "src", ".gitignore", ".prettierignore", ".prettierrc.json"], { cwd: root });
    const run = await check();
    expect(run.code, run.output).to.equal(1);
    expect(warned(run)).to.deep.equal(["src/bad.ts", "untracked-bad.ts"]);
    expect(run.stderr).to.include("Code style issues found in 2 files. Run Prettier with --write to fix.");
    // Kept: the formatted texts (the source and the config files Prettier has a parser for), not the two others.
    expect(kept()).to.have.length(2);
  });

  it("exits 0 when all are formatted, and again from its kept names", async () => {
    write("a.ts", FORMATTED);
    write("b.ts", LONG);
    for (let round = 0; round < 2; round++) {
      const run = await check();
      expect(run.code, run.output).to.equal(0);
      expect(run.stdout).to.include("All matched files use Prettier code style!");
    }
  });

  it("a formatted file changed to an unformatted text is reported, although its earlier text was kept as formatted", async () => {
    write("a.ts", FORMATTED);
    expect((await check()).code).to.equal(0);
    write("a.ts", UNFORMATTED);
    const run = await check();
    expect(run.code, run.output).to.equal(1);
    expect(warned(run)).to.deep.equal(["a.ts"]);
  });

  it("the same text under other options is checked again: a narrower printWidth reports it", async () => {
    write("a.ts", LONG);
    expect((await check()).code).to.equal(0);
    write(".prettierrc.json", '{ "printWidth": 20 }\n');
    const run = await check();
    expect(run.code, run.output).to.equal(1);
    expect(warned(run)).to.deep.equal(["a.ts"]);
  });

  it("the same text at another path is checked on its own: a kept name of one file does not pass another", async () => {
    write("a.ts", FORMATTED);
    expect((await check()).code).to.equal(0);
    const names = kept();
    write("b.ts", FORMATTED);
    expect((await check()).code).to.equal(0);
    expect(kept()).to.include.members(names);
    expect(kept()).to.have.length(names.length + 1);
  });

  it("a file Prettier cannot parse: exit 2 and the parser's message", async () => {
    write("broken.ts", "const x = (\n");
    const run = await check();
    expect(run.code, run.output).to.equal(2);
    expect(run.stderr).to.match(/^\[error\] broken\.ts: /m);
  });
});
