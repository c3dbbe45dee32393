// startNotificationUpdater against the mock hedger: fetch, connect, stop, and the storage adapter.
import { expect } from "chai";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import { startMockHedger, type MockHedger } from "../../../src/mock-hedger";
import { notificationsReducer, startNotificationUpdater, updateTimestamp } from "../../../src/notifications";
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

  it("keeps lastUpdateTimestamp in storage across restarts", async () => {
    const storage = new MemoryStorage();
    const first = liveStore();
    const stop = startNotificationUpdater(first.store, options({ storage, fetchData: false }));
    first.dispatch(updateTimestamp("1234"));
    stop();
    expect(storage.getItem(`multiaccount-kit:lastUpdateTimestamp:${ALICE}`)).to.equal("1234");

    const second = liveStore();
    const stopAgain = startNotificationUpdater(second.store, options({ storage, whitelisted: false }));
    expect(second.state().lastUpdateTimestamp).to.equal("1234");
    await until("fetch from the stored timestamp", () => hedger.requests.length === 1);
    expect(hedger.requests[0].body.modify_time_gte).to.equal(1234);
    stopAgain();
  });

  it("refuses a store without the middleware", () => {
    const store = createStore(combineReducers({ notifications: notificationsReducer }), applyMiddleware(thunk));
    expect(() => startNotificationUpdater(store, options())).to.throw(/needs createNotificationsMiddleware\(\) installed/);
  });
});
