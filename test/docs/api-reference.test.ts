// docs/notifications-api.md lists every function of the notifications entry points with its signature
// (from the committed API report, which test/api/report.test.ts checks against the build) and one
// line (the first sentence of its TSDoc in src/). To bring the docs up to date:
//   npx ts-node --transpile-only scripts/docs/api-reference.ts   (npm run api:report runs it too)
import { expect } from "chai";
import fs from "fs";
import path from "path";
import ts from "typescript";
import { REPORT_FILE, parseReport } from "../../scripts/api/report";
import {
  BEGIN,
  END,
  REFERENCE_DOC,
  REFERENCE_ENTRIES,
  REPO_ROOT,
  currentReference,
  findReference,
  firstSentence,
  referenceItems,
  reportedFunctions,
} from "../../scripts/docs/api-reference";

const DOC = path.relative(REPO_ROOT, REFERENCE_DOC);
const RERUN = "run npx ts-node --transpile-only scripts/docs/api-reference.ts (or npm run api:report) and review the diff";

/** The names the docs' reference lists, each with its signatures as printed. */
function documented(): Map<string, string[]> {
  const found = findReference(fs.readFileSync(REFERENCE_DOC, "utf8"));
  expect(found, `${DOC} needs ${BEGIN} ... ${END}`).to.not.equal(undefined);
  const names = new Map<string, string[]>();
  for (const line of found!.text.split("\n")) {
    if (!line.startsWith("- `")) continue;
    const signatures = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    names.set(/^[\w$]+/.exec(signatures[0])![0], signatures);
  }
  return names;
}

describe("docs: the notifications function reference", () => {
  const report = fs.readFileSync(REPORT_FILE, "utf8");

  it(`${DOC} holds the reference that the API report and the TSDoc comments give`, () => {
    const found = findReference(fs.readFileSync(REFERENCE_DOC, "utf8"));
    expect(found, `${DOC} needs ${BEGIN} ... ${END}`).to.not.equal(undefined);
    expect(found!.text, `${DOC} is out of date: ${RERUN}`).to.equal(currentReference());
  });

  it("lists every function the report's tables give each entry point, and nothing else", () => {
    const docs = documented();
    const tables = parseReport(report);
    const expected: string[] = [];
    for (const { title } of REFERENCE_ENTRIES) {
      const exports = tables.get(title);
      expect(exports, title).to.not.equal(undefined);
      // Declared functions, and the consts whose type is a function (action creators, selectors).
      // The default export is notificationsReducer, listed under its name.
      const functions = exports!.filter((e) => e.kind === "function" && e.name !== "default").map((e) => e.name);
      const consts = [...reportedFunctions(report, title).keys()].filter((name) => exports!.some((e) => e.name === name && e.kind === "const"));
      expected.push(...functions, ...consts);
    }
    expect([...docs.keys()].sort()).to.deep.equal([...new Set(expected)].sort());
    // The signature the issue had to guess, and a hook's.
    expect(docs.get("markAsRead")).to.deep.equal(["markAsRead(n: NotificationDetails): NotificationsThunk<void>"]);
    expect(docs.get("useMarkAsReadNotificationCallback")).to.deep.equal(["useMarkAsReadNotificationCallback(): (n: NotificationDetails) => void"]);
    expect(docs.get("createNotificationsMiddleware")).to.have.length(1);
  });

  it("a description is the first sentence of the TSDoc comment; no comment gives none", () => {
    const [documentedFn, bare, constFn] = ts.createSourceFile(
      "x.ts",
      "/** Moves one notification (e.g. `n`) to read. Then more. */\nexport function a() {}\nexport function b() {}\n/** A selector. */\nexport const c = () => 1;",
      ts.ScriptTarget.Latest,
      true
    ).statements;
    expect(firstSentence(documentedFn)).to.equal("Moves one notification (e.g. `n`) to read.");
    expect(firstSentence(bare)).to.equal(undefined);
    expect(firstSentence((constFn as ts.VariableStatement).declarationList.declarations[0])).to.equal("A selector.");
  });

  it("a function the report lists but the sources do not export stops the generation, naming it", () => {
    const stale = report.replace(
      "\nfunction markAsRead(n: NotificationDetails): NotificationsThunk<void>;\n",
      "\nfunction markAsRead(n: NotificationDetails): NotificationsThunk<void>;\n\nfunction markAsUnread(n: NotificationDetails): NotificationsThunk<void>;\n"
    );
    expect(stale).to.not.equal(report);
    expect(() => referenceItems(stale)).to.throw(/does not export markAsUnread/);
  });
});
