// Bundles the React example with esbuild into one folder (app.js and index.html), for the mock
// hedger's --static:
//   npx ts-node --transpile-only build.ts [outDir]        (default: dist/ beside this file)
import { build, type Metafile } from "esbuild";
import * as fs from "fs";
import * as path from "path";

export const DEFAULT_OUT_DIR = path.join(__dirname, "dist");

export interface ReactExampleBuild {
  outDir: string;
  /** The bundle's path. */
  appJs: string;
  /** Every input file of the bundle and every import, from esbuild. */
  metafile: Metafile;
}

export async function buildReactExample(outDir: string = DEFAULT_OUT_DIR): Promise<ReactExampleBuild> {
  const out = path.resolve(outDir);
  fs.mkdirSync(out, { recursive: true });
  const appJs = path.join(out, "app.js");
  const result = await build({
    entryPoints: [path.join(__dirname, "main.tsx")],
    outfile: appJs,
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2020",
    // The JSX runtime of React 17 and later, whatever the project's tsconfig says.
    jsx: "automatic",
    sourcemap: true,
    metafile: true,
    logLevel: "silent",
    // React and Redux read process.env.NODE_ENV, which browsers do not have. "development" keeps
    // React's warnings in the console; "production" for a build to deploy.
    define: { "process.env.NODE_ENV": JSON.stringify(process.env.NODE_ENV === "production" ? "production" : "development") },
  });
  fs.copyFileSync(path.join(__dirname, "index.html"), path.join(out, "index.html"));
  return { outDir: out, appJs, metafile: result.metafile };
}

if (require.main === module) {
  buildReactExample(process.argv[2])
    .then(({ outDir }) => {
      const dir = path.relative(process.cwd(), outDir) || ".";
      console.log(`built ${dir}; serve it with:`);
      console.log(`  npx multiaccount-kit-mock-hedger --port 8090 --static ${dir} --emit-every 2000 --account 0x00000000000000000000000000000000000a11ce`);
      console.log("  then open http://127.0.0.1:8090/?account=0x00000000000000000000000000000000000a11ce");
    })
    .catch((error: Error) => {
      console.error(`build failed: ${error.message}`);
      process.exitCode = 1;
    });
}
