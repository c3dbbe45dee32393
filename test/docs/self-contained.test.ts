// A comment or a doc points only at what a reader of this repository can open: the rules the code
// relies on are stated in place or in docs/contributing/design.md, never cited from a file outside it (the
// design notes this package was first written from are not part of it).
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { REPO_ROOT } from "./markdown";

/** Where the repository's own text lives. */
const ROOTS = ["src", "test", "scripts", "examples", "docs", "README.md"];
/** Installed or generated, not written here. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", "artifacts", "cache", "output", "typechain-types", ".openzeppelin", "test-output"]);
/** Names of files outside the repository (written so that this file does not name them itself). */
const OUTSIDE = [/decisions\.md/i, /seed[-]spec/i];

function files(entry: string): string[] {
  const stat = fs.lstatSync(entry);
  if (stat.isSymbolicLink()) return [];
  if (stat.isFile()) return [entry];
  if (!stat.isDirectory() || SKIPPED_DIRS.has(path.basename(entry))) return [];
  return fs.readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

function citations(): string[] {
  const found: string[] = [];
  for (const file of ROOTS.flatMap((root) => files(path.join(REPO_ROOT, root)))) {
    const text = fs.readFileSync(file);
    if (text.includes(0)) continue; // binary
    text
      .toString("utf8")
      .split(/\r?\n/)
      .forEach((line, i) => {
        if (OUTSIDE.some((pattern) => pattern.test(line))) found.push(`${path.relative(REPO_ROOT, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}

describe("docs: the repository cites no file outside it", () => {
  it("no file under src/, test/, scripts/, examples/, docs/ or README.md cites the design notes the package was first written from", () => {
    expect(
      citations(),
      "state the rule where it is used, or point at a section of docs/contributing/design.md (e.g. docs/contributing/design.md#list-rules)"
    ).to.deep.equal([]);
  });
});
