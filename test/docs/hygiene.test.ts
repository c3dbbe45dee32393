// The docs stay references a newcomer reads in minutes: each within its size, the README's first
// install command early, the changelog in Keep a Changelog form with short entries, and no page
// holding a lab notebook (commit hashes, runs of the past, the test machine's load). Links and code
// blocks have their own tests (links.test.ts, examples.test.ts).
import { expect } from "chai";
import { docFiles, readDoc } from "./markdown";

/** Characters each page may hold: the README, every shipped page, the contributor pages, the changelog. */
const SIZES: Record<string, number> = {
  "README.md": 10_000,
  "docs/contributing/development.md": 15_000,
  "docs/contributing/benchmarks.md": 10_000,
  "CHANGELOG.md": 12_000,
};
const SHIPPED_PAGE = 30_000;
/** How far into the README a plugin user finds the first install command. */
const FIRST_INSTALL_BY = 2_500;

/** What a reference does not hold: the history of runs and the machine they ran on. */
const NOTEBOOK: Array<[string, RegExp]> = [
  ["a commit hash", /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,12}\b/],
  ["a load average", /load average/i],
  ["the test machine", /\b(the|this) (test )?machine('s)? (was|is) (busy|quiet|loaded)|\btest machine\b/i],
  ["a session's story", /\b(this|last|the next|an earlier) session\b/i],
  ["a dated measurement", /\b(measured|ran|run) on 20\d\d-\d\d-\d\d\b/i],
  ["a run's history", /\b(where it stands|we (measured|tried)|was measured and not kept)\b/i],
];

/** Text outside code blocks and inline code (where an address or a hash in a command may appear). */
function prose(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
}

describe("docs: references, not a lab notebook", () => {
  const pages = [...docFiles(), "CHANGELOG.md"];

  for (const file of pages) {
    const limit = SIZES[file] ?? (file.startsWith("docs/") && !file.startsWith("docs/contributing/") ? SHIPPED_PAGE : undefined);
    it(`${file}${limit === undefined ? "" : ` is at most ${limit.toLocaleString("en")} characters and`} holds no run history`, () => {
      const text = readDoc(file);
      if (limit !== undefined) expect(text.length, `${file}'s characters`).to.be.at.most(limit);
      const found = NOTEBOOK.flatMap(([what, pattern]) => {
        const match = pattern.exec(prose(text));
        return match === null ? [] : [`${what}: "${match[0]}"`];
      });
      expect(found, file).to.deep.equal([]);
    });
  }

  it(`the README's first install command of the plugin is within its first ${FIRST_INSTALL_BY.toLocaleString("en")} characters`, () => {
    const at = readDoc("README.md").indexOf("npm install --save-dev hardhat");
    expect(at, "the install command").to.be.within(0, FIRST_INSTALL_BY);
  });

  it("the README keeps its two Quick start commands", () => {
    const quick = /## Quick start\n+```sh\n([\s\S]*?)```/.exec(readDoc("README.md"));
    expect(quick?.[1].trim().split("\n")).to.deep.equal(["npm ci && npm run demo", "npm test"]);
  });

  it("the changelog has one heading per kind, in Keep a Changelog's order, and entries of two lines at most", () => {
    const changelog = readDoc("CHANGELOG.md");
    const kinds = [...changelog.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    const order = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];
    expect(kinds, "the kinds").to.deep.equal(order.filter((kind) => kinds.includes(kind)));
    const entries = changelog
      .split("\n- ")
      .slice(1)
      .map((entry) => entry.split(/\n(?! {2})/)[0]);
    const long = entries.filter((entry) => entry.split("\n").length > 2);
    expect(long, "entries over two lines").to.deep.equal([]);
  });
});
