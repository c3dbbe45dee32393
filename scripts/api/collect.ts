// What each entry point of the built package exports, read with the TypeScript compiler from the
// declaration files that package.json `exports` names (dist/**/*.d.ts, .d.mts), as a user's
// TypeScript sees them.
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import ts from "typescript";

export const REPO_ROOT = path.resolve(__dirname, "../..");

/** One way in: an `exports` subpath, under one condition when it has several. */
export interface EntryPoint {
  /** "multiaccount-kit/hardhat" */
  specifier: string;
  /** "import" or "require" when the subpath has conditions; undefined when it has one target. */
  condition?: string;
  /** The declaration file, relative to the package root. */
  types: string;
  /** The JavaScript file, relative to the package root. */
  runtime: string;
}

export interface ApiExport {
  /** The name a user imports (`default` for a default export). */
  name: string;
  /** "class", "function", "const", "enum", "interface", "type", "namespace"; several joined by ", ". */
  kind: string;
  /** Whether the export is a value at run time (not erased with the types). */
  value: boolean;
  /** The declaration(s), printed without comments, `export` or `declare`. */
  declarations: string[];
}

export interface EntryApi extends EntryPoint {
  exports: ApiExport[];
  /** Types of this package that the exports' declarations name but no entry point exports. */
  unexported: UnexportedType[];
}

export interface UnexportedType {
  name: string;
  /** The declaration file, relative to the package root. */
  file: string;
  /** The exports whose declarations name it. */
  usedBy: string[];
}

type Target = { types?: string; default?: string } & Record<string, unknown>;

/** Every entry point of package.json `exports` that has types; the contract sources and package.json itself are files, not modules. */
export function entryPoints(root = REPO_ROOT): EntryPoint[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { name: string; exports: Record<string, string | Target> };
  const entries: EntryPoint[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue;
    const specifier = `${pkg.name}${subpath.slice(1)}`;
    if (typeof target.types === "string" && typeof target.default === "string") {
      entries.push({ specifier, types: target.types, runtime: target.default });
      continue;
    }
    const runtimes = Object.values(target).map((inner) => (inner as Target)?.default);
    for (const [condition, inner] of Object.entries(target)) {
      // A bare path (the bundlers' "module" condition) names a file another condition lists with its types.
      if (typeof inner === "string" && runtimes.includes(inner)) continue;
      const t = inner as Target;
      if (typeof t?.types !== "string" || typeof t.default !== "string") {
        throw new Error(`package.json exports["${subpath}"].${condition} needs "types" and "default"`);
      }
      entries.push({ specifier, condition, types: t.types, runtime: t.default });
    }
  }
  return entries;
}

/** `npm run build`: what `npm pack` publishes. */
export function buildPackage(root = REPO_ROOT): void {
  execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build", "--silent"], { cwd: root, stdio: "pipe" });
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function kindOf(node: ts.Declaration): string {
  if (ts.isClassDeclaration(node)) return "class";
  if (ts.isFunctionDeclaration(node)) return "function";
  if (ts.isEnumDeclaration(node)) return "enum";
  if (ts.isInterfaceDeclaration(node)) return "interface";
  if (ts.isTypeAliasDeclaration(node)) return "type";
  if (ts.isModuleDeclaration(node)) return "namespace";
  if (ts.isVariableDeclaration(node)) {
    const flags = ts.getCombinedNodeFlags(node);
    return flags & ts.NodeFlags.Const ? "const" : flags & ts.NodeFlags.Let ? "let" : "var";
  }
  return ts.SyntaxKind[node.kind];
}

function print(node: ts.Declaration): string {
  const text = printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile());
  if (ts.isVariableDeclaration(node)) return `${kindOf(node)} ${text};`;
  return text.replace(/^(export\s+)?(default\s+)?(declare\s+)?/, "");
}

/** Whether `symbol` is exported with `export type { ... }` or `export { type ... }`. */
function typeOnlyExport(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
}

function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function declarationsOf(symbol: ts.Symbol): ts.Declaration[] {
  return (symbol.declarations ?? []).filter((d) => !ts.isSourceFile(d));
}

function describeExport(checker: ts.TypeChecker, entry: EntryPoint, symbol: ts.Symbol): ApiExport {
  const name = symbol.getName();
  const target = resolve(checker, symbol);
  const declarations = declarationsOf(target);
  if (declarations.length === 0) {
    throw new Error(`${entry.types}: cannot resolve the export "${name}" (is the module it comes from built?)`);
  }
  const kinds = [...new Set(declarations.map(kindOf))];
  const value = !typeOnlyExport(symbol) && (target.flags & ts.SymbolFlags.Value) !== 0;
  const printed = declarations.map(print);
  const declared = target.getName();
  if (declared !== name) printed.unshift(`// exported as ${name}`);
  return { name, kind: kinds.join(", "), value, declarations: printed };
}

/** The symbols of this package's own declarations that the type references in `node` name. */
function referencedTypes(checker: ts.TypeChecker, node: ts.Node, packageDir: string, found: Set<ts.Symbol>): void {
  const named = ts.isTypeReferenceNode(node)
    ? node.typeName
    : ts.isExpressionWithTypeArguments(node)
      ? node.expression
      : ts.isTypeQueryNode(node)
        ? node.exprName
        : undefined;
  const symbol = named === undefined ? undefined : checker.getSymbolAtLocation(named);
  if (symbol !== undefined) {
    const target = resolve(checker, symbol);
    const own = declarationsOf(target).some((d) => {
      const file = d.getSourceFile().fileName;
      return file.startsWith(packageDir) && !file.includes(`${path.sep}node_modules${path.sep}`);
    });
    if (own && !(target.flags & ts.SymbolFlags.TypeParameter)) found.add(target);
  }
  ts.forEachChild(node, (child) => referencedTypes(checker, child, packageDir, found));
}

/** The exports of every entry point, from the declaration files under `root` (built beforehand). */
export function collectApi(root = REPO_ROOT): EntryApi[] {
  const entries = entryPoints(root);
  const files = entries.map((entry) => path.join(root, entry.types));
  for (const file of files) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} does not exist: build the package first (npm run build)`);
  }
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const modules = entries.map((entry, i) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(files[i])!);
    return moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol);
  });
  // What any entry point exports: a type it names is then one a user can import too.
  const exported = new Set(modules.flat().map((symbol) => resolve(checker, symbol)));
  const packageDir = path.resolve(root) + path.sep;
  return entries.map((entry, i) => {
    const exports = modules[i].map((symbol) => describeExport(checker, entry, symbol)).sort(byName);
    const unexported = new Map<ts.Symbol, Set<string>>();
    for (const symbol of modules[i]) {
      const found = new Set<ts.Symbol>();
      for (const declaration of declarationsOf(resolve(checker, symbol))) referencedTypes(checker, declaration, packageDir, found);
      for (const type of found) {
        if (exported.has(type)) continue;
        if (!unexported.has(type)) unexported.set(type, new Set());
        unexported.get(type)!.add(symbol.getName());
      }
    }
    const unexportedTypes = [...unexported].map(([type, users]) => ({
      name: type.getName(),
      file: path.relative(root, declarationsOf(type)[0].getSourceFile().fileName).split(path.sep).join("/"),
      usedBy: [...users].sort(),
    }));
    return { ...entry, exports, unexported: unexportedTypes.sort(byName) };
  });
}
