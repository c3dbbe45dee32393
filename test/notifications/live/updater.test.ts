// startNotificationUpdater against the mock hedger: fetch, connect, stop, and the storage adapter.
import { expect } from "chai";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import { startMockHedger, type MockHedger } from "../../../src/mock-hedger";
import { ApiState, notificationsReducer, startNotificationUpdater, updateTimestamp } from "../../../src/notifications";
import { until } from "../../support/wait";
import { VISIBLE, liveStore } from "../helpers/live";

const ALICE = "0x00000000000000000000000000000000000a11ce";

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe("startNotificationUpdater", function () {
  let hedger: MockHedger;
  beforeEach(async () => {
    hedger = await startMockHedger({ basePath: "/api" });
  });
  afterEach(() => hedger.close());

  const options = (extra: object = {}) => ({
    account: ALICE,
    baseUrl: hedger.baseUrl,
    appName: "updater-test",
    socketUrl: hedger.socketUrl,
    whitelisted: true,
    fetchData: true,
    ...extra,
  });

  it("fetches by account and timestamp, connects, and stop() releases the socket", async () => {
    const old = hedger.record(ALICE, { ...VISIBLE, modify_time: 100 });
    const newer = hedger.record(ALICE, { ...VISIBLE, modify_time: 200 });
    const live = liveStore();
    const stop = startNotificationUpdater(live.store, options({ timestamp: 150 }));
    await until("fetched and subscribed", () => live.state().unreadNotifications.length === 1 && hedger.subscribers(ALICE) === 1);
    expect(live.state().unreadNotifications[0].id).to.equal(newer.id);
    expect(live.state().unreadNotifications.map((n) => n.id)).to.not.include(old.id);
    expect(hedger.requests[0]).to.deep.include({ start: 0, appName: "updater-test" });
    expect(hedger.requests[0].body).to.deep.equal({ address: ALICE, modify_time_gte: 150 });
    const pushed = hedger.emit(ALICE, VISIBLE);
    await until("live notification", () => live.state().unreadNotifications.some((n) => n.id === pushed.id));
    stop();
    expect(live.state().connectionStatus).to.equal("closed");
    await until("socket closed", () => hedger.subscribers() === 0);
  });

  it("neither fetches nor connects when told not to", async () => {
    const live = liveStore();
    const stop = startNotificationUpdater(live.store, options({ fetchData: false, whitelisted: false }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(hedger.requests).to.have.length(0);
    expect(hedger.connectionCount).to.equal(0);
    stop();
  });

  describe("the first load", () => {
    const NOW = 4_000;
    const clock = { now: () => NOW * 1000 };
    const ids = (live: ReturnType<typeof liveStore>) =>
      live
        .state()
        .unreadNotifications.map((n) => n.id)
        .sort();
    /** 30 notifications from before the first visit, 15 changed since it began (oldest first, as the hedger pages them). */
    const history = () => {
      const before = Array.from({ length: 30 }, (_, i) => hedger.record(ALICE, { ...VISIBLE, modify_time: 1_000 + i }));
      const since = Array.from({ length: 15 }, (_, i) => hedger.record(ALICE, { ...VISIBLE, modify_time: NOW + 100 + i }));
      return { before, since };
    };

    it("a first visit shows one page at most, of what changed since it began, and keeps its time under lastUpdateTimestamp", async () => {
      const { since } = history();
      const storage = new MemoryStorage();
      const live = liveStore();
      const stop = startNotificationUpdater(live.store, options({ storage, clock, whitelisted: false }));
      expect(storage.getItem("lastUpdateTimestamp"), "the visit's start, kept at once").to.equal(String(NOW));
      await until("the first page", () => live.state().unreadNotifications.length > 0);
      expect(hedger.requests.map((r) => [r.start, r.size, r.body.modify_time_gte])).to.deep.equal([[0, 10, NOW]]);
      expect(ids(live)).to.deep.equal(
        since
          .slice(0, 10)
          .map((n) => n.id)
          .sort()
      );
      expect(storage.getItem("lastUpdateTimestamp"), "the newest seen").to.equal(String(NOW + 109));
      stop();
    });

    it("a returning visit shows exactly what changed since the last one, every page of it", async () => {
      const storage = new MemoryStorage();
      storage.setItem("lastUpdateTimestamp", String(NOW + 109));
      const { since } = history();
      const later = Array.from({ length: 12 }, (_, i) => hedger.record(ALICE, { ...VISIBLE, modify_time: NOW + 200 + i }));
      const live = liveStore();
      const stop = startNotificationUpdater(live.store, options({ storage, clock, whitelisted: false }));
      expect(live.state().lastUpdateTimestamp).to.equal(String(NOW + 109));
      await until("every page", () => live.state().notificationsStatus === ApiState.OK && hedger.requests.length === 2 && ids(live).length === 17);
      expect(hedger.requests.map((r) => [r.start, r.size, r.body.modify_time_gte])).to.deep.equal([
        [0, 10, NOW + 110],
        [10, 10, NOW + 110],
      ]);
      expect(ids(live)).to.deep.equal([...since.slice(10), ...later].map((n) => n.id).sort());
      expect(storage.getItem("lastUpdateTimestamp")).to.equal(String(NOW + 211));
      stop();
    });

    it("reads the value a SYMM frontend left (its last visit's time) as the last visit", async () => {
      const storage = new MemoryStorage();
      storage.setItem("lastUpdateTimestamp", String(NOW - 10));
      const live = liveStore();
      const stop = startNotificationUpdater(live.store, options({ storage, clock, whitelisted: false }));
      await until("the fetch", () => hedger.requests.length === 1);
      expect(hedger.requests[0].body.modify_time_gte).to.equal(NOW - 9);
      stop();
    });

    it("repairs a stored time from the future (milliseconds, a broken clock) to now, with a warning", async () => {
      const storage = new MemoryStorage();
      storage.setItem("lastUpdateTimestamp", String(NOW * 1000));
      const live = liveStore();
      const stop = startNotificationUpdater(live.store, options({ storage, clock, whitelisted: false, logger: live.logger }));
      expect(live.state().lastUpdateTimestamp).to.equal(String(NOW));
      expect(storage.getItem("lastUpdateTimestamp")).to.equal(String(NOW));
      expect(live.logger.warnings.join("\n")).to.match(
        /lastUpdateTimestamp in storage is "4000000", not a past time in unix seconds; it starts again from now/
      );
      stop();
    });

    it("an explicit timestamp fetches every page since it, and stores nothing the visit did not see", async () => {
      const storage = new MemoryStorage();
      history();
      const live = liveStore();
      const stop = startNotificationUpdater(live.store, options({ storage, clock, whitelisted: false, timestamp: 1_020 }));
      await until("every page", () => live.state().notificationsStatus === ApiState.OK && ids(live).length === 25);
      expect(hedger.requests.map((r) => r.body.modify_time_gte)).to.deep.equal([1_020, 1_020, 1_020]);
      stop();
    });

    it("a store that already holds a timestamp (an account switch in the same page) fetches from it", async () => {
      const live = liveStore();
      live.dispatch(updateTimestamp("1500"));
      const stop = startNotificationUpdater(live.store, options({ storage: null, clock, whitelisted: false }));
      await until("the fetch", () => hedger.requests.length === 1);
      expect(hedger.requests[0].body.modify_time_gte).to.equal(1500);
      stop();
    });
  });

  it("refuses a store without the middleware", () => {
    const store = createStore(combineReducers({ notifications: notificationsReducer }), applyMiddleware(thunk));
    expect(() => startNotificationUpdater(store, options())).to.throw(/needs createNotificationsMiddleware\(\) installed/);
  });
});
