// The send journal on its own, over a temporary directory: where it lives, that every change is on
// disk at once, which earlier transactions a later run of the same task is offered, reuse, how a
// completed run settles the runs before it, unreadable journals left untouched, the in-memory journal,
// and how many runs the file keeps.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { AddressesFileError } from "../../../../src/hardhat/errors";
import { Journal, dataDigest, journalPathFor, type JournalRun, type JournalEntry } from "../../../../src/hardhat/internal/rpc/journal";

const FROM = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const FROM_CHECKSUM = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const DATA = "0xABCDEF0123";
const RUN = { task: "deploy-multiaccount", network: "bsc", chainId: 56 };

function entry(change: Partial<JournalEntry> = {}): JournalEntry {
  return {
    hash: "0x" + "11".repeat(32),
    from: FROM,
    nonce: 7,
    to: TO,
    dataDigest: dataDigest(DATA),
    value: "0",
    signer: "local",
    state: "sent",
    raw: "0x02f8",
    ...change,
  };
}

/** The same transaction as the one `entry()` writes down, as a later run asks for it. */
const SHAPE = { from: FROM, to: TO, data: DATA, value: 0n };

interface FileShape {
  version: number;
  runs: JournalRun[];
}

describe("rpc journal", () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-journal-"));
    file = path.join(dir, "addresses.journal.json");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const onDisk = (): FileShape => JSON.parse(fs.readFileSync(file, "utf8")) as FileShape;

  describe("journalPathFor and dataDigest", () => {
    it("puts the journal beside the addresses file, replacing .json", () => {
      expect(journalPathFor("/x/output/addresses.json")).to.equal("/x/output/addresses.journal.json");
    });

    it("appends .journal.json to a file without a .json extension", () => {
      expect(journalPathFor("/x/output/addresses")).to.equal("/x/output/addresses.journal.json");
      expect(journalPathFor("/x/output/addresses.yaml")).to.equal("/x/output/addresses.yaml.journal.json");
    });

    it("digests calldata regardless of case, and different data differently", () => {
      expect(dataDigest("0xABCDEF")).to.equal(dataDigest("0xabcdef"));
      expect(dataDigest("0xabcdef")).to.match(/^[0-9a-f]{64}$/);
      expect(dataDigest("0xabcdef")).to.not.equal(dataDigest("0xabcdee"));
    });
  });

  describe("writing", () => {
    it("add() writes the transaction to disk at once", () => {
      const journal = new Journal(file, RUN);
      expect(fs.existsSync(file)).to.equal(false);
      journal.add(entry({ state: "signed" }));
      const saved = onDisk();
      expect(saved.version).to.equal(1);
      expect(saved.runs).to.have.length(1);
      expect(saved.runs[0]).to.include({ id: journal.run.id, task: RUN.task, network: "bsc", chainId: 56, status: "running" });
      expect(saved.runs[0].transactions).to.deep.equal([entry({ state: "signed" })]);
    });

    it("update() rewrites the file with the change", () => {
      const journal = new Journal(file, RUN);
      const live = journal.add(entry({ state: "signed" }));
      journal.update(live, { state: "maybe-sent" });
      expect(onDisk().runs[0].transactions[0].state).to.equal("maybe-sent");
      journal.update(live, { state: "sent", hash: "0x" + "22".repeat(32) });
      expect(onDisk().runs[0].transactions[0]).to.include({ state: "sent", hash: "0x" + "22".repeat(32) });
    });

    it("a new run keeps the earlier runs in the file", () => {
      const first = new Journal(file, RUN);
      first.add(entry());
      first.finish("failed");
      const second = new Journal(file, RUN);
      second.add(entry({ nonce: 8 }));
      expect(onDisk().runs.map((run) => run.id)).to.deep.equal([first.run.id, second.run.id]);
    });

    it("leaves no temporary file beside the journal", () => {
      const journal = new Journal(file, RUN);
      journal.add(entry());
      journal.finish("completed");
      expect(fs.readdirSync(dir)).to.deep.equal(["addresses.journal.json"]);
    });
  });

  describe("candidates", () => {
    function firstRun(transactions: Partial<JournalEntry>[], finish?: "completed" | "failed", run = RUN): Journal {
      const journal = new Journal(file, run);
      for (const change of transactions) journal.add(entry(change));
      if (finish !== undefined) journal.finish(finish);
      return journal;
    }

    it("offers a transaction of an unfinished earlier run when from, to, data and value match", () => {
      const first = firstRun([{}]);
      const found = new Journal(file, RUN).candidates(SHAPE);
      expect(found).to.have.length(1);
      expect(found[0].run.id).to.equal(first.run.id);
      expect(found[0].transaction).to.deep.include({ from: FROM, nonce: 7, to: TO, state: "sent" });
    });

    it("offers it from a failed earlier run too", () => {
      firstRun([{}], "failed");
      expect(new Journal(file, RUN).candidates(SHAPE)).to.have.length(1);
    });

    it("matches from and to regardless of case, and data regardless of case", () => {
      firstRun([{}]);
      const found = new Journal(file, RUN).candidates({ from: FROM_CHECKSUM, to: TO.toUpperCase().replace("0X", "0x"), data: DATA.toLowerCase(), value: 0n });
      expect(found).to.have.length(1);
    });

    it("matches a contract creation (to null) only with to null", () => {
      firstRun([{ to: null }]);
      const later = new Journal(file, RUN);
      expect(later.candidates({ ...SHAPE, to: null })).to.have.length(1);
      expect(later.candidates(SHAPE)).to.have.length(0);
    });

    it("offers nothing when from, to, data or value differ", () => {
      firstRun([{ value: "1000" }]);
      const later = new Journal(file, RUN);
      expect(later.candidates({ ...SHAPE, value: 1000n }), "the same").to.have.length(1);
      expect(later.candidates({ ...SHAPE, value: 999n }), "value").to.have.length(0);
      expect(later.candidates({ ...SHAPE, value: 1000n, from: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" }), "from").to.have.length(0);
      expect(later.candidates({ ...SHAPE, value: 1000n, to: "0x0000000000000000000000000000000000000001" }), "to").to.have.length(0);
      expect(later.candidates({ ...SHAPE, value: 1000n, data: "0xabcdef0124" }), "data").to.have.length(0);
    });

    it("offers nothing from a completed run", () => {
      firstRun([{}], "completed");
      expect(new Journal(file, RUN).candidates(SHAPE)).to.have.length(0);
    });

    it("offers nothing from a run of another task or another chain", () => {
      firstRun([{}], undefined, { ...RUN, task: "upgrade-multiaccount" });
      firstRun([{}], undefined, { ...RUN, chainId: 8453, network: "base" });
      expect(new Journal(file, RUN).candidates(SHAPE)).to.have.length(0);
      expect(new Journal(file, { ...RUN, chainId: 8453, network: "base" }).candidates(SHAPE)).to.have.length(1);
    });

    it("offers neither a rejected transaction nor a reused one (a later run's note of an earlier one)", () => {
      firstRun([{ state: "rejected" }, { state: "reused" }]);
      expect(new Journal(file, RUN).candidates(SHAPE)).to.have.length(0);
    });

    it("offers signed and maybe-sent transactions (they may have reached the node)", () => {
      firstRun([{ state: "signed" }, { state: "maybe-sent", nonce: 8 }]);
      expect(new Journal(file, RUN).candidates(SHAPE).map((found) => found.transaction.state)).to.deep.equal(["signed", "maybe-sent"]);
    });

    // A run is never offered its own transactions: a second, identical send of the same run (the same
    // call made twice on purpose) must be sent, not answered with the first one's hash.
    it("does not offer the run's own transactions", () => {
      const journal = firstRun([{}]);
      expect(journal.candidates(SHAPE)).to.have.length(0);
    });
  });

  describe("reuse", () => {
    it("marks the earlier transaction reusedBy and notes a reused entry in this run", () => {
      const first = new Journal(file, RUN);
      first.add(entry());
      const second = new Journal(file, RUN);
      const [candidate] = second.candidates(SHAPE);
      const hash = "0x" + "33".repeat(32);
      const noted = second.reuse(candidate, hash);
      expect(noted).to.include({ state: "reused", reusedFrom: first.run.id, hash });
      expect(noted.raw).to.equal(undefined);
      expect(noted.reusedBy).to.equal(undefined);

      const saved = onDisk();
      const earlier = saved.runs.find((run) => run.id === first.run.id)!;
      const later = saved.runs.find((run) => run.id === second.run.id)!;
      expect(earlier.transactions[0].reusedBy).to.equal(second.run.id);
      expect(later.transactions).to.have.length(1);
      expect(later.transactions[0]).to.include({ state: "reused", reusedFrom: first.run.id, hash, from: FROM, to: TO, nonce: 7 });
      expect(later.transactions[0]).to.not.have.property("raw");
      expect(later.transactions[0]).to.not.have.property("reusedBy");
    });

    it("the reusing run is not offered it again; a third run is, while the reusing run did not complete", () => {
      const first = new Journal(file, RUN);
      first.add(entry());
      const second = new Journal(file, RUN);
      second.reuse(second.candidates(SHAPE)[0], "0x" + "33".repeat(32));
      expect(second.candidates(SHAPE), "the reusing run").to.have.length(0);
      // The second run stopped before it completed: what it reused is not part of a deployment yet.
      const third = new Journal(file, RUN);
      expect(
        third.candidates(SHAPE).map((found) => found.run.id),
        "a third run"
      ).to.deep.equal([first.run.id]);
      third.reuse(third.candidates(SHAPE)[0], "0x" + "33".repeat(32));
      third.finish("completed");
      expect(new Journal(file, RUN).candidates(SHAPE), "after a run completed").to.have.length(0);
    });
  });

  describe("finish", () => {
    it('"completed" settles earlier unfinished runs of the same task and chain, and drops its signed bytes', () => {
      const failed = new Journal(file, RUN);
      failed.add(entry());
      failed.finish("failed");
      const otherTask = new Journal(file, { ...RUN, task: "upgrade-multiaccount" });
      otherTask.add(entry());
      const otherChain = new Journal(file, { ...RUN, chainId: 8453, network: "base" });
      otherChain.add(entry());

      const done = new Journal(file, RUN);
      done.add(entry({ nonce: 9, raw: "0x02f9" }));
      done.finish("completed");

      const runs = new Map(onDisk().runs.map((run) => [run.id, run]));
      expect(runs.get(failed.run.id)!.settledBy).to.equal(done.run.id);
      expect(runs.get(otherTask.run.id)!.settledBy).to.equal(undefined);
      expect(runs.get(otherChain.run.id)!.settledBy).to.equal(undefined);
      expect(runs.get(done.run.id)!.status).to.equal("completed");
      expect(runs.get(done.run.id)!.transactions[0]).to.not.have.property("raw");
      expect(runs.get(failed.run.id)!.transactions[0].raw, "an earlier run's bytes are its own").to.equal("0x02f8");
      expect(new Journal(file, RUN).candidates(SHAPE), "a settled run offers nothing").to.have.length(0);
    });

    it('"completed" does not mark earlier completed runs as settled', () => {
      const earlier = new Journal(file, RUN);
      earlier.finish("completed");
      const later = new Journal(file, RUN);
      later.finish("completed");
      const run = onDisk().runs.find((r) => r.id === earlier.run.id)!;
      expect(run.settledBy).to.equal(undefined);
    });

    it('"failed" keeps the run open, its signed bytes kept', () => {
      const journal = new Journal(file, RUN);
      journal.add(entry());
      journal.finish("failed");
      const saved = onDisk().runs[0];
      expect(saved.status).to.equal("failed");
      expect(saved.settledBy).to.equal(undefined);
      expect(saved.transactions[0].raw).to.equal("0x02f8");
      expect(new Journal(file, RUN).candidates(SHAPE)).to.have.length(1);
    });
  });

  describe("a journal that cannot be read", () => {
    it("refuses a corrupt file, naming it, and leaves its bytes as they were", () => {
      const bytes = '{ "runs": ';
      fs.writeFileSync(file, bytes);
      let error: unknown;
      try {
        new Journal(file, RUN);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(AddressesFileError);
      expect((error as Error).message)
        .to.include(file)
        .and.to.include("not valid JSON");
      expect(fs.readFileSync(file, "utf8")).to.equal(bytes);
      expect(fs.readdirSync(dir)).to.deep.equal(["addresses.journal.json"]);
    });

    it("refuses JSON of another shape, and leaves it as it was", () => {
      const bytes = '{"version":2}';
      fs.writeFileSync(file, bytes);
      expect(() => new Journal(file, RUN))
        .to.throw(AddressesFileError, /not a send journal/)
        .with.property("message")
        .that.includes(file);
      expect(fs.readFileSync(file, "utf8")).to.equal(bytes);
    });

    it("refuses a version 1 file without a runs array", () => {
      fs.writeFileSync(file, '{"version":1,"runs":{}}');
      expect(() => new Journal(file, RUN)).to.throw(AddressesFileError, /not a send journal/);
    });
  });

  describe("in memory", () => {
    it("new Journal(undefined, ...) neither reads nor writes the disk", () => {
      const mutable = fs as unknown as Record<string, unknown>;
      const names = ["existsSync", "readFileSync", "writeFileSync", "openSync", "writeSync", "renameSync", "mkdirSync"];
      const originals = new Map(names.map((name) => [name, mutable[name]]));
      const touched: string[] = [];
      for (const name of names) {
        const original = originals.get(name) as (...args: unknown[]) => unknown;
        mutable[name] = (...args: unknown[]) => {
          touched.push(name);
          return original(...args);
        };
      }
      let journal: Journal;
      try {
        journal = new Journal(undefined, RUN);
        const live = journal.add(entry());
        journal.update(live, { state: "maybe-sent" });
        journal.finish("completed");
      } finally {
        for (const [name, original] of originals) mutable[name] = original;
      }
      expect(touched).to.deep.equal([]);
      expect(journal.file).to.equal(undefined);
      expect(journal.run.status).to.equal("completed");
      expect(journal.run.transactions).to.have.length(1);
      expect(journal.run.transactions[0].state).to.equal("maybe-sent");
      expect(journal.run.transactions[0]).to.not.have.property("raw");
    });
  });

  describe("how many runs are kept", () => {
    function storedRun(index: number, status: JournalRun["status"], task = RUN.task): JournalRun {
      return {
        id: `run-${index}`,
        task,
        network: "bsc",
        chainId: 56,
        started: new Date(Date.UTC(2024, 0, 1, 0, index)).toISOString(),
        status,
        transactions: [],
      };
    }

    it("beyond 50 runs, drops the oldest completed ones but keeps an old unfinished one", () => {
      const runs = [storedRun(0, "failed", "upgrade-multiaccount"), ...Array.from({ length: 59 }, (_, i) => storedRun(i + 1, "completed"))];
      fs.writeFileSync(file, JSON.stringify({ version: 1, runs }));
      const journal = new Journal(file, RUN);
      journal.add(entry());
      const ids = onDisk().runs.map((run) => run.id);
      // 61 runs in all: the 50 newest positions are kept, and the unfinished run 0 besides.
      expect(ids[0]).to.equal("run-0");
      expect(ids).to.not.include("run-1");
      expect(ids).to.not.include("run-10");
      expect(ids).to.include("run-11");
      expect(ids).to.include("run-59");
      expect(ids[ids.length - 1]).to.equal(journal.run.id);
      expect(ids).to.have.length(51);
    });

    // A failed (or crashed) run that a later completed run settled can no longer be offered, so it is
    // dropped beyond 50 runs like a completed one; otherwise the journal grows on a flaky endpoint.
    it("beyond 50 runs, drops old failed runs that a later run settled", () => {
      const runs = [{ ...storedRun(0, "failed"), settledBy: "run-1" }, ...Array.from({ length: 59 }, (_, i) => storedRun(i + 1, "completed"))];
      fs.writeFileSync(file, JSON.stringify({ version: 1, runs }));
      new Journal(file, RUN).add(entry());
      expect(onDisk().runs.map((run) => run.id)).to.not.include("run-0");
    });

    it("keeps every run while there are 50 or fewer", () => {
      const runs = Array.from({ length: 49 }, (_, i) => storedRun(i, "completed"));
      fs.writeFileSync(file, JSON.stringify({ version: 1, runs }));
      new Journal(file, RUN).add(entry());
      expect(onDisk().runs).to.have.length(50);
    });
  });
});
