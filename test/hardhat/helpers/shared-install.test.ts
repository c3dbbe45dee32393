// The lock files' installs that every checkout on the machine shares (sharedInstall, hosts.ts): made
// once, renamed into place whole, reused without npm, and removed once unused for three days.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { INSTALLED, UNUSED_MS, sharedInstall } from "./hosts";

describe("sharedInstall: a lock file's install shared by every checkout on the machine", function () {
  let root: string;
  let fixture: string;
  const install = (id = "tiny") => sharedInstall({ fixture, id, key: "0123456789ab", command: ["ci"], root });
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shared-install-"));
    fixture = fs.mkdtempSync(path.join(os.tmpdir(), "shared-install-fixture-"));
    // A project with no dependencies: `npm ci` makes its node_modules from the lock alone.
    const manifest = { name: "tiny", version: "1.0.0", private: true };
    fs.writeFileSync(path.join(fixture, "package.json"), JSON.stringify(manifest));
    fs.writeFileSync(path.join(fixture, "package-lock.json"), JSON.stringify({ ...manifest, lockfileVersion: 3, requires: true, packages: { "": manifest } }));
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(fixture, { recursive: true, force: true });
  });

  it("installs once, whole (the marker last), and a later call reuses that folder without npm, marking it used", async () => {
    const first = await install();
    expect(fs.readFileSync(path.join(first, "node_modules", INSTALLED), "utf8")).to.equal("0123456789ab");
    expect(fs.readFileSync(path.join(first, "package-lock.json"), "utf8")).to.equal(fs.readFileSync(path.join(fixture, "package-lock.json"), "utf8"));
    fs.writeFileSync(path.join(first, "node_modules", "left-by-the-first"), "");
    fs.utimesSync(path.join(first, "node_modules", INSTALLED), daysAgo(1), daysAgo(1));
    const second = await install();
    expect(second).to.equal(first);
    expect(fs.existsSync(path.join(second, "node_modules", "left-by-the-first")), "installed again").to.equal(true);
    expect(Date.now() - fs.statSync(path.join(second, "node_modules", INSTALLED)).mtimeMs).to.be.lessThan(60_000);
    expect(fs.readdirSync(root)).to.deep.equal([path.basename(first)]);
  });

  it("two installs at once: both get the one that was renamed into place first, and no staging folder stays", async () => {
    const [a, b] = await Promise.all([install(), install()]);
    expect(a).to.equal(b);
    expect(fs.existsSync(path.join(a, "node_modules", INSTALLED))).to.equal(true);
    expect(fs.readdirSync(root)).to.deep.equal([path.basename(a)]);
  });

  it("removes the project's installs of other lock files unused for three days, and stale staging folders, and keeps the rest", async () => {
    const made = (name: string, usedAt: Date | undefined) => {
      const folder = path.join(root, name);
      fs.mkdirSync(path.join(folder, "node_modules"), { recursive: true });
      if (usedAt !== undefined) {
        fs.writeFileSync(path.join(folder, "node_modules", INSTALLED), "x");
        fs.utimesSync(path.join(folder, "node_modules", INSTALLED), usedAt, usedAt);
      } else fs.utimesSync(folder, daysAgo(4), daysAgo(4));
      return name;
    };
    expect(UNUSED_MS).to.equal(3 * 24 * 60 * 60 * 1000);
    const old = made("tiny-lockaaaaaaaaaaaa-node11111111", daysAgo(4));
    const recent = made("tiny-lockbbbbbbbbbbbb-node11111111", daysAgo(2));
    const staging = made("tiny-lockcccccccccccc-node11111111.staging-1234-abcd", undefined);
    const otherProject = made("other-lockdddddddddddd-node11111111", daysAgo(9));
    const mine = path.basename(await install());
    expect(fs.readdirSync(root).sort()).to.deep.equal([mine, otherProject, recent].sort());
    expect([old, staging].filter((name) => fs.existsSync(path.join(root, name)))).to.deep.equal([]);
  });

  it("a failed npm leaves nothing behind and says why", async () => {
    fs.writeFileSync(path.join(fixture, "package-lock.json"), "{ not a lock");
    let error: Error | undefined;
    await install().catch((caught: Error) => (error = caught));
    expect(error?.message).to.match(/npm ci in .*staging-.* failed/);
    expect(fs.readdirSync(root)).to.deep.equal([]);
  });
});
