// Bundles the browser example with esbuild into dist/ beside this file (app.js and index.html).
//   npx ts-node --transpile-only build.ts [outDir]          (examples/browser/build.ts in this repository)
import { build, type Metafile } from "esbuild";
import * as fs from "fs";
import * as path from "path";

export const DEFAULT_OUT_DIR = path.join(__dirname, "dist");

export interface BrowserExampleBuild {
  outDir: string;
  /** The bundle's path. */
  appJs: string;
  /** Every input file of the bundle and every import, from esbuild. */
  metafile: Metafile;
}

export async function buildBrowserExample(outDir: string = DEFAULT_OUT_DIR): Promise<BrowserExampleBuild> {
  const out = path.resolve(outDir);
  fs.mkdirSync(out, { recursive: true });
  const appJs = path.join(out, "app.js");
  const result = await build({
    entryPoints: [path.join(__dirname, "app.ts")],
    outfile: appJs,
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2020",
    sourcemap: true,
    metafile: true,
    logLevel: "silent",
    // Redux reads process.env.NODE_ENV, which browsers do not have.
    define: { "process.env.NODE_ENV": JSON.stringify("development") },
  });
  fs.copyFileSync(path.join(__dirname, "index.html"), path.join(out, "index.html"));
  return { outDir: out, appJs, metafile: result.metafile };
}

if (require.main === module) {
  buildBrowserExample(process.argv[2])
    .then(({ outDir }) => {
      console.log(`built ${path.relative(process.cwd(), outDir) || "."}; serve it with:`);
      console.log(`  npx multiaccount-kit-mock-hedger --port 8090 --static ${path.relative(process.cwd(), outDir)}`);
      console.log(`  (in the multiaccount-kit repository: npm run mock-hedger -- --port 8090 --static ${path.relative(process.cwd(), outDir)})`);
      console.log("  then open http://127.0.0.1:8090/?account=0x00000000000000000000000000000000000a11ce");
    })
    .catch((error: Error) => {
      console.error(`build failed: ${error.message}`);
      process.exitCode = 1;
    });
}
