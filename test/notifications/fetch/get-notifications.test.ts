// getNotifications against a real HTTP server on a loopback port.
import { expect } from "chai";
import type { ServerResponse } from "http";
import {
  ApiState,
  NotificationsInputError,
  addReadNotification,
  addUnreadNotification,
  getNotifications,
  type FetchLike,
  type NotificationsExtraArgument,
} from "../../../src/notifications";
import { sendJson, startServer, type TestServer } from "../../support/loopback";
import { manualTimers } from "../../support/manual-timers";
import { until } from "../../support/wait";
import { ids, newStore, note, recordingLogger, wire } from "../helpers/fixtures";

const ACCOUNT = "0x00000000000000000000000000000000000000A1";
const params = (baseUrl: string, more: Record<string, unknown> = {}) => ({
  baseUrl,
  account: ACCOUNT,
  timestamp: "1700000000",
  appName: "test-app",
  ...more,
});

describe("getNotifications", () => {
  let server: TestServer;
  let reply: (res: ServerResponse, body: string) => void;

  beforeEach(async () => {
    reply = (res) => sendJson(res, { position_state: [wire({ id: "s1" }), wire({ id: "s2", quote_id: 8, modify_time: 1700000200 })] });
    server = await startServer((req, res) => reply(res, req.body));
  });
  afterEach(() => server.close());

  describe("the request", () => {
    it("POSTs to {baseUrl}/position-state/0/10 by default, with the headers and body of the wire format", async () => {
      const store = newStore({ logger: recordingLogger() });
      await store.dispatch(getNotifications(params(server.baseUrl)));
      expect(server.requests).to.have.length(1);
      const [req] = server.requests;
      expect(req.method).to.equal("POST");
      expect(req.url).to.equal("/position-state/0/10");
      expect(req.headers["content-type"]).to.equal("application/json");
      expect(req.headers["app-name"]).to.equal("test-app");
      expect(JSON.parse(req.body)).to.deep.equal({ address: ACCOUNT, modify_time_gte: 1700000000 });
    });

    it("puts start and size in the path", async () => {
      const store = newStore({ logger: recordingLogger() });
      await store.dispatch(getNotifications(params(server.baseUrl, { start: 30, size: 15 })));
      expect(server.requests[0].url).to.equal("/position-state/30/15");
    });

    const bases: Array<[string, string, string]> = [
      ["without a trailing slash", "", "/position-state/0/10"],
      ["with a trailing slash", "/", "/position-state/0/10"],
      ["with its own path", "/api", "/api/position-state/0/10"],
      ["with its own path and a trailing slash", "/api/", "/api/position-state/0/10"],
      ["with a deeper path", "/hedger/v2", "/hedger/v2/position-state/0/10"],
      ["with a query string, which is kept", "/api?key=1", "/api/position-state/0/10?key=1"],
    ];
    for (const [name, suffix, path] of bases) {
      it(`joins a baseUrl ${name}`, async () => {
        const store = newStore({ logger: recordingLogger() });
        await store.dispatch(getNotifications(params(server.baseUrl + suffix)));
        expect(server.requests[0].url).to.equal(path);
      });
    }

    const timestamps: Array<[string, unknown, number]> = [
      ["a numeric string", "1700000000", 1700000000],
      ["a number", 1700000001, 1700000001],
      ["the initial empty lastUpdateTimestamp, as 0", "", 0],
    ];
    for (const [name, timestamp, sent] of timestamps) {
      it(`sends modify_time_gte in unix seconds from ${name}`, async () => {
        const store = newStore({ logger: recordingLogger() });
        await store.dispatch(getNotifications(params(server.baseUrl, { timestamp })));
        expect(JSON.parse(server.requests[0].body).modify_time_gte).to.equal(sent);
      });
    }

    it("sends create_time_gte and quote_id only when given", async () => {
      const store = newStore({ logger: recordingLogger() });
      await store.dispatch(getNotifications(params(server.baseUrl, { createTimestamp: "1690000000", quoteId: "55" })));
      expect(JSON.parse(server.requests[0].body)).to.deep.equal({
        address: ACCOUNT,
        modify_time_gte: 1700000000,
        create_time_gte: 1690000000,
        quote_id: 55,
      });
    });

    it("uses the fetch from the thunk's extra argument", async () => {
      const calls: string[] = [];
      const fetch: FetchLike = (url, init) => {
        calls.push(url);
        return globalThis.fetch(url, init);
      };
      const store = newStore({ fetch, logger: recordingLogger() });
      await store.dispatch(getNotifications(params(server.baseUrl)));
      expect(calls).to.deep.equal([`${server.baseUrl}/position-state/0/10`]);
    });

    it("works with no extra argument at all (global fetch)", async () => {
      const store = newStore();
      const result = await store.dispatch(getNotifications(params(server.baseUrl)));
      expect(ids(result.unreadNotifications)).to.deep.equal(["s1", "s2"]);
    });
  });

  describe("the merge", () => {
    it("merges the page into unread, resolves to it and sets status OK", async () => {
      const store = newStore({ logger: recordingLogger() });
      const result = await store.dispatch(getNotifications(params(server.baseUrl)));
      expect(ids(result.unreadNotifications)).to.deep.equal(["s1", "s2"]);
      const state = store.getState().notifications;
      expect(ids(state.unreadNotifications)).to.deep.equal(["s2", "s1"]);
      expect(state.notificationsStatus).to.equal(ApiState.OK);
      expect(state.lastUpdateTimestamp).to.equal("1700000200");
    });

    it("is LOADING while the request runs", async () => {
      let hold: ServerResponse | undefined;
      reply = (res) => (hold = res);
      const store = newStore({ logger: recordingLogger() });
      const pending = store.dispatch(getNotifications(params(server.baseUrl)));
      await until("the request", () => hold !== undefined);
      expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.LOADING);
      sendJson(hold!, { position_state: [] });
      await pending;
      expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.OK);
    });

    it("never replaces what arrived over the socket with an older copy, and never un-reads", async () => {
      const store = newStore({ logger: recordingLogger() });
      store.dispatch(addUnreadNotification(note({ id: "s1", quoteId: "7", modifyTime: "1700000500" })));
      store.dispatch(addReadNotification(note({ id: "s2", quoteId: "8", modifyTime: "1700000200" })));
      await store.dispatch(getNotifications(params(server.baseUrl)));
      const state = store.getState().notifications;
      expect(state.unreadNotifications.map((n) => [n.id, n.modifyTime])).to.deep.equal([["s1", "1700000500"]]);
      expect(ids(state.readNotifications)).to.deep.equal(["s2"]);
    });

    it("drops an item that cannot be a notification with a warning and keeps the rest of the page", async () => {
      reply = (res) =>
        sendJson(res, {
          position_state: [wire({ id: "good" }), wire({ id: "bad", modify_time: "x", create_time: null }), wire({ id: "other", action_status: "?" })],
        });
      const logger = recordingLogger();
      const store = newStore({ logger });
      const result = await store.dispatch(getNotifications(params(server.baseUrl)));
      expect(ids(result.unreadNotifications)).to.deep.equal(["good"]);
      expect(ids(store.getState().notifications.unreadNotifications)).to.deep.equal(["good"]);
      expect(logger.warnings).to.have.length(1);
      expect(logger.warnings[0]).to.contain('id "bad"');
      expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.OK);
    });
  });

  describe("invalid input rejects, sets ERROR and sends nothing", () => {
    const bad: Array<[string, Record<string, unknown>, RegExp]> = [
      ["an empty baseUrl", { baseUrl: "" }, /baseUrl is empty/],
      ["a blank baseUrl", { baseUrl: "   " }, /baseUrl is empty/],
      ["an empty account", { account: "" }, /account is empty/],
      ["an empty appName", { appName: "" }, /appName is empty/],
      ["a timestamp that is not a number", { timestamp: "yesterday" }, /timestamp must be unix seconds/],
      ["a negative timestamp", { timestamp: -5 }, /timestamp must be unix seconds/],
      ["a size of 0", { size: 0 }, /size must be an integer of at least 1/],
      ["a negative start", { start: -1 }, /start must be an integer of at least 0/],
      ["a fractional start", { start: 1.5 }, /start must be an integer/],
    ];
    for (const [name, override, message] of bad) {
      it(name, async () => {
        const store = newStore({ logger: recordingLogger() });
        const before = store.getState().notifications;
        const err = await store.dispatch(getNotifications({ ...params(server.baseUrl), ...override })).then(
          () => null,
          (e: unknown) => e
        );
        expect(err).to.be.instanceOf(NotificationsInputError);
        expect((err as Error).message).to.match(message);
        expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.ERROR);
        expect(store.getState().notifications.unreadNotifications).to.equal(before.unreadNotifications);
        expect(server.requests).to.have.length(0);
      });
    }

    it("a thunk extra argument with a fetch that is not a function", async () => {
      const store = newStore({ fetch: 5 as never });
      const err = await store.dispatch(getNotifications(params(server.baseUrl))).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(NotificationsInputError);
      expect((err as Error).message).to.contain('"fetch"');
      expect(server.requests).to.have.length(0);
    });
  });

  describe("failures resolve empty, are logged, set ERROR and keep the lists", () => {
    /** `during` runs while the request is under way (to fire a timer the test holds). */
    async function expectFailure(baseUrl: string, message: RegExp, extra: NotificationsExtraArgument = {}, during?: () => Promise<void>) {
      const logger = recordingLogger();
      const store = newStore({ logger, ...extra });
      store.dispatch(addUnreadNotification(note({ id: "kept", quoteId: "99" })));
      const before = store.getState().notifications;
      const running = store.dispatch(getNotifications(params(baseUrl)));
      await during?.();
      const result = await running;
      expect(result).to.deep.equal({ unreadNotifications: [] });
      const after = store.getState().notifications;
      expect(after.notificationsStatus).to.equal(ApiState.ERROR);
      expect(after.unreadNotifications).to.equal(before.unreadNotifications);
      expect(after.readNotifications).to.equal(before.readNotifications);
      expect(logger.errors).to.have.length(1);
      expect(logger.errors[0]).to.contain(ACCOUNT).and.match(message);
    }

    it("a network error (nothing listening)", async () => {
      const closed = await startServer(() => undefined);
      const url = closed.baseUrl;
      await closed.close();
      await expectFailure(url, /request to .* failed/);
    });

    it("a non-2xx status", async () => {
      reply = (res) => sendJson(res, { error: "nope" }, 503);
      await expectFailure(server.baseUrl, /answered HTTP 503/);
    });

    it("a body that is not JSON", async () => {
      reply = (res) => {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<html>maintenance</html>");
      };
      await expectFailure(server.baseUrl, /not JSON/);
    });

    const shapes: Array<[string, unknown]> = [
      ["an object without position_state", { items: [] }],
      ["a position_state that is not an array", { position_state: { id: "x" } }],
      ["a bare array", [wire()]],
      ["null", null],
    ];
    for (const [name, body] of shapes) {
      it(`a wrong shape: ${name}`, async () => {
        reply = (res) => sendJson(res, body);
        await expectFailure(server.baseUrl, /without a position_state array/);
      });
    }

    it("a timeout, which also aborts the request", async () => {
      reply = () => undefined; // holds the request until the client gives up
      const { timers, pending, fireAll } = manualTimers();
      await expectFailure(server.baseUrl, /within 50 ms/, { timeoutMs: 50, timers }, async () => {
        await until("the request at the server", () => server.requests.length === 1);
        expect(
          [...pending.values()].map((timer) => timer.ms),
          "the request's timer"
        ).to.deep.equal([50]);
        fireAll();
      });
      await server.requests[0].aborted;
    });
  });

  describe("account switching", () => {
    const ACCOUNT_B = "0x00000000000000000000000000000000000000B2";
    let held: ServerResponse[];

    beforeEach(() => {
      held = [];
      reply = (res, body) => {
        if (JSON.parse(body).address.toLowerCase() === ACCOUNT.toLowerCase()) held.push(res);
        else sendJson(res, { position_state: [wire({ id: "b-item" })] });
      };
    });

    it("aborts the older account's fetch and discards it; it resolves empty", async () => {
      const logger = recordingLogger();
      const store = newStore({ logger });
      const first = store.dispatch(getNotifications(params(server.baseUrl)));
      await until("account A's request", () => held.length === 1);
      const second = await store.dispatch(getNotifications({ ...params(server.baseUrl), account: ACCOUNT_B }));
      expect(ids(second.unreadNotifications)).to.deep.equal(["b-item"]);
      expect(await first).to.deep.equal({ unreadNotifications: [] });
      await server.requests[0].aborted;
      const state = store.getState().notifications;
      expect(ids(state.unreadNotifications)).to.deep.equal(["b-item"]);
      expect(state.notificationsStatus).to.equal(ApiState.OK);
      expect(logger.errors, "a discarded fetch is not an error").to.deep.equal([]);
    });

    it("discards a stale result that arrives after the switch even when it cannot be aborted", async () => {
      const unabortable: FetchLike = (url, init) => globalThis.fetch(url, { ...init, signal: undefined });
      const store = newStore({ fetch: unabortable, logger: recordingLogger() });
      const first = store.dispatch(getNotifications(params(server.baseUrl)));
      await until("account A's request", () => held.length === 1);
      await store.dispatch(getNotifications({ ...params(server.baseUrl), account: ACCOUNT_B }));
      sendJson(held[0], { position_state: [wire({ id: "a-item", quote_id: 70 })] });
      expect(await first).to.deep.equal({ unreadNotifications: [] });
      const state = store.getState().notifications;
      expect(ids(state.unreadNotifications)).to.deep.equal(["b-item"]);
      expect(state.notificationsStatus).to.equal(ApiState.OK);
    });

    it("treats addresses that differ only in case as one account", async () => {
      const store = newStore({ logger: recordingLogger() });
      const first = store.dispatch(getNotifications(params(server.baseUrl)));
      await until("the first request", () => held.length === 1);
      const second = store.dispatch(getNotifications({ ...params(server.baseUrl), account: ACCOUNT.toLowerCase() }));
      await until("the second request", () => held.length === 2);
      for (const [i, res] of held.entries()) sendJson(res, { position_state: [wire({ id: `item-${i}`, quote_id: 80 + i })] });
      expect(ids((await first).unreadNotifications)).to.deep.equal(["item-0"]);
      expect(ids((await second).unreadNotifications)).to.deep.equal(["item-1"]);
    });

    it("keeps fetches on different stores apart", async () => {
      const storeA = newStore({ logger: recordingLogger() });
      const storeB = newStore({ logger: recordingLogger() });
      const first = storeA.dispatch(getNotifications(params(server.baseUrl)));
      await until("account A's request", () => held.length === 1);
      await storeB.dispatch(getNotifications({ ...params(server.baseUrl), account: ACCOUNT_B }));
      sendJson(held[0], { position_state: [wire({ id: "a-item", quote_id: 70 })] });
      expect(ids((await first).unreadNotifications)).to.deep.equal(["a-item"]);
      expect(ids(storeA.getState().notifications.unreadNotifications)).to.deep.equal(["a-item"]);
    });
  });
});
