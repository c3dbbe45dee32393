// Builds the ESM side of the browser-safe entries, after the CommonJS build: one .mjs per source
// module (so that bundlers drop whole modules a user does not import), and one .d.mts per .d.ts,
// beside the CommonJS files in dist/. Which modules there are is found by following the imports of
// the entry points, so moving files under src/notifications needs no change here.
//   node scripts/build/esm.cjs
const esbuild = require("esbuild");
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const root = path.resolve(__dirname, "../..");
const src = path.join(root, "src");
const dist = path.join(root, "dist");

/** The entries published with an `import` condition of their own. */
const ENTRIES = ["src/notifications/index.ts", "src/notifications/react/index.ts"];

/** `./x.mjs` (or `../x.mjs`) from `from`'s folder to `to`, with `to`'s extension replaced. */
function specifier(from, to, extension) {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join("/");
  const withExtension = relative.replace(/(\.d)?\.(ts|tsx|mts|js)$/, "") + extension;
  return withExtension.startsWith(".") ? withExtension : `./${withExtension}`;
}

/** Every source module the entries reach, found by esbuild's own resolution (bare imports left out). */
async function sourceModules() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    outdir: "unused",
    packages: "external",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs).map((input) => path.join(root, input));
}

/** One .mjs per module: each module built on its own, its relative imports rewritten to the .mjs files. */
async function buildModules(modules) {
  const ownImports = {
    name: "own-imports-to-mjs",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === "inner") return undefined;
        if (!args.path.startsWith(".")) return { path: args.path, external: true };
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "inner" });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: specifier(args.importer, resolved.path, ".mjs"), external: true };
      });
    },
  };
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: modules,
    outbase: src,
    outdir: dist,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2020",
    plugins: [ownImports],
    logLevel: "warning",
  });
}

/**
 * The .d.mts files: each .d.ts the entries' declarations reach, with its relative module specifiers
 * pointing at the .mjs files (TypeScript then reads the .d.mts beside each), as node16 requires of
 * an ES module's imports.
 */
function buildDeclarations() {
  const pending = ENTRIES.map((entry) => path.join(dist, path.relative(src, entry)).replace(/\.tsx?$/, ".d.ts"));
  const done = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (done.has(file)) continue;
    done.add(file);
    const text = fs.readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const edits = [];
    const visit = (node) => {
      const literal =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : undefined;
      if (literal !== undefined && ts.isStringLiteral(literal) && literal.text.startsWith(".")) {
        const base = path.resolve(path.dirname(file), literal.text.replace(/\.js$/, ""));
        const target = [`${base}.d.ts`, path.join(base, "index.d.ts")].find((candidate) => fs.existsSync(candidate));
        if (target === undefined) throw new Error(`${path.relative(root, file)}: no declarations for "${literal.text}"`);
        pending.push(target);
        edits.push({ start: literal.getStart(source) + 1, end: literal.getEnd() - 1, text: specifier(file, target, ".mjs") });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    let out = text;
    for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    fs.writeFileSync(file.replace(/\.d\.ts$/, ".d.mts"), out);
  }
}

(async () => {
  await buildModules(await sourceModules());
  buildDeclarations();
})().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
