import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { CHECKOUT, claimSpace } from "./machine-space";

const HOUR = 60 * 60 * 1000;

describe("claimSpace: installs kept between runs do not fill the disk", () => {
  let work: string;
  let roots: string;

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "machine-space-"));
    roots = fs.mkdtempSync(path.join(os.tmpdir(), "machine-space-roots-"));
  });
  afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(roots, { recursive: true, force: true });
  });

  /** A checkout `hash` last used `hoursAgo`, with its install folders; its root exists unless `gone`. */
  function checkout(hash: string, hoursAgo: number, gone = false): void {
    const root = path.join(roots, hash);
    if (!gone) {
      fs.mkdirSync(root);
      fs.writeFileSync(path.join(root, "package.json"), "{}");
    }
    fs.mkdirSync(path.join(work, ".checkouts-used"), { recursive: true });
    const record = path.join(work, ".checkouts-used", hash);
    fs.writeFileSync(record, root);
    const at = new Date(Date.now() - hoursAgo * HOUR);
    fs.utimesSync(record, at, at);
    for (const folder of [`ethers5-${hash}-lockabcdefabcdef`, `ethers5-${hash}-lockabcdefabcdef-faults`, `stack-a-${hash}.cache`])
      fs.mkdirSync(path.join(work, folder, "node_modules"), { recursive: true });
    fs.mkdirSync(path.join(work, ".checkouts"), { recursive: true });
    fs.writeFileSync(path.join(work, ".checkouts", `ethers5-${hash}`), `ethers5-${hash}-lockabcdefabcdef`);
  }

  const left = (): string[] =>
    fs
      .readdirSync(work)
      .filter((entry) => !entry.startsWith("."))
      .sort();
  const owners = (): string[] => [...new Set(left().map((entry) => entry.split(/[-.]/).find((part) => /^[0-9a-f]{12}$/.test(part)) ?? entry))].sort();

  it("removes the folders of a checkout that is gone from the disk, and its records", () => {
    checkout("aaaaaaaaaaaa", 0.1, true);
    checkout("bbbbbbbbbbbb", 0.1);
    claimSpace(work);
    expect(owners()).to.deep.equal(["bbbbbbbbbbbb"]);
    expect(fs.readdirSync(path.join(work, ".checkouts-used")).sort()).to.deep.equal(["bbbbbbbbbbbb", CHECKOUT].sort());
    expect(fs.readdirSync(path.join(work, ".checkouts"))).to.deep.equal(["ethers5-bbbbbbbbbbbb"]);
  });

  it("keeps the two most recently used other checkouts and any used in the last two hours, and drops older ones", () => {
    checkout("111111111111", 1);
    checkout("222222222222", 30);
    checkout("333333333333", 40);
    checkout("444444444444", 50);
    checkout("555555555555", 60);
    claimSpace(work);
    // This checkout ranks first (used now); then 1 h and 30 h ago are the two kept by rank.
    expect(owners()).to.deep.equal(["111111111111", "222222222222"]);
  });

  it("keeps shared folders that name no checkout (a downloaded Node.js) and removes folders of unknown checkouts", () => {
    fs.mkdirSync(path.join(work, "node-22.23.3", "node_modules"), { recursive: true });
    fs.mkdirSync(path.join(work, "ethers5-7fb906aedfa3", "node_modules"), { recursive: true });
    fs.mkdirSync(path.join(work, `ethers5-${CHECKOUT}-lockabcdefabcdef`, "node_modules"), { recursive: true });
    claimSpace(work);
    expect(left()).to.deep.equal([`ethers5-${CHECKOUT}-lockabcdefabcdef`, "node-22.23.3"].sort());
  });
});
