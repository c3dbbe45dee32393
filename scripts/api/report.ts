// The committed API report, api/multiaccount-kit.api.md: every export of every entry point of the
// built package, with its kind and declaration. test/api/report.test.ts fails when the build exports
// something else; running this file builds the package and rewrites the report:
//   npm run api:report
import fs from "fs";
import path from "path";
import { REPO_ROOT, buildPackage, collectApi, type EntryApi } from "./collect";

export const REPORT_FILE = path.join(REPO_ROOT, "api", "multiaccount-kit.api.md");

/** "`multiaccount-kit/hardhat` (`import`)": an entry point's heading in the report. */
export function entryTitle(entry: { specifier: string; condition?: string }): string {
  return entry.condition === undefined ? `\`${entry.specifier}\`` : `\`${entry.specifier}\` (\`${entry.condition}\`)`;
}

function counts(entry: EntryApi): { values: number; types: number } {
  const values = entry.exports.filter((e) => e.value).length;
  return { values, types: entry.exports.length - values };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function renderReport(api: EntryApi[]): string {
  const out: string[] = [
    "# The public API of multiaccount-kit",
    "",
    "<!-- Written by `npm run api:report` (scripts/api/report.ts) from the built package. Do not edit it by hand. -->",
    "",
    "Every export of every entry point in the `exports` of package.json, as the built declaration",
    "files in `dist/` give them to a user's TypeScript. `npm run api:report` builds the package and",
    "rewrites this file, and `test/api/report.test.ts` fails when the build exports anything else, so a",
    "change to what users can import shows up in review as a diff of this file. A value exists at run",
    "time; a type is erased with the types. How each entry point is used:",
    "[docs/hardhat-plugin.md](../docs/hardhat-plugin.md), [docs/notifications.md](../docs/notifications.md),",
    "[docs/live-notifications.md](../docs/live-notifications.md), [docs/mock-hedger.md](../docs/mock-hedger.md).",
    "",
    "| entry point | types | values | types only |",
    "|---|---|---|---|",
  ];
  for (const entry of api) {
    const { values, types } = counts(entry);
    out.push(`| ${entryTitle(entry)} | \`${entry.types.replace(/^\.\//, "")}\` | ${values} | ${types} |`);
  }
  for (const entry of api) {
    const { values, types } = counts(entry);
    out.push("", `## ${entryTitle(entry)}`, "");
    out.push(
      `Types: \`${entry.types.replace(/^\.\//, "")}\`; code: \`${entry.runtime.replace(/^\.\//, "")}\`. ` +
        `${plural(values, "value", "values")}, ${plural(types, "type", "types")} only.`
    );
    if (entry.exports.length === 0) {
      out.push("", "No exports.");
      continue;
    }
    out.push("", "| export | kind | at run time |", "|---|---|---|");
    for (const e of entry.exports) out.push(`| \`${e.name}\` | ${e.kind} | ${e.value ? "value" : "type only"} |`);
    out.push("", "```ts");
    out.push(entry.exports.map((e) => e.declarations.join("\n")).join("\n\n"));
    out.push("```");
    if (entry.unexported.length > 0) {
      out.push("", "Named by these declarations, but exported by no entry point:", "");
      for (const t of entry.unexported) out.push(`- \`${t.name}\` (\`${t.file}\`), in ${t.usedBy.map((u) => `\`${u}\``).join(", ")}`);
    }
  }
  return out.join("\n") + "\n";
}

export interface ReportedExport {
  name: string;
  kind: string;
  value: boolean;
}

/** The export tables of a report, by entry title (as `entryTitle` writes it). */
export function parseReport(markdown: string): Map<string, ReportedExport[]> {
  const entries = new Map<string, ReportedExport[]>();
  let current: ReportedExport[] | undefined;
  let inCode = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (line.startsWith("```")) inCode = !inCode;
    if (inCode) continue;
    const heading = /^## (`.+)$/.exec(line);
    if (heading) {
      current = [];
      entries.set(heading[1].trim(), current);
      continue;
    }
    const row = /^\| `([^`]+)` \| ([^|]+) \| (value|type only) \|$/.exec(line);
    if (row && current !== undefined) current.push({ name: row[1], kind: row[2].trim(), value: row[3] === "value" });
  }
  return entries;
}

function main(): void {
  const noBuild = process.argv.includes("--no-build");
  if (!noBuild) buildPackage();
  const api = collectApi();
  fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
  fs.writeFileSync(REPORT_FILE, renderReport(api));
  for (const entry of api) {
    const { values, types } = counts(entry);
    console.log(`${entryTitle(entry).replace(/`/g, "")}: ${plural(values, "value", "values")}, ${plural(types, "type", "types")} only`);
  }
  console.log(`Wrote ${path.relative(REPO_ROOT, REPORT_FILE)}`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
