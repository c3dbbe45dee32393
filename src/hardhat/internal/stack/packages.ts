// Which versions of the peer packages are loaded in this process, or installed for the project.
// Read from the files themselves, because ethers 6 does not export its package.json.
import fs from "fs";
import path from "path";

export interface PackageInfo {
  name: string;
  dir: string;
  version: string;
}

const versions = new Map<string, string>();

function readVersion(dir: string): string {
  let version = versions.get(dir);
  if (version === undefined) {
    try {
      version = String((JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: unknown }).version ?? "");
    } catch {
      version = "";
    }
    versions.set(dir, version);
  }
  return version;
}

function marker(name: string): string {
  return `${path.sep}node_modules${path.sep}${name.split("/").join(path.sep)}${path.sep}`;
}

/** The package a file belongs to, when the file sits inside `node_modules/<name>/`. */
export function packageOfFile(name: string, file: string): PackageInfo | undefined {
  const at = file.lastIndexOf(marker(name));
  if (at === -1) return undefined;
  const dir = file.slice(0, at + marker(name).length - 1);
  return { name, dir, version: readVersion(dir) };
}

/** The copy of `name` that this process has loaded (any file of it in the require cache). */
export function loadedPackage(name: string, files: Iterable<string> = Object.keys(require.cache)): PackageInfo | undefined {
  for (const file of files) {
    const found = packageOfFile(name, file);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The copy of `name` that `require(name)` from `from` would load, with its entry file. */
export function installedPackage(name: string, from: string): (PackageInfo & { entry: string }) | undefined {
  let entry: string;
  try {
    entry = require.resolve(name, { paths: [from] });
  } catch {
    return undefined;
  }
  const found = packageOfFile(name, entry);
  return found === undefined ? undefined : { ...found, entry };
}

export function majorOf(version: string | undefined): number | undefined {
  const match = /^(?:ethers\/)?(\d+)\./.exec(version ?? "");
  return match ? Number(match[1]) : undefined;
}
