// Offline compiling: find the npm `solc` package (solcjs) of exactly the requested version, so that
// Hardhat never needs to download a compiler. Hardhat 2 gets it as a SolcBuild from a subtask,
// Hardhat 3 as the `path` of its compiler config; this file imports neither.
import fs from "fs";
import path from "path";
import { keepLongVersion, keptLongVersion, solcJsIdentity } from "./output-cache";

/** The shape of Hardhat 2's SolcBuild; Hardhat 3 needs only `compilerPath`. */
export interface NpmSolcBuild {
  version: string;
  longVersion: string;
  compilerPath: string;
  isSolcJs: true;
}

const cache = new Map<string, NpmSolcBuild | undefined>();

function resolveSolcPackage(root: string): string | undefined {
  try {
    return path.dirname(require.resolve("solc/package.json", { paths: [root] }));
  } catch {
    return undefined;
  }
}

/**
 * The long version (with the commit) goes into Hardhat 2's build-info and is what explorers verify
 * against. Asking solc for it loads the whole compiler (0.2 to 0.5 s of processor time), so it is
 * asked only when read, and kept in `keepIn` (the solc output cache's folder, output-cache.ts) under
 * the compiler file's identity: Hardhat 2 reads it when it compiles, from the cache's output too.
 */
function withLazyLongVersion(build: Omit<NpmSolcBuild, "longVersion">, dir: string, keepIn: string | undefined): NpmSolcBuild {
  let longVersion: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the solc package found on disk at run time
  const ask = () => (require(dir) as { version(): string }).version().replace(/\.Emscripten.*$/, "");
  return Object.defineProperty(build, "longVersion", {
    enumerable: true,
    get() {
      if (longVersion !== undefined) return longVersion;
      const identity = solcJsIdentity(build.compilerPath);
      longVersion = keptLongVersion(keepIn, identity);
      if (longVersion === undefined) {
        longVersion = ask();
        keepLongVersion(keepIn, identity, longVersion);
      }
      return longVersion;
    },
  }) as NpmSolcBuild;
}

/**
 * Returns a solcjs build for `version` from an installed npm `solc` package, or `undefined` when no
 * installed package has exactly that version. `roots` are searched in order (the project root first);
 * `keepIn` is where its long version is kept once asked (none: asked in each process that reads it).
 */
export function findNpmSolcBuild(version: string, roots: string[], keepIn?: string): NpmSolcBuild | undefined {
  const key = `${version}\0${roots.join("\0")}\0${keepIn ?? ""}`;
  if (cache.has(key)) return cache.get(key);
  let found: NpmSolcBuild | undefined;
  for (const root of roots) {
    const dir = resolveSolcPackage(root);
    if (dir === undefined) continue;
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
    const compilerPath = path.join(dir, "soljson.js");
    if (pkg.version !== version || !fs.existsSync(compilerPath)) continue;
    found = withLazyLongVersion({ version, compilerPath, isSolcJs: true }, dir, keepIn);
    break;
  }
  cache.set(key, found);
  return found;
}
