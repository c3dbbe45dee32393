// The committed API report (api/multiaccount-kit.api.md) is what the built package exports, and the
// built code exports what its types say. When the report is out of date: `npm run api:report`,
// then review the diff of the report.
import { expect } from "chai";
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { REPO_ROOT, collectApi, type EntryApi } from "../../scripts/api/collect";
import { packedTarball } from "../hardhat/helpers/hosts";
import { REPORT_FILE, entryTitle, parseReport, renderReport } from "../../scripts/api/report";

const REPORT = path.relative(REPO_ROOT, REPORT_FILE);
const RERUN = `run \`npm run api:report\` and review the diff of ${REPORT}`;

/** Entry points whose code needs a Hardhat runtime to load; the host-project tests load them there. */
const NEEDS_HARDHAT = new Set(["multiaccount-kit/hardhat"]);

function names(list: { name: string }[]): string[] {
  return list.map((e) => e.name);
}

/** Which names each entry point gained or lost against the committed report. */
function changedNames(api: EntryApi[], committed: string): string[] {
  const before = parseReport(committed);
  const changes: string[] = [];
  for (const entry of api) {
    const title = entryTitle(entry);
    const old = new Set(names(before.get(title) ?? []));
    const now = new Set(names(entry.exports));
    const added = [...now].filter((n) => !old.has(n));
    const removed = [...old].filter((n) => !now.has(n));
    if (!before.has(title)) changes.push(`${title}: a new entry point`);
    if (added.length > 0) changes.push(`${title}: now also exports ${added.join(", ")}`);
    if (removed.length > 0) changes.push(`${title}: no longer exports ${removed.join(", ")}`);
  }
  for (const title of before.keys()) if (!api.some((entry) => entryTitle(entry) === title)) changes.push(`${title}: no longer an entry point`);
  return changes;
}

describe("the API report", function () {
  let api: EntryApi[];

  before(async function () {
    // The dist/ that `npm pack` built (its prepack is `npm run build`): once per run, shared with the
    // host projects' tests that run before this file in the hosts lane, instead of a second build.
    await packedTarball();
    api = collectApi();
  });

  it(`${REPORT} lists what the built package exports`, () => {
    const committed = fs.existsSync(REPORT_FILE) ? fs.readFileSync(REPORT_FILE, "utf8") : "";
    if (committed === renderReport(api)) return;
    const changes = changedNames(api, committed);
    expect.fail(`${REPORT} is out of date: ${RERUN}.\n` + (changes.length > 0 ? changes.join("\n") : "The same names; a kind or a declaration changed."));
  });

  it("every entry point's code has at run time exactly the values its types export", () => {
    const mismatches: string[] = [];
    for (const entry of api) {
      if (NEEDS_HARDHAT.has(entry.specifier)) continue;
      const script = "console.log(JSON.stringify(Object.keys(require(process.argv[1]))))";
      // Node's require() of an ES module with a default export adds its interop marker, __esModule.
      const loaded = (JSON.parse(execFileSync(process.execPath, ["-e", script, path.join(REPO_ROOT, entry.runtime)], { encoding: "utf8" })) as string[])
        .filter((name) => name !== "__esModule")
        .sort();
      const typed = names(entry.exports.filter((e) => e.value)).sort();
      if (JSON.stringify(loaded) !== JSON.stringify(typed)) {
        mismatches.push(`${entryTitle(entry)}: ${entry.runtime} exports ${loaded.join(", ")}; its types say ${typed.join(", ")}`);
      }
    }
    expect(mismatches).to.deep.equal([]);
  });

  it("the Hardhat 2 and Hardhat 3 entries export the same names, beside the Hardhat 3 plugin object", () => {
    const hardhat = (condition: string) => api.find((entry) => entry.specifier === "multiaccount-kit/hardhat" && entry.condition === condition)!;
    const shape = (entry: EntryApi) => entry.exports.filter((e) => e.name !== "default").map((e) => `${e.name}: ${e.kind}${e.value ? "" : " (type)"}`);
    expect(shape(hardhat("import"))).to.deep.equal(shape(hardhat("require")));
    expect(hardhat("import").exports.find((e) => e.name === "default")?.value, "the plugin object").to.equal(true);
    expect(names(hardhat("require").exports)).to.include.members([
      "TASK_DEPLOY_MULTIACCOUNT",
      "TASK_UPGRADE_MULTIACCOUNT",
      "TASK_ADDRESSES_SHOW",
      "MultiAccountKitError",
      "MultiAccountUserConfig",
      "MultiAccountConfig",
    ]);
  });

  it("reads a report back as it writes it", () => {
    const sample: EntryApi[] = [
      {
        specifier: "pkg/a",
        condition: "import",
        types: "./a.d.ts",
        runtime: "./a.js",
        exports: [
          { name: "f", kind: "function", value: true, declarations: ["function f(): void;"] },
          { name: "T", kind: "interface", value: false, declarations: ["interface T {\n    x: number;\n}"] },
        ],
        unexported: [],
      },
    ];
    expect([...parseReport(renderReport(sample))]).to.deep.equal([
      [
        "`pkg/a` (`import`)",
        [
          { name: "f", kind: "function", value: true },
          { name: "T", kind: "interface", value: false },
        ],
      ],
    ]);
  });
});
