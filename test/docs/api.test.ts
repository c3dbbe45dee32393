// Every export the API report lists (api/multiaccount-kit.api.md) is named in the docs: in an inline
// code span (a reference table, a list, a signature) or a heading of some docs/*.md file.
import { expect } from "chai";
import fs from "fs";
import { REPORT_FILE, parseReport } from "../../scripts/api/report";
import { docFiles, namedInProse, readDoc } from "./markdown";

/** Every identifier the docs name in code spans and headings, with the first place it is named. */
function documented(): Map<string, string> {
  const where = new Map<string, string>();
  for (const doc of docFiles().filter((file) => file.startsWith("docs/"))) {
    for (const { text, line } of namedInProse(readDoc(doc))) {
      for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) if (!where.has(word)) where.set(word, `${doc}:${line}`);
    }
  }
  return where;
}

describe("docs: every export of the package is documented", () => {
  const report = parseReport(fs.readFileSync(REPORT_FILE, "utf8"));
  const where = documented();

  it("the report lists the entry points", () => {
    expect(report.size).to.be.greaterThan(0);
  });

  for (const [title, exports] of report) {
    it(`${title}: every export is named in docs/`, () => {
      // `default` is the Hardhat 3 plugin object, documented as `plugins: [..., multiAccountKit]`.
      const missing = exports.filter((e) => e.name !== "default" && !where.has(e.name)).map((e) => `${e.name} (${e.kind})`);
      expect(missing, `name these exports of ${title} in a docs/*.md reference table, list or heading`).to.deep.equal([]);
    });
  }
});
