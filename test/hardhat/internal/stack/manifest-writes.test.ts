// The upgrades plugin's network file, written atomically (internal/stack/manifest-writes.ts): each
// write replaces the file (a new inode) instead of truncating it and writing in place, the content is
// what upgrades-core writes, and a process killed at any moment of a stream of writes leaves a whole
// file. Each case runs in a Node.js of its own, whose upgrades-core nothing has patched yet.
import { expect } from "chai";
import { spawn } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { REPO_ROOT } from "../../helpers/environment";
import { childEnv, scriptArgs, scriptResult } from "../../../support/processes";

/** Runs `body` (JavaScript, with `Manifest`, `patch()` and `write(data)` defined) in a fresh Node.js in `dir`; resolves with its last stdout line, parsed. */
const prelude = (dir: string) => `
const { Manifest } = require("@openzeppelin/upgrades-core");
const { writeManifestsAtomically } = require(${JSON.stringify(path.join(REPO_ROOT, "src/hardhat/internal/stack/manifest-writes"))});
process.chdir(${JSON.stringify(dir)});
const manifest = new Manifest(56);
const patch = () => writeManifestsAtomically(${JSON.stringify(REPO_ROOT)});
const write = (data) => manifest.lockedRun(async () => manifest.write(data));
const base = { manifestVersion: "3.2", impls: {}, proxies: [] };
const ino = () => require("fs").statSync(manifest.file).ino;
`;

describe("the upgrades plugin's network file, written atomically", function () {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-manifest-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("replaces the file on each write, with the content upgrades-core writes; upgrades-core alone writes in place", async () => {
    const script = `${prelude(dir)}
(async () => {
  await write(base);
  const first = ino();
  await write({ ...base, admin: { address: "0x1", txHash: "0x2" } });
  const inPlace = ino() === first;
  const patched = patch();
  const writeFile = Manifest.prototype.writeFile;
  const again = patch();
  const proxy = { address: "0x00000000000000000000000000000000000000aa", txHash: "0x3", kind: "transparent" };
  const before = ino();
  await manifest.addProxy(proxy);
  const replaced = ino() !== before;
  const read = await manifest.read();
  const files = require("fs").readdirSync(".openzeppelin");
  console.log(JSON.stringify({ file: manifest.file, inPlace, patched, again, sameMethod: writeFile === Manifest.prototype.writeFile, replaced, proxies: read.proxies, admin: read.admin, files }));
})().catch((error) => { console.error(error); process.exit(1); });
`;
    const seen = await scriptResult<{
      file: string;
      inPlace: boolean;
      patched: boolean;
      again: boolean;
      sameMethod: boolean;
      replaced: boolean;
      proxies: unknown[];
      admin: unknown;
      files: string[];
    }>(script, REPO_ROOT);
    expect(seen.file).to.equal(path.join(".openzeppelin", "bsc.json"));
    expect(seen.inPlace, "upgrades-core's own write keeps the inode (truncate, then write)").to.equal(true);
    expect([seen.patched, seen.again, seen.sameMethod], "patched once").to.deep.equal([true, true, true]);
    expect(seen.replaced, "the patched write renames a new file over the old").to.equal(true);
    expect(seen.proxies).to.deep.equal([{ address: "0x00000000000000000000000000000000000000aa", txHash: "0x3", kind: "transparent" }]);
    expect(seen.admin).to.deep.equal({ address: "0x1", txHash: "0x2" });
    expect(
      seen.files.filter((name: string) => name.endsWith(".json")),
      "no temporary file left"
    ).to.deep.equal(["bsc.json"]);
  });

  it("never shows a reader an empty or torn file while a process writes it again and again, nor after that process is killed", async () => {
    // upgrades-core alone: a reader polling beside 300 writes of this file saw a torn or empty file in
    // 4,928 of 6,010 reads (truncate, then write); a run killed in that window leaves it so.
    const script = `${prelude(dir)}
patch();
(async () => {
  const impls = {};
  for (let i = 0; i < 400; i++) impls["k" + i] = { address: "0x" + String(i).padStart(40, "0"), txHash: "0x", layout: { storage: [], types: {}, pad: "x".repeat(2000) } };
  for (let n = 0; ; n++) {
    await write({ ...base, impls });
    if (n === 0) process.stdout.write("written\\n");
  }
})();
`;
    const file = path.join(dir, ".openzeppelin", "bsc.json");
    const child = spawn(process.execPath, scriptArgs(script), {
      cwd: REPO_ROOT,
      env: childEnv(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.once("data", () => resolve());
      child.once("exit", (code) => reject(new Error(`the writer exited (${code})`)));
    });
    let reads = 0;
    const torn: number[] = [];
    while (reads < 3000) {
      for (let i = 0; i < 100; i++, reads++) {
        const text = fs.readFileSync(file, "utf8");
        try {
          JSON.parse(text);
        } catch {
          torn.push(text.length);
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    child.kill("SIGKILL");
    await exited;
    expect(torn, "the lengths of the torn files a reader saw").to.deep.equal([]);
    expect(Object.keys(JSON.parse(fs.readFileSync(file, "utf8")).impls)).to.have.length(400);
  });
});
