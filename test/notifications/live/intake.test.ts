// The message intake on its own: size checks, parsing, batching into one store update, and what an
// account switch (discard) and a disconnect (flush) do with messages not applied yet; binary frames
// that come as a Blob (a browser socket's default), read asynchronously, in the order they arrived.
import { expect } from "chai";
import type { NotificationDetails } from "../../../src/notifications";
import { buildIntakeHandler, parseMessage } from "../../../src/notifications/live/intake";
import { manualTimers } from "../../support/manual-timers";
import { until } from "../../support/wait";
import { recordingLogger, wire } from "../helpers/fixtures";
import { VISIBLE, liveContext } from "../helpers/live";

const message = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify(wire({ ...VISIBLE, id, quote_id: Number(id.replace(/\D/g, "")) || 1, ...extra }));

/** Resolves once the promise jobs queued now, and those they queue, have run: no timer involved. */
const drained = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A Blob whose read finishes when the test says so (or fails), to order the reads at will. */
function heldBlob(text: string) {
  const bytes = new TextEncoder().encode(text);
  let finish!: (ok: boolean) => void;
  const read = new Promise<ArrayBuffer>((resolve, reject) => {
    finish = (ok) => (ok ? resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) : reject(new Error("NotReadableError")));
  });
  let reads = 0;
  const blob = {
    size: bytes.byteLength,
    arrayBuffer: () => {
      reads++;
      return read;
    },
  };
  /** Finishes the read, and resolves once the intake has taken in whatever that let through. */
  const settle = async (ok = true) => {
    finish(ok);
    await drained();
  };
  return { blob, settle, reads: () => reads };
}

/** The ids of every batch the intake applied, in the order it applied them. */
const appliedOrder = (t: ReturnType<typeof setup>) => t.noticed.flatMap((n) => n.batch.map((item) => item.id));

function setup(maxMessageBytes?: number) {
  const { timers, pending, fireAll } = manualTimers();
  // A clock that stands still: a frame's parse budget (frames.test.ts) never runs out here, so that
  // what arrives together is one batch however slow a busy machine parses it (on the real clock, a
  // fresh-clone run once left the last message of a batch to the next frame).
  const live = liveContext({ timers, maxMessageBytes, clock: { now: () => 0 } });
  const noticed: Array<{ batch: readonly NotificationDetails[]; unreadBefore: readonly NotificationDetails[] }> = [];
  const intake = buildIntakeHandler(live.ctx, { noticeIngest: (batch, unreadBefore) => void noticed.push({ batch, unreadBefore }) });
  let ingests = 0;
  live.store.subscribe(() => ingests++);
  const ids = () => live.state().unreadNotifications.map((n) => n.id);
  return { ...live, intake, noticed, pending, fireAll, ids, ingests: () => ingests };
}

describe("live message intake", () => {
  it("applies messages that arrive together as one store update, then tells the flag", () => {
    const t = setup();
    t.intake.receive(message("m1"));
    t.intake.receive(message("m2"));
    t.intake.receive(JSON.stringify([JSON.parse(message("m3")), JSON.parse(message("m4"))]));
    expect(t.ids(), "nothing before the batch is flushed").to.deep.equal([]);
    expect(t.pending.size, "one flush timer for the whole batch").to.equal(1);
    t.fireAll();
    expect([...t.ids()].sort()).to.deep.equal(["m1", "m2", "m3", "m4"]);
    expect(t.ingests()).to.equal(1);
    expect(t.noticed).to.have.length(1);
    expect(t.noticed[0].unreadBefore).to.deep.equal([]);
    expect(t.noticed[0].batch.map((n) => n.id)).to.deep.equal(["m1", "m2", "m3", "m4"]);
  });

  it("accepts text, ArrayBuffer and typed-array frames", () => {
    const t = setup();
    const bytes = new TextEncoder().encode(message("b2"));
    t.intake.receive(message("t1"));
    t.intake.receive(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    t.intake.receive(new TextEncoder().encode(message("u3")));
    t.fireAll();
    expect([...t.ids()].sort()).to.deep.equal(["b2", "t1", "u3"]);
  });

  it("drops bad messages with a warning and keeps the good items of a batch", () => {
    const t = setup(512);
    t.intake.receive("not json at all");
    t.intake.receive({ some: "object" });
    t.intake.receive(message("big", { failure_message: "x".repeat(600) }));
    t.intake.receive(new Uint8Array(600));
    t.intake.receive(JSON.stringify(["x", { id: 5 }, JSON.parse(message("ok7"))]));
    t.fireAll();
    expect(t.ids()).to.deep.equal(["ok7"]);
    const warnings = t.logger.warnings.join("\n");
    expect(warnings).to.include("dropped a message that is not JSON: not json at all");
    expect(warnings).to.include("dropped a message that is neither text nor bytes");
    expect(t.logger.warnings.filter((w) => w.includes("dropped a message over 512 bytes"))).to.have.length(2);
    expect(warnings).to.match(/dropped 2 of 3 notifications that cannot be one: not a JSON object but "x"; it has no usable modify_time or create_time/);
  });

  it("counts bytes, not characters, against maxMessageBytes", () => {
    const logger = recordingLogger();
    const limit = message("e0", { failure_message: "" }).length + 300;
    // 250 two-byte characters: under the limit in characters, 200 bytes over it in UTF-8.
    const wide = message("e1", { failure_message: "é".repeat(250) });
    expect(wide.length).to.be.below(limit);
    expect(parseMessage(wide, limit, logger)).to.deep.equal([]);
    expect(logger.warnings.join("\n")).to.include(`over ${limit} bytes`);
    expect(parseMessage(message("e2", { failure_message: "é".repeat(100) }), limit, logger).map((n) => n.id)).to.deep.equal(["e2"]);
  });

  it("discard drops what is pending (an account switch) and cancels the flush", () => {
    const t = setup();
    t.intake.receive(message("old1"));
    t.intake.discard();
    expect(t.pending.size).to.equal(0);
    t.fireAll();
    expect(t.ids()).to.deep.equal([]);
    t.intake.receive(message("new2"));
    t.fireAll();
    expect(t.ids()).to.deep.equal(["new2"]);
  });

  it("flush applies what is pending at once (a disconnect)", () => {
    const t = setup();
    t.intake.receive(message("f1"));
    t.intake.flush();
    expect(t.ids()).to.deep.equal(["f1"]);
    expect(t.pending.size, "the flush timer was cancelled").to.equal(0);
  });

  it("ingest applies a batch in one update and does nothing for an empty one", () => {
    const t = setup();
    t.intake.ingest([]);
    expect(t.ingests()).to.equal(0);
    expect(t.noticed).to.have.length(0);
    t.intake.receive(message("a1"));
    t.fireAll();
    const before = t.state().unreadNotifications;
    const [stored] = before;
    t.intake.ingest([{ ...stored, id: "a2", quoteId: "2" }]);
    expect(t.noticed.at(-1)!.unreadBefore).to.equal(before);
    expect(t.ids()).to.have.members(["a1", "a2"]);
  });

  it("reads Blob frames and keeps the order of arrival with text and bytes, though the second Blob is read first", async () => {
    const t = setup();
    const b2 = heldBlob(message("b2"));
    const b5 = heldBlob(message("b5"));
    t.intake.receive(message("t1"));
    t.intake.receive(b2.blob);
    t.intake.receive(message("t3"));
    t.intake.receive(new TextEncoder().encode(message("u4")));
    t.intake.receive(b5.blob);
    t.intake.receive(message("t6"));
    t.fireAll();
    expect(appliedOrder(t), "only what came before the first Blob").to.deep.equal(["t1"]);
    await b5.settle();
    t.fireAll();
    expect(appliedOrder(t), "b5 waits for b2").to.deep.equal(["t1"]);
    await b2.settle();
    t.fireAll();
    expect(appliedOrder(t)).to.deep.equal(["t1", "b2", "t3", "u4", "b5", "t6"]);
    expect(t.logger.warnings).to.deep.equal([]);
  });

  it("reads a real Blob as UTF-8", async () => {
    const t = setup();
    t.intake.receive(new Blob([message("blob1", { failure_message: "déjà vu ✓" })]));
    t.intake.receive(message("t2"));
    await until("both applied", () => {
      t.fireAll();
      return t.noticed.length > 0 && appliedOrder(t).length === 2;
    });
    expect(appliedOrder(t)).to.deep.equal(["blob1", "t2"]);
    expect(t.state().unreadNotifications.find((n) => n.id === "blob1")?.failureMessage).to.equal("déjà vu ✓");
  });

  it("drops a Blob over maxMessageBytes unread, and holds nothing back for it", async () => {
    const t = setup(512);
    const big = heldBlob(message("big", { failure_message: "x".repeat(600) }));
    t.intake.receive(big.blob);
    t.intake.receive(message("t2"));
    await drained();
    t.fireAll();
    expect(appliedOrder(t)).to.deep.equal(["t2"]);
    expect(big.reads(), "never read").to.equal(0);
    expect(t.logger.warnings.join("\n")).to.include("dropped a message over 512 bytes");
  });

  it("drops a Blob over maxMessageBytes that arrives while another is read, and holds nothing back for it", async () => {
    const t = setup(512);
    const first = heldBlob(message("b1"));
    t.intake.receive(first.blob);
    t.intake.receive(heldBlob(message("big", { failure_message: "x".repeat(600) })).blob);
    t.intake.receive(message("t3"));
    await first.settle();
    t.fireAll();
    expect(appliedOrder(t)).to.deep.equal(["b1", "t3"]);
    expect(t.logger.warnings.join("\n")).to.include("dropped a message over 512 bytes");
  });

  it("drops a Blob that cannot be read, with a warning, and lets the messages after it through", async () => {
    const t = setup();
    const broken = heldBlob(message("b1"));
    t.intake.receive(broken.blob);
    t.intake.receive(message("t2"));
    await broken.settle(false);
    t.fireAll();
    expect(appliedOrder(t)).to.deep.equal(["t2"]);
    expect(t.logger.warnings.join("\n")).to.include("dropped an unreadable Blob: NotReadableError");
  });

  it("discard drops the messages that wait for a Blob (an account switch), and the Blob when its read ends", async () => {
    const t = setup();
    const old = heldBlob(message("old1"));
    t.intake.receive(old.blob);
    t.intake.receive(message("old2"));
    t.intake.discard();
    t.intake.receive(message("new3"));
    await old.settle();
    t.fireAll();
    expect(appliedOrder(t)).to.deep.equal(["new3"]);
  });
});
