// The function reference in docs/notifications-api.md ("Functions"): every function the two
// notifications entry points export (action creators, thunks, selectors, the reducer, the
// middleware factory and the updater, the transforms, the React hooks and component), each with its
// signature from the committed API report (api/multiaccount-kit.api.md, itself checked against the
// build) and the first sentence of its TSDoc comment in src/, so that the description lives in one
// place. test/docs/api-reference.test.ts checks that the docs hold what this writes; running this
// file rewrites that part of the docs (`npm run api:report` runs it after the report):
//   npx ts-node --transpile-only scripts/docs/api-reference.ts
import fs from "fs";
import path from "path";
import ts from "typescript";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const REFERENCE_DOC = path.join(REPO_ROOT, "docs/notifications-api.md");
const REPORT_FILE = path.join(REPO_ROOT, "api/multiaccount-kit.api.md");

export const BEGIN = "<!-- The function reference: written by scripts/docs/api-reference.ts from the API report and the TSDoc in src/. Do not edit. -->";
export const END = "<!-- End of the function reference. -->";

/** The entry points whose functions the reference lists: their report heading and their source. */
export const REFERENCE_ENTRIES = [
  { title: "`multiaccount-kit/notifications` (`import`)", source: "src/notifications/index.ts" },
  { title: "`multiaccount-kit/notifications/react` (`import`)", source: "src/notifications/react/index.ts" },
];

/** The reference's groups, in order, by the source file a function is declared in. */
const GROUPS: { label: string; files: string[] }[] = [
  { label: "Action creators (plain, serializable actions)", files: ["src/notifications/state/actions.ts"] },
  {
    label: "Thunks (they need redux-thunk)",
    files: ["src/notifications/fetch/thunks.ts", "src/notifications/state/callbacks.ts", "src/notifications/state/new-notification-flag.ts"],
  },
  { label: "Selectors (of the root state)", files: ["src/notifications/state/selectors.ts"] },
  { label: "The reducer", files: ["src/notifications/state/reducer.ts"] },
  { label: "The live connection", files: ["src/notifications/live/middleware.ts", "src/notifications/live/updater.ts"] },
  {
    label: "From the wire, and the list rules",
    files: ["src/notifications/wire/transform.ts", "src/notifications/wire/convert.ts", "src/notifications/lists/rules.ts"],
  },
  {
    label: "React (`multiaccount-kit/notifications/react`: react and react-redux needed)",
    files: ["src/notifications/react/hooks.ts", "src/notifications/react/updater.tsx"],
  },
];

export interface ReferenceItem {
  name: string;
  /** One line each, e.g. `markAsRead(n: NotificationDetails): NotificationsThunk<void>`. */
  signatures: string[];
  /** The first sentence of the TSDoc summary. */
  description: string;
  /** The source file that declares it, relative to the repository root, with "/". */
  file: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The declarations of an entry's ```ts block in the report, parsed. */
function reportSource(report: string, title: string): ts.SourceFile {
  const heading = report.indexOf(`\n## ${title}\n`);
  if (heading < 0) throw new Error(`${path.relative(REPO_ROOT, REPORT_FILE)} has no section ${title}: run npm run api:report`);
  const open = report.indexOf("\n```ts\n", heading);
  const close = report.indexOf("\n```\n", open + 1);
  if (open < 0 || close < 0) throw new Error(`${path.relative(REPO_ROOT, REPORT_FILE)}: no declarations under ${title}`);
  return ts.createSourceFile("report.d.ts", report.slice(open + 7, close), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** `name<T>(params): type` from a function declaration or a function type. */
function signatureOf(name: string, node: ts.SignatureDeclarationBase, source: ts.SourceFile): string {
  const typeParameters = node.typeParameters === undefined ? "" : `<${node.typeParameters.map((t) => t.getText(source)).join(", ")}>`;
  const parameters = node.parameters.map((p) => p.getText(source)).join(", ");
  return oneLine(`${name}${typeParameters}(${parameters}): ${node.type?.getText(source) ?? "void"}`);
}

/** Every function the report lists for the entry (declared functions, and consts of a function type), by name. */
export function reportedFunctions(report: string, title: string): Map<string, string[]> {
  const source = reportSource(report, title);
  const found = new Map<string, string[]>();
  const add = (name: string, signature: string) => found.set(name, [...(found.get(name) ?? []), signature]);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name !== undefined) add(statement.name.text, signatureOf(statement.name.text, statement, source));
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.type !== undefined && ts.isFunctionTypeNode(declaration.type)) {
        add(declaration.name.text, signatureOf(declaration.name.text, declaration.type, source));
      }
    }
  }
  return found;
}

const parsed = new Map<string, ts.SourceFile>();

function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (source === undefined) {
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    source = ts.createSourceFile(file, fs.readFileSync(path.join(REPO_ROOT, file), "utf8"), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, source);
  }
  return source;
}

function resolveModule(from: string, specifier: string): string {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const file = [".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((candidate) => fs.existsSync(path.join(REPO_ROOT, candidate)));
  if (file === undefined) throw new Error(`${from}: cannot find the module "${specifier}"`);
  return file;
}

const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The declaration `name` is exported from in `file`, following re-exports. */
export function declarationOf(file: string, name: string): { file: string; node: ts.Node } {
  const source = parse(file);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && exported(statement) && statement.name?.text === name) return { file, node: statement };
    if (ts.isVariableStatement(statement) && exported(statement)) {
      const declaration = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
      if (declaration !== undefined) return { file, node: declaration };
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const element = statement.exportClause.elements.find((e) => e.name.text === name);
      if (element !== undefined) {
        const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
        return declarationOf(resolveModule(file, specifier), element.propertyName?.text ?? name);
      }
    }
  }
  throw new Error(`${file} does not export ${name}`);
}

/** The first sentence of the TSDoc comment closest to `node`, or undefined when it has none. */
export function firstSentence(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const comment = docs.length === 0 ? undefined : ts.getTextOfJSDocComment(docs[docs.length - 1].comment);
  if (comment === undefined || comment.trim() === "") return undefined;
  const text = oneLine(comment);
  // A sentence ends at a full stop before a capital, a code span or the end; not at "e.g." or "i.e.".
  return /^.+?(?<!\b(?:e\.g|i\.e))[.!?](?=\s+[A-Z`"(]|$)/.exec(text)?.[0] ?? `${text}.`;
}

/** Every function of the reference's entry points, from the report's text and the sources under the repository root. */
export function referenceItems(report: string): ReferenceItem[] {
  const items: ReferenceItem[] = [];
  const problems: string[] = [];
  for (const entry of REFERENCE_ENTRIES) {
    for (const [name, signatures] of reportedFunctions(report, entry.title)) {
      const { file, node } = declarationOf(entry.source, name);
      const description = firstSentence(node);
      if (description === undefined) problems.push(`${name} (${file}) has no TSDoc comment: write one; its first sentence is its line in the docs`);
      if (!GROUPS.some((group) => group.files.includes(file)))
        problems.push(`${name} is declared in ${file}, which no group of scripts/docs/api-reference.ts lists`);
      items.push({ name, signatures, description: description ?? "", file });
    }
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return items;
}

/** The reference as it stands between BEGIN and END. */
export function renderReference(items: ReferenceItem[]): string {
  const out = [BEGIN];
  for (const group of GROUPS) {
    const members = items.filter((item) => group.files.includes(item.file)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (members.length === 0) continue;
    out.push("", `**${group.label}**`, "");
    for (const item of members) out.push(`- ${item.signatures.map((s) => `\`${s}\``).join(", ")}:`, `  ${item.description}`);
  }
  out.push("", END);
  return out.join("\n");
}

/** The reference in `markdown`, BEGIN and END included, or undefined when the markers are missing. */
export function findReference(markdown: string): { start: number; end: number; text: string } | undefined {
  const start = markdown.indexOf(BEGIN);
  const endMarker = markdown.indexOf(END, start);
  if (start < 0 || endMarker < 0) return undefined;
  const end = endMarker + END.length;
  return { start, end, text: markdown.slice(start, end) };
}

export function currentReference(): string {
  return renderReference(referenceItems(fs.readFileSync(REPORT_FILE, "utf8")));
}

function main(): void {
  const markdown = fs.readFileSync(REFERENCE_DOC, "utf8");
  const found = findReference(markdown);
  if (found === undefined) throw new Error(`${path.relative(REPO_ROOT, REFERENCE_DOC)} has no ${BEGIN} ... ${END}`);
  fs.writeFileSync(REFERENCE_DOC, markdown.slice(0, found.start) + currentReference() + markdown.slice(found.end));
  console.log(`Wrote the function reference of ${path.relative(REPO_ROOT, REFERENCE_DOC)}`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
