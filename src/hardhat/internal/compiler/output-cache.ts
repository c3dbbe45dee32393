// The solc output cache. solc is deterministic: one compiler version given one standard-JSON input
// gives one output (explorers' verification rests on it). solcjs, the npm compiler this plugin
// switches on, takes seconds of processor time per compile, and a project compiles the same input
// again and again: after `hardhat clean` or `--force`, in a fresh checkout or CI job, in every copy
// of a project, and when an explorer plugin rebuilds a contract before verifying it. So the output
// of each solcjs compile is kept under the SHA-256 of the compiler and the input, and a compile of the
// same input with the same compiler reads it back instead of running solc.
// Neutral between the majors: Hardhat 2 wraps its solcjs subtask with it, Hardhat 3 its invokeSolc hook.
import crypto from "crypto";
import fs from "fs";
import path from "path";
import { writeFileAtomic } from "../files/atomic-write";

/** A folder to keep the outputs in (shared by every project that names it), or "off". */
export const SOLC_CACHE_ENV = "MULTIACCOUNT_SOLC_CACHE";
/** The cache's size bound in MiB (default 256): past it, the least recently used outputs go. */
export const SOLC_CACHE_MAX_ENV = "MULTIACCOUNT_SOLC_CACHE_MAX_MB";
const DEFAULT_MAX_MB = 256;
/** Bumped when an entry's layout changes, so that an older entry is never read as a newer one. */
const ENTRY_FORMAT = 1;

interface Entry {
  format: number;
  compiler: string;
  input: string;
  output: unknown;
}

/**
 * The folder of the cache: MULTIACCOUNT_SOLC_CACHE when it names one (relative to the project root),
 * none when it is "off" (or 0, false, no), else `multiaccount-kit/solc-output` in the project's
 * Hardhat cache folder, which `hardhat clean` empties.
 */
export function solcOutputCacheDir(projectRoot: string, projectCache: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env[SOLC_CACHE_ENV]?.trim();
  if (chosen === undefined || chosen === "") return path.join(projectCache, "multiaccount-kit", "solc-output");
  if (/^(off|0|false|no)$/i.test(chosen)) return undefined;
  return path.resolve(projectRoot, chosen);
}

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/**
 * What an entry is kept under: the input as solc reads it. An empty `settings.libraries` links
 * nothing, and solc's output is the same byte for byte with it or without it. Explorer plugins set
 * one on the build's input when they verify (hardhat-etherscan 3 does, on the input object its later
 * compiles in the process share), which would otherwise make each of those compiles a miss.
 */
function solcInputKey(input: unknown): string {
  const settings = (input as { settings?: { libraries?: unknown } } | null)?.settings;
  const libraries = settings?.libraries;
  if (typeof libraries !== "object" || libraries === null || Object.keys(libraries).length > 0) return sha256(JSON.stringify(input));
  const linksNothing = { ...settings };
  delete linksNothing.libraries;
  return sha256(JSON.stringify({ ...(input as object), settings: linksNothing }));
}

/** Whether this is no output, or solc refused the input: such an output is not kept (the next compile says it again). */
function hasErrors(output: unknown): boolean {
  if (typeof output !== "object" || output === null) return true;
  const errors = (output as { errors?: Array<{ severity?: string }> }).errors;
  return Array.isArray(errors) && errors.some((error) => error?.severity === "error");
}

const compilerIds = new Map<string, string>();

/**
 * A solcjs compiler's identity: the SHA-256 of its soljson file (about 8 MB, 20 ms), so that two
 * files never pass for one compiler whatever their names and versions say.
 */
export function solcJsIdentity(compilerPath: string): string {
  const stat = fs.statSync(compilerPath);
  const key = `${compilerPath}\0${stat.size}\0${stat.mtimeMs}`;
  let id = compilerIds.get(key);
  if (id === undefined) {
    id = `solcjs sha256:${crypto.createHash("sha256").update(fs.readFileSync(compilerPath)).digest("hex")}`;
    compilerIds.set(key, id);
  }
  return id;
}

/** The kept output, or undefined when there is none or it is not a whole entry for this compiler and input. */
function read(file: string, compiler: string, inputHash: string): unknown {
  let entry: Entry;
  try {
    entry = JSON.parse(fs.readFileSync(file, "utf8")) as Entry;
  } catch {
    return undefined;
  }
  if (entry?.format !== ENTRY_FORMAT || entry.compiler !== compiler || entry.input !== inputHash || hasErrors(entry.output)) return undefined;
  try {
    // Its time of last use, which the size bound goes by.
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // a read-only cache still serves
  }
  return entry.output;
}

/** Removes the least recently used entries until the folder's entries fit in `maxBytes`. */
export function pruneSolcOutputCache(dir: string, maxBytes: number): void {
  const entries = fs
    .readdirSync(dir)
    .filter((name) => /^[0-9a-f]{64}\.json$/.test(name))
    .flatMap((name) => {
      try {
        const stat = fs.statSync(path.join(dir, name));
        return [{ name, size: stat.size, used: stat.mtimeMs }];
      } catch {
        return []; // removed by another process meanwhile
      }
    })
    .sort((a, b) => b.used - a.used);
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total <= maxBytes) continue;
    try {
      fs.unlinkSync(path.join(dir, entry.name));
    } catch {
      // removed by another process meanwhile
    }
  }
}

function maxBytes(env: NodeJS.ProcessEnv): number {
  const mib = Number(env[SOLC_CACHE_MAX_ENV]);
  return (Number.isFinite(mib) && mib >= 0 && env[SOLC_CACHE_MAX_ENV]?.trim() ? mib : DEFAULT_MAX_MB) * 1024 * 1024;
}

/** How long a compile waits for another process compiling the same input, at most. */
const WAIT_FOR_OTHER_MS = 10 * 60_000;
const POLL_MS = 50;

/** Whether the process `pid` still runs (a lock it holds is then still held). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the lock of one input's compile: a file beside its entry, naming the process. A lock whose
 * process is gone (killed midway) is taken over. False when a live process holds it.
 */
function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.mkdirSync(path.dirname(lock), { recursive: true });
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return true; // no lock to be had: compile, as without a cache
      if (holder(lock) !== "gone") return false;
      fs.rmSync(lock, { force: true });
    }
  }
  return false;
}

/** A lock naming no process is being written, unless it is older than this (its writer was killed). */
const UNNAMED_LOCK_MS = 10_000;

/** "live" while a running process holds the lock, "gone" when none does (or it named one that ended). */
function holder(lock: string): "live" | "gone" {
  let pid: number;
  let age: number;
  try {
    pid = Number(fs.readFileSync(lock, "utf8"));
    age = Date.now() - fs.statSync(lock).mtimeMs;
  } catch {
    return "gone";
  }
  if (Number.isInteger(pid) && pid > 0) return alive(pid) ? "live" : "gone";
  return age < UNNAMED_LOCK_MS ? "live" : "gone";
}

/**
 * Waits while another process compiles the same input, then gives its kept output; undefined when it
 * ended without keeping one (solc refused the input, or it was killed) or took too long.
 */
async function otherCompile(file: string, lock: string, compiler: string, inputHash: string): Promise<unknown> {
  const until = Date.now() + WAIT_FOR_OTHER_MS;
  while (Date.now() < until) {
    const kept = read(file, compiler, inputHash);
    if (kept !== undefined) return kept;
    if (holder(lock) === "gone") return read(file, compiler, inputHash);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}

/**
 * Runs `compile` for `input` unless `dir` holds the output of the same `compiler` (solcJsIdentity)
 * for the same input, which it then returns. While one process compiles an input, another about to
 * compile the same one waits for its output instead (the host projects of a CI run, parallel jobs
 * sharing a folder). An output without errors is kept (written whole or not at all, so a process
 * killed midway leaves no torn entry); a cache that cannot be read or written never fails the
 * compile, it only compiles.
 */
export async function withSolcOutputCache<Output>(
  dir: string | undefined,
  compiler: string,
  input: unknown,
  compile: () => Promise<Output>,
  env: NodeJS.ProcessEnv = process.env
): Promise<Output> {
  if (dir === undefined) return compile();
  const inputHash = solcInputKey(input);
  const file = path.join(dir, `${sha256(`${compiler}\0${inputHash}`)}.json`);
  const kept = read(file, compiler, inputHash);
  if (kept !== undefined) return kept as Output;
  const lock = `${file}.lock`;
  let locked = takeLock(lock);
  if (!locked) {
    const theirs = await otherCompile(file, lock, compiler, inputHash);
    if (theirs !== undefined) return theirs as Output;
    locked = takeLock(lock);
  }
  try {
    const output = await compile();
    if (!hasErrors(output)) keep(dir, file, { format: ENTRY_FORMAT, compiler, input: inputHash, output }, env);
    return output;
  } finally {
    if (locked) release(lock);
  }
}

function keep(dir: string, file: string, entry: Entry, env: NodeJS.ProcessEnv): void {
  try {
    writeFileAtomic(file, JSON.stringify(entry));
    pruneSolcOutputCache(dir, maxBytes(env));
  } catch {
    // a full disk or a read-only folder: the compile stands, uncached
  }
}

function release(lock: string): void {
  try {
    if (fs.readFileSync(lock, "utf8") === String(process.pid)) fs.rmSync(lock, { force: true });
  } catch {
    // already gone
  }
}

/** What solc's version() gives, reduced to the long version: 0.8.24+commit.e11b9ed9. */
const LONG_VERSION = /^\d+\.\d+\.\d+\+commit\.[0-9a-f]+$/;

const longVersionFile = (dir: string, compiler: string) => path.join(dir, `${sha256(`${compiler}\0long version`)}.long-version`);

/**
 * A solcjs compiler's long version kept in `dir` under its identity (solcJsIdentity), like an output,
 * or undefined. Asking the compiler loads all of soljson (0.2 to 0.5 s of processor time), and both
 * majors ask in runs that compile nothing: Hardhat 3 in every build, to name it, and Hardhat 2 to
 * write the build info of a compile whose output was kept (an explorer plugin's rebuild before it
 * verifies). A folder that cannot be read only costs the asking.
 */
export function keptLongVersion(dir: string | undefined, compiler: string): string | undefined {
  if (dir === undefined) return undefined;
  try {
    const kept = fs.readFileSync(longVersionFile(dir, compiler), "utf8");
    return LONG_VERSION.test(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps what the compiler answered (written whole or not at all), when it is a long version. */
export function keepLongVersion(dir: string | undefined, compiler: string, longVersion: string): void {
  if (dir === undefined || !LONG_VERSION.test(longVersion)) return;
  try {
    writeFileAtomic(longVersionFile(dir, compiler), longVersion);
  } catch {
    // a full disk or a read-only folder: the answer stands, unkept
  }
}
