// The wait for a transaction this run sent, on its own with a clock of the test's: what it prints
// while it waits, and when it gives up (sends.test.ts runs it through a real deployment).
import { expect } from "chai";
import { SentWatch } from "../../../../src/hardhat/internal/rpc/watch";

const HASH = "0x" + "ab".repeat(32);

function watch(totalTimeout: number) {
  let now = 0;
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  const subject = new SentWatch(totalTimeout, "bsc", { now: () => now });
  const poll = (at: number, result: unknown, shows = false) => {
    now = at;
    return subject.polled(
      "eth_getTransactionReceipt",
      [HASH],
      result,
      log,
      async () => shows,
      (hash, why) => new Error(`unknown ${hash}: ${why}`)
    );
  };
  return { subject, lines, poll };
}

describe("rpc: the wait for a sent transaction", () => {
  it("says what it waits for a quarter of totalTimeout apart, then ends the run once the node has shown it nowhere for totalTimeout", async () => {
    const { subject, lines, poll } = watch(4000);
    subject.sent(HASH, "contract creation");
    await poll(500, null);
    expect(lines, "a report before a quarter of totalTimeout").to.deep.equal([]);
    await poll(1000, null);
    await poll(1500, null);
    await poll(2000, null);
    expect(lines).to.deep.equal([
      `  waiting for ${HASH} (contract creation) to show on "bsc": 1.0 s of at most 4.0 s`,
      `  waiting for ${HASH} (contract creation) to show on "bsc": 2.0 s of at most 4.0 s`,
    ]);
    let error: unknown;
    await poll(4000, null).catch((caught: unknown) => (error = caught));
    expect(String(error)).to.equal(
      `Error: unknown ${HASH}: "bsc" shows it neither mined nor pending 4.0 s after it was sent (multiAccount.rpc.totalTimeout is 4000 ms)`
    );
  });

  it("reports at most every 30 s however long totalTimeout is", async () => {
    const { subject, lines, poll } = watch(600_000);
    subject.sent(HASH, "call to 0x00000000000000000000000000000000000000aa");
    for (let at = 5000; at <= 65_000; at += 5000) await poll(at, null);
    expect(lines.map((line) => line.replace(/.*: /, ""))).to.deep.equal(["30.0 s of at most 600.0 s", "60.0 s of at most 600.0 s"]);
  });

  it("waits without end for a transaction the node shows pending, saying so", async () => {
    const { subject, lines, poll } = watch(4000);
    subject.sent(HASH, "contract creation");
    await poll(1000, null, true);
    await poll(60_000, null, true);
    expect(lines).to.deep.equal([
      `  waiting for ${HASH} (contract creation) to be mined on "bsc": pending for 1.0 s`,
      `  waiting for ${HASH} (contract creation) to be mined on "bsc": pending for 60.0 s`,
    ]);
  });

  it("forgets a hash once its receipt is in, and watches none it did not send", async () => {
    const { subject, lines, poll } = watch(4000);
    subject.sent(HASH, "contract creation");
    await poll(1000, { status: "0x1" });
    await poll(9000, null);
    expect(lines).to.deep.equal([]);
  });
});
