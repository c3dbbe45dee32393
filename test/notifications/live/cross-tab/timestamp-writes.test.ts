// The updater's storage writes while tabs share one socket (fake Web Locks and BroadcastChannel): a
// relayed item is no storage write in any tab (each write of localStorage is heard by every other
// tab of the origin), and the newest lastUpdateTimestamp is saved once the tab stops sharing.
import { expect } from "chai";
import { disconnectNotifications, startNotificationUpdater } from "../../../../src/notifications";
import { SHARED_SAVE_MS } from "../../../../src/notifications/live/updater";
import type { MockHedger } from "../../../../src/mock-hedger";
import { fakeOrigin } from "../../../support/cross-tab-fakes";
import { until } from "../../../support/wait";
import { hedgerPerTest, VISIBLE, tabStore, type TabStore } from "../../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000c0c0d";

class CountingStorage {
  readonly items = new Map<string, string>();
  writes = 0;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes++;
    this.items.set(key, value);
  }
}

describe("live: cross-tab, the updater's timestamp in storage", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];
  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));

  it("a relayed item costs no storage write in any tab; a tab saves the newest when it stops sharing, or on stop()", async () => {
    const origin = fakeOrigin();
    const storages = [0, 1, 2].map(() => new CountingStorage());
    const options = (storage: CountingStorage) => ({
      account: ACCOUNT,
      baseUrl: hedger.baseUrl,
      appName: "timestamp-writes-test",
      socketUrl: hedger.socketUrl,
      whitelisted: true,
      fetchData: false,
      storage,
    });
    const stops = storages.map((storage) => {
      const t = tabStore(origin);
      tabs.push(t);
      return startNotificationUpdater(t.store, options(storage));
    });
    await until("one subscription, every tab open", () => hedger.subscribers(ACCOUNT) === 1 && tabs.every((t) => t.state().connectionStatus === "open"));
    const before = storages.map((s) => s.writes);
    // One at a time, each moving lastUpdateTimestamp in every tab (the mock hedger's modify times strictly increase).
    const items = [];
    for (let i = 0; i < 30; i++) {
      const item = hedger.emit(ACCOUNT, VISIBLE);
      items.push(item);
      await until(`item ${i} in every tab`, () => tabs.every((t) => t.state().lastUpdateTimestamp === String(item.modify_time)));
    }
    const newest = String(items[items.length - 1].modify_time);
    // Before: one write per item in each tab (90). Now: the newest, at most once per SHARED_SAVE_MS.
    const written = storages.map((s, i) => s.writes - before[i]);
    expect(
      written.every((n) => n < items.length / 3),
      `writes per tab during the relay of ${items.length} items: ${written.join(", ")} (SHARED_SAVE_MS ${SHARED_SAVE_MS})`
    ).to.equal(true);

    // A tab that stops sharing (disconnect, pagehide) saves the newest at once.
    tabs[1].dispatch(disconnectNotifications());
    expect(storages[1].items.get("lastUpdateTimestamp")).to.equal(newest);
    // stop() saves what is pending.
    stops[2]();
    expect(storages[2].items.get("lastUpdateTimestamp")).to.equal(newest);
    // A store that keeps its own socket still saves every change at once.
    const alone = tabStore(false);
    tabs.push(alone);
    const storage = new CountingStorage();
    stops.push(startNotificationUpdater(alone.store, options(storage)));
    await until("its own subscription", () => hedger.subscribers(ACCOUNT) === 2);
    const more = hedger.emit(ACCOUNT, VISIBLE);
    await until("the item in the lone store", () => alone.state().lastUpdateTimestamp === String(more.modify_time));
    expect(storage.items.get("lastUpdateTimestamp")).to.equal(String(more.modify_time));
    for (const stop of stops) stop();
  });
});
