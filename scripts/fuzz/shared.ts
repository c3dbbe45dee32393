// What the fuzz scripts share: their integer settings from the environment, and the throwaway copy
// of the project in which a mutation script plants a bug (the working tree is never touched).
import { execFileSync } from "child_process";
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync } from "fs";
import os from "os";
import path from "path";

export const ROOT = path.resolve(__dirname, "../..");

/** A non-negative integer from the environment variable `name`, or `fallback` when it is unset. */
export function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/**
 * The project as it is in the working tree (tracked and new files under `paths`, all of it when
 * none is given, less what `skip` refuses), in a new folder named from `prefix`, with node_modules
 * linked.
 */
export function copyProject(prefix: string, paths: string[] = [], skip: (file: string) => boolean = () => false): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard", ...paths], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && !skip(file));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      copyFileSync(path.join(ROOT, file), path.join(dir, file));
    } catch {
      // A file deleted in the working tree but still tracked: nothing to copy.
    }
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/** A planted bug: exact text replacements, each of which must match once. */
export interface Edits {
  id: string;
  edits: [string, string][];
}

/** `source` with the mutant's edits made; throws when an edit does not match exactly once. */
export function mutate(source: string, mutant: Edits): string {
  let result = source;
  for (const [from, to] of mutant.edits) {
    const count = result.split(from).length - 1;
    if (count !== 1) throw new Error(`mutant ${mutant.id}: expected one match of ${JSON.stringify(from)}, found ${count}; update the mutation`);
    result = result.replace(from, to);
  }
  return result;
}
