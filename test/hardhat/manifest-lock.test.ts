// A manifest lock left by a killed run: the upgrades call is made again while it sent nothing, up to
// the bound; a call that sent something, or a lock that stays held, stops with a message that says so.
import { expect } from "chai";
import { MultiAccountKitError } from "../../src/hardhat/errors";
import { MANIFEST_LOCK_WAIT_MS, whileManifestLocked } from "../../src/hardhat/internal/manifest-lock";
import type { JournalTransaction } from "../../src/hardhat/internal/rpc/journal";

const LOCKED = "/project/.openzeppelin/chain-31337";
const LOCK = `${LOCKED}.lock`;
const held = () => Object.assign(new Error("Lock file is already being held"), { code: "ELOCKED", file: LOCKED });

function harness() {
  let clock = 0;
  const warnings: string[] = [];
  const sent: JournalTransaction[] = [];
  return {
    warnings,
    sent,
    context: { log: { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined }, sent: () => sent },
    effects: { now: () => clock, sleep: async (ms: number) => void (clock += ms) },
    elapsed: () => clock,
  };
}

describe("the upgrades plugin's manifest lock", () => {
  it("held by a stopped run: waits, calls again, and goes on; one warning naming the lock", async () => {
    const h = harness();
    let calls = 0;
    const result = await whileManifestLocked(
      "deploying",
      async () => {
        calls += 1;
        if (calls < 4) throw held();
        return "0xproxy";
      },
      h.context,
      h.effects
    );
    expect(result).to.equal("0xproxy");
    expect(calls).to.equal(4);
    expect(h.warnings).to.have.length(1);
    expect(h.warnings[0]).to.include(`manifest lock ${LOCK} is held (deploying): waiting for it`);
  });

  it("still held after the bound: stops with a message that names the lock and what to do", async () => {
    const h = harness();
    let calls = 0;
    const failure = await whileManifestLocked(
      "upgrading",
      async () => {
        calls += 1;
        throw held();
      },
      h.context,
      h.effects
    ).catch((error: Error) => error);
    expect(failure).to.be.instanceOf(MultiAccountKitError);
    expect(failure.message).to.match(new RegExp(`manifest lock ${LOCK} is held by another run \\(upgrading; waited \\d+ s\\)\\. Let that run finish`));
    expect(h.elapsed()).to.be.at.most(MANIFEST_LOCK_WAIT_MS);
    expect(calls).to.be.greaterThan(1);
  });

  it("a call that sent a transaction before it met the lock is not called again", async () => {
    const h = harness();
    let calls = 0;
    const failure = await whileManifestLocked(
      "deploying",
      async () => {
        calls += 1;
        h.sent.push({ state: "sent" } as JournalTransaction);
        throw held();
      },
      h.context,
      h.effects
    ).catch((error: Error) => error);
    expect(calls).to.equal(1);
    expect(failure.message).to.include("is held by another run (deploying; waited 0 s)");
  });

  it("any other error passes through untouched, with no wait", async () => {
    const h = harness();
    const original = new Error("insufficient funds");
    const failure = await whileManifestLocked("deploying", () => Promise.reject(original), h.context, h.effects).catch((error: unknown) => error);
    expect(failure).to.equal(original);
    expect(h.elapsed()).to.equal(0);
  });
});
