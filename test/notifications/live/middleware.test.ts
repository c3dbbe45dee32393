// The WebSocket middleware against a real `ws` server (the mock hedger) on a loopback port; binary
// frames against a plain `ws` server that sends them.
import { expect } from "chai";
import { startMockHedger, type MockHedger } from "../../../src/mock-hedger";
import { connectNotifications, disconnectNotifications, selectConnectionStatus } from "../../../src/notifications";
import WebSocket from "ws";
import type { WebSocketConstructor } from "../../../src/notifications";
import { startSilentServer, startSocketServer, type TestSocketServer } from "../../support/loopback";
import { sleep, until } from "../../support/wait";
import { wire } from "../helpers/fixtures";
import { FAST_BACKOFF, VISIBLE, liveStore } from "../helpers/live";

const ALICE = "0x00000000000000000000000000000000000a11ce";
const BOB = "0x0000000000000000000000000000000000000b0b";

describe("notifications middleware against a real ws server", function () {
  let hedger: MockHedger;
  let live: ReturnType<typeof liveStore> | undefined;

  beforeEach(async () => {
    hedger = await startMockHedger();
  });
  afterEach(async () => {
    live?.dispatch(disconnectNotifications());
    live = undefined;
    await hedger.close();
  });

  const connect = (account = ALICE, extra: object = {}) =>
    live!.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account, whitelisted: true, baseUrl: hedger.baseUrl, appName: "tests", ...extra }));
  const ids = () => live!.state().unreadNotifications.map((n) => n.id);

  it("subscribes on open, and again after every reconnect", async () => {
    live = liveStore();
    connect();
    await until("first subscription", () => hedger.subscriptionLog.length === 1);
    expect(hedger.subscriptionLog[0]).to.deep.equal([ALICE]);
    expect(selectConnectionStatus(live.store.getState())).to.equal("open");
    for (let i = 2; i <= 4; i++) {
      hedger.dropConnections();
      await until(`subscription ${i}`, () => hedger.subscriptionLog.length === i);
      expect(hedger.subscriptionLog[i - 1]).to.deep.equal([ALICE]);
    }
    const sent = hedger.emit(ALICE, VISIBLE);
    await until("the notification after reconnects", () => ids().includes(sent.id));
  });

  it("opens no connection for a user who is not whitelisted", async () => {
    live = liveStore();
    connect(ALICE, { whitelisted: false });
    await sleep(200);
    expect(hedger.connectionCount).to.equal(0);
    expect(live.state().connectionStatus).to.equal("idle");
  });

  it("on an account switch, closes the old socket and never lets the old account's messages in", async () => {
    live = liveStore();
    connect(ALICE);
    await until("alice subscribed", () => hedger.subscribers(ALICE) === 1);
    const forAlice = hedger.emit(ALICE, VISIBLE);
    await until("alice's notification", () => ids().includes(forAlice.id));
    connect(BOB);
    await until("bob subscribed and alice gone", () => hedger.subscribers(BOB) === 1 && hedger.subscribers(ALICE) === 0);
    const late = hedger.emit(ALICE, VISIBLE);
    const forBob = hedger.emit(BOB, VISIBLE);
    await until("bob's notification", () => ids().includes(forBob.id));
    await sleep(50);
    expect(ids()).to.not.include(late.id);
    expect(hedger.subscriptionLog.at(-1)).to.deep.equal([BOB]);
  });

  it("survives 20 server restarts in a row, backfilling what was sent while down: nothing lost, nothing twice", async () => {
    live = liveStore();
    connect();
    await until("subscribed", () => hedger.subscribers(ALICE) === 1);
    const expected: string[] = [];
    for (let round = 0; round < 20; round++) {
      expected.push(hedger.emit(ALICE, VISIBLE).id);
      await until(`live notification ${round}`, () => ids().includes(expected.at(-1)!));
      await hedger.goDown();
      await until(`client noticed restart ${round}`, () => live!.state().connectionStatus === "reconnecting");
      expected.push(hedger.record(ALICE, VISIBLE).id);
      await hedger.up();
      await until(`backfill after restart ${round}`, () => ids().includes(expected.at(-1)!));
    }
    const unread = ids();
    expect(new Set(unread).size, "duplicates in unread").to.equal(unread.length);
    expect([...unread].sort()).to.deep.equal([...expected].sort());
    expect(hedger.requests.length, "backfill requests").to.be.at.least(20);
    expect(hedger.requests.every((r) => r.appName === "tests" && r.body.address === ALICE)).to.equal(true);
  });

  it("times out a server that accepts the connection and never answers, and keeps retrying", async () => {
    const silent = await startSilentServer();
    try {
      live = liveStore({ connectTimeoutMs: 100 });
      live.dispatch(connectNotifications({ socketUrl: `ws://127.0.0.1:${silent.port}/ws`, account: ALICE, whitelisted: true }));
      await until("three attempts", () => silent.accepted() >= 3);
      expect(live.logger.warnings.some((w) => /no connection to ws:\/\/127\.0\.0\.1:\d+\/ws within 100 ms/.test(w))).to.equal(true);
      expect(["connecting", "reconnecting"]).to.include(live.state().connectionStatus);
    } finally {
      live?.dispatch(disconnectNotifications());
      await silent.close();
    }
  });

  it("retries after a failed first connect, with no server there yet", async () => {
    const port = hedger.port;
    await hedger.goDown();
    live = liveStore();
    live.dispatch(connectNotifications({ socketUrl: `ws://127.0.0.1:${port}/ws/position-state-ws3`, account: ALICE, whitelisted: true }));
    await until("reconnecting", () => live!.state().connectionStatus === "reconnecting");
    await hedger.up();
    await until("open", () => live!.state().connectionStatus === "open");
    // The client is open before the hedger has read the subscription it sends on open.
    await until("subscribed", () => hedger.subscriptionLog.length > 0);
    expect(hedger.subscriptionLog).to.deep.equal([[ALICE]]);
  });

  it("gives up after maxRetries and says so", async () => {
    await hedger.goDown();
    live = liveStore({ backoff: { ...FAST_BACKOFF, maxRetries: 2 } });
    connect();
    await until("closed", () => live!.state().connectionStatus === "closed");
    expect(live.logger.errors.join("\n")).to.match(/gave up reconnecting to ws:\/\/.* after 2 retries/);
  });

  it("does not reconnect after an explicit disconnect", async () => {
    live = liveStore();
    connect();
    await until("subscribed", () => hedger.subscribers(ALICE) === 1);
    live.dispatch(disconnectNotifications());
    expect(live.state().connectionStatus).to.equal("closed");
    await until("server saw the close", () => hedger.subscribers() === 0);
    const connections = hedger.connectionCount;
    hedger.dropConnections();
    await sleep(300);
    expect(hedger.connectionCount).to.equal(connections);
  });

  it("drops bad messages with a warning and keeps the connection", async () => {
    live = liveStore({ maxMessageBytes: 2048 });
    connect();
    await until("subscribed", () => hedger.subscribers(ALICE) === 1);
    const connections = hedger.connectionCount;
    hedger.sendRaw(ALICE, "this is not json");
    hedger.sendRaw(ALICE, JSON.stringify({ id: 7, quote_id: 1, create_time: "soon" }));
    hedger.sendRaw(ALICE, JSON.stringify(["x", { ...VISIBLE, id: "good-in-array", quote_id: 5, create_time: 1, modify_time: 1 }]));
    hedger.sendRaw(ALICE, JSON.stringify({ id: "huge", failure_message: "x".repeat(4096) }));
    const unknownEnum = hedger.emit(ALICE, { state_type: "report", last_seen_action: "BrandNewAction" });
    await until("the good items", () => ids().includes(unknownEnum.id) && ids().includes("good-in-array"));
    const warnings = live.logger.warnings.join("\n");
    expect(warnings).to.include("dropped a message that is not JSON");
    expect(warnings).to.match(/dropped a notification that cannot be one: it has no usable modify_time or create_time/);
    expect(warnings).to.match(/dropped 1 of 2 notifications that cannot be one: not a JSON object but "x"/);
    expect(warnings).to.include("dropped a message over 2048 bytes");
    expect(ids()).to.not.include("huge");
    const kept = live.state().unreadNotifications.find((n) => n.id === unknownEnum.id)!;
    expect(kept.lastSeenAction).to.equal("BrandNewAction");
    expect(hedger.connectionCount, "the socket was replaced").to.equal(connections);
    expect(live.state().connectionStatus).to.equal("open");
  });

  it("applies a burst as batched store updates", async () => {
    live = liveStore();
    connect();
    await until("subscribed", () => hedger.subscribers(ALICE) === 1);
    const before = live.actions.length;
    const sent = Array.from({ length: 200 }, () => hedger.emit(ALICE, VISIBLE).id);
    await until("all 200", () => sent.every((id) => ids().includes(id)));
    const ingests = live.actions.slice(before).filter((type) => type === "notifications/ingest").length;
    expect(ingests, "one store update per message").to.be.lessThan(20);
    expect(ids().length).to.equal(200);
  });

  it("sets isNewNotification on a visible arrival and resets it after newNotificationFlagMs", async () => {
    live = liveStore({ newNotificationFlagMs: 150 });
    connect();
    await until("subscribed", () => hedger.subscribers(ALICE) === 1);
    hedger.emit(ALICE, { state_type: "report" });
    await until("partial fill arrived", () => ids().length === 1);
    expect(live.state().isNewNotification, "a partial fill is not shown").to.equal(false);
    hedger.emit(ALICE, VISIBLE);
    await until("flag set", () => live!.state().isNewNotification);
    await until("flag reset", () => !live!.state().isNewNotification);
  });

  it("rejects a connect without a ws URL or account, by name", () => {
    live = liveStore();
    expect(() => live!.dispatch(connectNotifications({ socketUrl: "http://x", account: ALICE, whitelisted: true }))).to.throw(
      /socketUrl must be a ws:\/\/ or wss:\/\/ URL/
    );
    expect(() => live!.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account: "", whitelisted: true }))).to.throw(/account is empty/);
  });
});

describe("notifications middleware: text sent in binary frames", () => {
  let server: TestSocketServer;
  let live: ReturnType<typeof liveStore> | undefined;
  beforeEach(async () => {
    server = await startSocketServer();
  });
  afterEach(async () => {
    live?.dispatch(disconnectNotifications());
    live = undefined;
    await server.close();
  });

  const message = (id: string) => JSON.stringify(wire({ ...VISIBLE, id, quote_id: Number(id.replace(/\D/g, "")) }));
  /** Six messages, text and binary frames mixed, sent in one go. */
  async function sendMixed(): Promise<string[]> {
    live!.dispatch(connectNotifications({ socketUrl: server.socketUrl, account: ALICE, whitelisted: true }));
    await until("subscribed", () => server.messages.length === 1);
    const ids = ["t1", "b2", "b3", "t4", "b5", "t6"];
    for (const id of ids) server.sockets[0].send(id.startsWith("b") ? Buffer.from(message(id)) : message(id), { binary: id.startsWith("b") });
    await until("all six", () => live!.ingested.length === ids.length);
    return ids;
  }

  it("asks the socket for ArrayBuffers: binary frames reach the store, in order with the text frames", async () => {
    const binaryTypes: string[] = [];
    const Recording = function (url: string) {
      const socket = new WebSocket(url);
      socket.on("open", () => binaryTypes.push(socket.binaryType));
      return socket;
    } as unknown as WebSocketConstructor;
    live = liveStore({ WebSocket: Recording, backfill: false });
    const ids = await sendMixed();
    expect(live.ingested).to.deep.equal(ids);
    expect(binaryTypes).to.deep.equal(["arraybuffer"]);
    expect(live.logger.warnings).to.deep.equal([]);
  });

  it("reads the Blobs of a socket that keeps binaryType blob (a browser's default), in order with the text frames", async () => {
    const kinds: string[] = [];
    const KeepsBlobs = function (url: string) {
      const socket = new WebSocket(url);
      (socket as unknown as { binaryType: string }).binaryType = "blob"; // ws 8.18+ has it; @types/ws does not yet
      Object.defineProperty(socket, "binaryType", { get: () => "blob", set: () => undefined });
      socket.on("message", (data) => kinds.push(data instanceof Blob ? "Blob" : typeof data));
      return socket;
    } as unknown as WebSocketConstructor;
    live = liveStore({ WebSocket: KeepsBlobs, backfill: false });
    const ids = await sendMixed();
    expect(live.ingested).to.deep.equal(ids);
    expect(kinds, "what the socket delivered (text as a Buffer to this listener)").to.deep.equal(["object", "Blob", "Blob", "object", "Blob", "object"]);
    expect(live.logger.warnings).to.deep.equal([]);
  });
});
