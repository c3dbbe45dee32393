// A REST page is bounded in items (at most `size`) and in bytes (`maxResponseBytes`), against a real
// HTTP server on loopback: an oversized body is cut off while it streams, never read whole, and
// fails the fetch without touching the lists (docs/contributing/design.md#list-rules, "Caps").
import { expect } from "chai";
import type { ServerResponse } from "http";
import { fetch as whatwgFetch } from "undici";
import { ApiState, getNotifications, ingestNotifications, type FetchLike, type NotificationDetails } from "../../../src/notifications";
import { defaultMaxResponseBytes } from "../../../src/notifications/fetch/page";
import { buildBackfillHandler } from "../../../src/notifications/live/backfill";
import { sendJson, startServer, type RecordedRequest, type TestServer } from "../../support/loopback";
import { until } from "../../support/wait";
import { newStore, note, recordingLogger, wire, type TestDispatch } from "../helpers/fixtures";
import { liveContext, testSession } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const KIB = 1024;
const MIB = 1024 * KIB;

/** What the server wrote of one streamed body, and whether the client went away before its end. */
interface Streamed {
  written: number;
  finished: boolean;
  closedEarly: boolean;
}

/**
 * Streams `{"position_state":[<one item whose failure_message is `total` bytes of "x">]}`, chunked,
 * waiting for the client to take each chunk (so that unread bytes pile up in no buffer but the
 * sockets'), and stops when the client goes away.
 */
async function streamHugeBody(res: ServerResponse, total: number, log: Streamed[]): Promise<void> {
  const streamed: Streamed = { written: 0, finished: false, closedEarly: false };
  log.push(streamed);
  res.on("close", () => (streamed.closedEarly = !res.writableFinished));
  res.writeHead(200, { "Content-Type": "application/json" });
  const { failure_message: _, ...item } = wire({ id: "huge" });
  // A valid document once complete: the item's last field is the long string.
  const head = `{"position_state":[${JSON.stringify(item).slice(0, -1)},"failure_message":"`;
  const chunk = "x".repeat(64 * KIB);
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      streamed.written += text.length;
      if (res.write(text)) resolve();
      else {
        const go = () => {
          res.off("drain", go);
          res.off("close", go);
          resolve();
        };
        res.on("drain", go);
        res.on("close", go);
      }
    });
  await write(head);
  while (streamed.written < total && !res.destroyed) await write(chunk);
  if (res.destroyed) return;
  res.end('"}]}');
  streamed.finished = true;
}

/** node-fetch 2: what Hardhat 2 installs as the global `fetch`, with a Node stream for a body. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- node-fetch 2 has no types here; it comes with Hardhat 2
const nodeFetch = require("node-fetch") as FetchLike;

/**
 * A WHATWG fetch (undici's: the global one may be node-fetch 2 here, which hardhat-upgrades 1.x
 * installs once it is loaded), counting the body bytes its caller actually pulled.
 */
function countingFetch(): { fetch: FetchLike; read: () => number } {
  let read = 0;
  const fetch: FetchLike = async (input, init) => {
    const response = (await whatwgFetch(input, init as never)) as unknown as Response;
    const reader = response.body!.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else {
            read += value.byteLength;
            controller.enqueue(value);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 }
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch, read: () => read };
}

describe("REST pages are bounded", () => {
  let server: TestServer;
  let respond: (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;
  beforeEach(async () => {
    server = await startServer((req, res) => respond(req, res));
  });
  afterEach(() => server.close());

  const params = () => ({ baseUrl: server.baseUrl, account: ACCOUNT, timestamp: "", appName: "bounds-test", size: 10 });
  const kept = note({ id: "kept", quoteId: "1", modifyTime: "1000" });

  it("a page with more items than its size keeps the first `size` of them, with a warning", async () => {
    const items = Array.from({ length: 25 }, (_, i) => wire({ id: `i${i}`, quote_id: 100 + i, modify_time: 1_700_000_000 + i }));
    respond = (_req, res) => sendJson(res, { position_state: items });
    const logger = recordingLogger();
    const store = newStore({ logger });
    const result = await (store.dispatch as TestDispatch)(getNotifications(params()));
    expect(result.unreadNotifications.map((n) => n.id).sort()).to.deep.equal(
      items
        .slice(0, 10)
        .map((n) => n.id)
        .sort()
    );
    expect(store.getState().notifications.unreadNotifications).to.have.length(10);
    expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.OK);
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0]).to.contain("answered 25 items for a page of 10; kept the first 10");
  });

  it("a body over maxResponseBytes fails the fetch while it streams: lists untouched, status ERROR, the connection dropped near the cap", async () => {
    const streamed: Streamed[] = [];
    const total = 24 * MIB;
    respond = (_req, res) => streamHugeBody(res, total, streamed);
    const logger = recordingLogger();
    const counting = countingFetch();
    const cap = 256 * KIB;
    const store = newStore({ logger, fetch: counting.fetch, maxResponseBytes: cap });
    store.dispatch(ingestNotifications([kept]));
    const before = store.getState().notifications;
    const result = await (store.dispatch as TestDispatch)(getNotifications(params()));
    expect(result.unreadNotifications).to.deep.equal([]);
    const after = store.getState().notifications;
    expect(after.unreadNotifications).to.equal(before.unreadNotifications);
    expect(after.readNotifications).to.equal(before.readNotifications);
    expect(after.notificationsStatus).to.equal(ApiState.ERROR);
    expect(logger.errors).to.have.length(1);
    expect(logger.errors[0]).to.contain(`over ${cap} bytes`);
    await until("the server saw the client go", () => streamed.length === 1 && streamed[0].closedEarly);
    expect(streamed[0].finished, "the server never finished writing").to.equal(false);
    expect(counting.read(), "bytes the client pulled").to.be.within(cap, cap + 256 * KIB);
    // Whatever sat in the sockets' buffers when the client went: far less than the body.
    expect(streamed[0].written, "bytes the server wrote").to.be.below(total / 2);
  });

  it("by default a page of 10 is bounded at 1 MiB (4 KiB per requested item, at least 1 MiB)", async () => {
    const body = Buffer.from(JSON.stringify({ position_state: [wire({ failure_message: "y".repeat(MIB) })] }));
    respond = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
      res.end(body);
    };
    const logger = recordingLogger();
    const store = newStore({ logger });
    store.dispatch(ingestNotifications([kept]));
    await (store.dispatch as TestDispatch)(getNotifications(params()));
    expect(store.getState().notifications.unreadNotifications.map((n) => n.id)).to.deep.equal(["kept"]);
    expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.ERROR);
    expect(logger.errors.join("\n")).to.contain(`over ${MIB} bytes (maxResponseBytes)`);
    expect(defaultMaxResponseBytes(10)).to.equal(MIB);
    expect(defaultMaxResponseBytes(1000)).to.equal(1000 * 4 * KIB);
  });

  it("the middleware's backfill applies its maxResponseBytes option to every page, and gives up without ingesting anything", async () => {
    const streamed: Streamed[] = [];
    respond = (_req, res) => streamHugeBody(res, 8 * MIB, streamed);
    const live = liveContext({ maxResponseBytes: 64 * KIB, backfillPageSize: 5 });
    const batches: NotificationDetails[][] = [];
    const backfill = buildBackfillHandler(live.ctx, (batch) => void batches.push(batch));
    backfill.start(testSession(live.ctx, { account: ACCOUNT, baseUrl: server.baseUrl, appName: "bounds-test" }));
    await until("the backfill gave up", () => live.logger.warnings.some((w) => w.includes("backfill failed")));
    expect(live.logger.warnings.find((w) => w.includes("backfill failed"))).to.contain(`over ${64 * KIB} bytes`);
    expect(batches).to.deep.equal([]);
    await until("the server saw each attempt go", () => streamed.length === 3 && streamed.every((s) => s.closedEarly));
    expect(streamed.every((s) => !s.finished)).to.equal(true);
  });

  describe("with a fetch that is not the WHATWG one", () => {
    it("node-fetch 2 (Hardhat 2's global fetch, a Node stream for a body): the page is read", async () => {
      const items = [wire({ id: "n1", quote_id: 1 }), wire({ id: "n2", quote_id: 2 })];
      respond = (_req, res) => sendJson(res, { position_state: items });
      const logger = recordingLogger();
      const store = newStore({ logger, fetch: nodeFetch });
      const result = await (store.dispatch as TestDispatch)(getNotifications(params()));
      expect(result.unreadNotifications.map((n) => n.id).sort()).to.deep.equal(["n1", "n2"]);
      expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.OK);
      expect(logger.errors).to.deep.equal([]);
    });

    it("node-fetch 2: a body over maxResponseBytes fails the fetch while it streams, and the connection is dropped", async () => {
      const streamed: Streamed[] = [];
      respond = (_req, res) => streamHugeBody(res, 24 * MIB, streamed);
      const logger = recordingLogger();
      const store = newStore({ logger, fetch: nodeFetch, maxResponseBytes: 256 * KIB });
      store.dispatch(ingestNotifications([kept]));
      await (store.dispatch as TestDispatch)(getNotifications(params()));
      expect(store.getState().notifications.unreadNotifications.map((n) => n.id)).to.deep.equal(["kept"]);
      expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.ERROR);
      expect(logger.errors.join("\n")).to.contain(`over ${256 * KIB} bytes`);
      await until("the server saw the client go", () => streamed.length === 1 && streamed[0].closedEarly);
      expect(streamed[0].finished, "the server never finished writing").to.equal(false);
    });

    it("a fetch without body streams (a polyfill): the page is read from text(), and a body over the cap still fails", async () => {
      const page = JSON.stringify({ position_state: [wire({ id: "p1", quote_id: 7 })] });
      const polyfill =
        (text: string): FetchLike =>
        async () =>
          ({ ok: true, status: 200, headers: new Headers(), body: undefined, text: async () => text }) as unknown as Response;
      const logger = recordingLogger();
      const store = newStore({ logger, fetch: polyfill(page) });
      const result = await (store.dispatch as TestDispatch)(getNotifications(params()));
      expect(result.unreadNotifications.map((n) => n.id)).to.deep.equal(["p1"]);
      const tooBig = newStore({ logger, fetch: polyfill(page), maxResponseBytes: page.length - 1 });
      await (tooBig.dispatch as TestDispatch)(getNotifications(params()));
      expect(tooBig.getState().notifications.notificationsStatus).to.equal(ApiState.ERROR);
      expect(logger.errors.join("\n")).to.contain(`over ${page.length - 1} bytes`);
    });
  });
});
