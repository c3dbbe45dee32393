// unfinishedCreateXSend: when a --deterministic deploy finds its proxy already there, whether the
// addresses file's send journal shows an earlier run of this deployment that sent CreateX's call and
// never finished (killed before it saved the address), so that the rerun records the proxy instead
// of refusing. Each case changes one thing of a journal that qualifies.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { CREATEX_ADDRESS } from "../../../../src/hardhat/internal/chains/createx";
import type { JournalRun } from "../../../../src/hardhat/internal/rpc/journal";
import { unfinishedCreateXSend } from "../../../../src/hardhat/internal/tasks/deterministic";

const DEPLOYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const CHAIN = 8453;

function run(change: Partial<JournalRun> = {}, tx: Record<string, unknown> = {}): JournalRun {
  return {
    id: "2026-11-24T09:00:00.000Z#abcdef",
    task: "deploy-multiaccount",
    network: "base",
    chainId: CHAIN,
    started: "2026-11-24T09:00:00.000Z",
    status: "running",
    transactions: [
      { from: DEPLOYER.toLowerCase(), nonce: 3, to: CREATEX_ADDRESS.toLowerCase(), dataDigest: "00", value: "0", signer: "local", state: "sent", ...tx },
    ],
    ...change,
  };
}

describe("unfinishedCreateXSend: an earlier run of this deployment sent CreateX's call and did not finish", () => {
  let dir: string;
  const journal = (...runs: JournalRun[]) => {
    const file = path.join(dir, "addresses.journal.json");
    fs.writeFileSync(file, JSON.stringify({ version: 1, runs }));
    return file;
  };

  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-adopt-"))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a running run (killed) that sent it: yes", () => expect(unfinishedCreateXSend(journal(run()), DEPLOYER, CHAIN)).to.equal(true));
  it("a failed run whose send may have gone: yes", () =>
    expect(unfinishedCreateXSend(journal(run({ status: "failed" }, { state: "maybe-sent" })), DEPLOYER, CHAIN)).to.equal(true));
  it("a completed run: no", () => expect(unfinishedCreateXSend(journal(run({ status: "completed" })), DEPLOYER, CHAIN)).to.equal(false));
  it("a run settled by a later one: no", () => expect(unfinishedCreateXSend(journal(run({ settledBy: "later" })), DEPLOYER, CHAIN)).to.equal(false));
  it("another chain's run: no", () => expect(unfinishedCreateXSend(journal(run({ chainId: 56 })), DEPLOYER, CHAIN)).to.equal(false));
  it("an upgrade's run: no", () => expect(unfinishedCreateXSend(journal(run({ task: "upgrade-multiaccount" })), DEPLOYER, CHAIN)).to.equal(false));
  it("a call to another address: no", () =>
    expect(unfinishedCreateXSend(journal(run({}, { to: "0x000000000000000000000000000000000000dEaD" })), DEPLOYER, CHAIN)).to.equal(false));
  it("another sender: no", () =>
    expect(unfinishedCreateXSend(journal(run({}, { from: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" })), DEPLOYER, CHAIN)).to.equal(false));
  it("a send the node refused: no", () => expect(unfinishedCreateXSend(journal(run({}, { state: "rejected" })), DEPLOYER, CHAIN)).to.equal(false));
  it("a send only written down: no", () => expect(unfinishedCreateXSend(journal(run({}, { state: "signed" })), DEPLOYER, CHAIN)).to.equal(false));
  it("no journal: no", () => expect(unfinishedCreateXSend(path.join(dir, "none.json"), DEPLOYER, CHAIN)).to.equal(false));
  it("a journal that is not JSON: no (the run's own journal check reports it)", () => {
    const file = path.join(dir, "broken.journal.json");
    fs.writeFileSync(file, "{");
    expect(unfinishedCreateXSend(file, DEPLOYER, CHAIN)).to.equal(false);
  });
});
