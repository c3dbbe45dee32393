// Installs kept between runs on this machine (the host projects, the documented installs) live in
// folders of the system's temporary directory, each named with the hash of the checkout that made
// it (`CHECKOUT`): two checkouts must not write over each other's files. Every fresh clone is a new
// checkout, and each leaves a few gigabytes behind; nothing else ever removes them, so a machine
// that runs the suite from many clones fills its disk (a CI run once died in `npm ci` with ENOSPC).
//
// `claimSpace(work)` is called before a run writes in `work`. It records this checkout as used
// now, then removes the folders of every other checkout that is gone from the disk, or that is
// neither among the `KEEP` most recently used nor used in the last `GRACE_MS` (a run of it may be
// going on). A folder whose name carries no checkout hash (a downloaded Node.js, the lock files'
// installs shared by every checkout, the suite's solc output cache) is shared and kept; the shared
// installs remove their own unused ones (test/hardhat/helpers/hosts.ts, sharedInstall).
import { spawn } from "child_process";
import crypto from "crypto";
import fs from "fs";
import path from "path";

const REPO_ROOT = path.resolve(__dirname, "../..");

/** This checkout's hash, in the names of the folders it keeps. */
export const CHECKOUT = crypto.createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 12);

/** Checkouts kept besides this one, most recently used first. */
const KEEP = 2;
/** A checkout used this recently may be running its tests now. */
const GRACE_MS = 2 * 60 * 60 * 1000;
const HASH = /(?:^|[-.])([0-9a-f]{12})(?=$|[-.])/g;
/** The folder of `work` where given-up folders wait for their removal (see discard). */
export const TRASH = ".trash";

interface Checkout {
  hash: string;
  root: string;
  usedAt: number;
}

const claimed = new Set<string>();

/** Records this checkout in `work` and frees the space of the checkouts that no longer need theirs. */
export function claimSpace(work: string): void {
  if (claimed.has(work)) return;
  claimed.add(work);
  const registry = path.join(work, ".checkouts-used");
  fs.mkdirSync(registry, { recursive: true });
  fs.writeFileSync(path.join(registry, CHECKOUT), REPO_ROOT);
  const kept = keptCheckouts(readRegistry(registry), Date.now());
  for (const entry of fs.readdirSync(registry)) if (!kept.has(entry)) fs.rmSync(path.join(registry, entry), { force: true });
  const doomed: string[] = [];
  for (const place of [work, ...subfolders(work)]) {
    for (const entry of fs.readdirSync(place)) {
      const owners = [...entry.matchAll(HASH)].map((match) => match[1]);
      if (owners.length > 0 && !owners.some((owner) => kept.has(owner))) doomed.push(path.join(place, entry));
    }
  }
  discard(work, doomed);
}

/**
 * Removes `paths` without making the run wait: a checkout's installs are a few GB in some 200,000
 * files, which took a synchronous removal 10 to 20 s at the start of the run, before any install
 * could start. Each is renamed into a folder of `work`'s TRASH at once (so that nothing of this run
 * can meet it), then one detached `rm -rf` at the lowest priority removes that folder, and whatever
 * an earlier run's removal left there, while the run goes on. Where a rename fails, the path is
 * removed here and now.
 */
function discard(work: string, paths: string[]): void {
  const trash = path.join(work, TRASH);
  const leftovers = fs.existsSync(trash) ? fs.readdirSync(trash).map((entry) => path.join(trash, entry)) : [];
  if (paths.length === 0 && leftovers.length === 0) return;
  const bin = path.join(trash, `${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  fs.mkdirSync(bin, { recursive: true });
  paths.forEach((from, i) => {
    try {
      fs.renameSync(from, path.join(bin, `${i}-${path.basename(from)}`));
    } catch {
      fs.rmSync(from, { recursive: true, force: true });
    }
  });
  const script = 'nice -n 19 rm -rf -- "$@" 2>/dev/null || rm -rf -- "$@"';
  spawn("sh", ["-c", script, "sh", bin, ...leftovers], { detached: true, stdio: "ignore" }).unref();
}

/** The checkouts whose folders stay: this one, the recent ones, and those still on the disk among the `KEEP` newest. */
export function keptCheckouts(checkouts: Checkout[], now: number): Set<string> {
  const present = checkouts.filter((checkout) => checkout.hash === CHECKOUT || fs.existsSync(path.join(checkout.root, "package.json")));
  const newest = [...present].sort((a, b) => b.usedAt - a.usedAt);
  const kept = newest.filter((checkout, rank) => checkout.hash === CHECKOUT || rank <= KEEP || now - checkout.usedAt < GRACE_MS);
  return new Set(kept.map((checkout) => checkout.hash));
}

function readRegistry(registry: string): Checkout[] {
  return fs.readdirSync(registry).flatMap((hash) => {
    const file = path.join(registry, hash);
    try {
      return [{ hash, root: fs.readFileSync(file, "utf8"), usedAt: fs.statSync(file).mtimeMs }];
    } catch {
      return [];
    }
  });
}

/** Dot-folders of `work` that hold per-checkout records (such as which lock file a checkout installed last). */
function subfolders(work: string): string[] {
  return fs
    .readdirSync(work, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(".") && entry.name !== ".checkouts-used" && entry.name !== TRASH)
    .map((entry) => path.join(work, entry.name));
}
