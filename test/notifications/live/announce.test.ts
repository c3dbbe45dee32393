// The onNewNotification effect (src/notifications/live/announce.ts): once per new notification per
// browser, in the tab that owns the socket, never for a replay (the backfill's overlap, a reconnect,
// a new leader's backfill) and never for one that arrives read. Real stores on the cross-tab fakes,
// against a real mock hedger; each check waits for the ingest that would have fired, never a clock.
import { expect } from "chai";
import {
  addReadNotification,
  connectNotifications,
  createNotificationsMiddleware,
  disconnectNotifications,
  type NotificationDetails,
  type NotificationsMiddlewareOptions,
} from "../../../src/notifications";
import type { MockHedger } from "../../../src/mock-hedger";
import { resolveLiveOptions } from "../../../src/notifications/live/options";
import { toNotification } from "../../../src/notifications/wire/transform";
import { fakeOrigin } from "../../support/cross-tab-fakes";
import { until } from "../../support/wait";
import { hedgerPerTest, tabStore, VISIBLE, type TabStore } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000d0d01";

describe("live: onNewNotification, once per new item per browser", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];
  /** Every call, as [tab index, item id], in order. */
  let calls: Array<[number, string]>;
  /** Calls made before the calling tab's store held the item. */
  let early: string[];

  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));
  beforeEach(() => ((calls = []), (early = [])));

  const payload = () => ({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true, baseUrl: hedger.baseUrl, appName: "announce-test" });
  /** Opens a tab (on `origin`, or with its own socket for false) that records its calls; connected unless told otherwise. */
  function openTab(origin: ReturnType<typeof fakeOrigin> | false, options: NotificationsMiddlewareOptions = {}, connect = true): TabStore {
    const k = tabs.length;
    const onNewNotification = (n: NotificationDetails) => {
      calls.push([k, n.id as string]);
      if (!has(tabs[k], n.id as string)) early.push(n.id as string);
    };
    const t = tabStore(origin, { onNewNotification, ...options });
    tabs.push(t);
    if (connect) t.dispatch(connectNotifications(payload()));
    return t;
  }
  const has = (t: TabStore, id: string) => t.state().unreadNotifications.some((n) => n.id === id) || t.state().readNotifications.some((n) => n.id === id);
  const leaderIndex = () => tabs.findIndex((t) => t.open() > 0);
  /** Waits for the tab's backfill to have asked the hedger `n` times in all. */
  const backfills = (n: number) => until(`backfill request ${n}`, () => hedger.requests.length >= n);

  it("three tabs: each new item announced once, in the leader only, after it is in the store", async () => {
    const origin = fakeOrigin();
    for (let i = 0; i < 3; i++) openTab(origin);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    await backfills(1);
    const leader = leaderIndex();
    const singles = Array.from({ length: 5 }, () => hedger.emit(ACCOUNT, VISIBLE));
    const batch = hedger.emitBatch(
      ACCOUNT,
      Array.from({ length: 5 }, () => VISIBLE)
    );
    const sent = [...singles, ...batch].map((n) => n.id);
    await until("ten in every tab", () => tabs.every((t) => sent.every((id) => has(t, id))));
    expect(calls.map(([, id]) => id).sort(), "each item once").to.deep.equal([...sent].sort());
    expect(new Set(calls.map(([k]) => k)), "the tabs that announced").to.deep.equal(new Set([leader]));
    expect(early, "called before the store held it").to.deep.equal([]);
  });

  it("a reconnect's backfill replays what arrived live: nothing announced again, and what was missed once", async () => {
    const t = openTab(false);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    await backfills(1);
    const live = [hedger.emit(ACCOUNT, VISIBLE), hedger.emit(ACCOUNT, VISIBLE)];
    await until("the live ones", () => live.every((n) => has(t, n.id)));
    hedger.dropConnections();
    const missed = hedger.record(ACCOUNT, VISIBLE);
    // The overlap (60 s) brings the live ones again, in the page that brings the missed one.
    await until("the missed one, by the backfill", () => has(t, missed.id));
    const replayed = hedger.requests.length;
    expect(replayed, "a second backfill").to.be.at.least(2);
    expect(calls.map(([, id]) => id)).to.deep.equal([...live, missed].map((n) => n.id));
  });

  it("a backfill that lands after the live message of the same item announces nothing more", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first backfill's answer is held until the live message is in the store.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      await held;
      return globalThis.fetch(input, init);
    };
    const t = openTab(false, { fetch });
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const n = hedger.emit(ACCOUNT, VISIBLE);
    await until("the live one", () => has(t, n.id));
    const ingests = t.actions.filter((type) => type === "notifications/ingest").length;
    release();
    await until("the backfill's page applied", () => t.actions.filter((type) => type === "notifications/ingest").length > ingests);
    expect(calls).to.deep.equal([[0, n.id]]);
  });

  it("a new leader's backfill announces only what the old leader did not: what was emitted while no socket was open", async () => {
    const origin = fakeOrigin();
    for (let i = 0; i < 3; i++) openTab(origin);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const first = hedger.emit(ACCOUNT, VISIBLE);
    await until("the first everywhere", () => tabs.every((t) => has(t, first.id)));
    const old = leaderIndex();
    tabs[old].dispatch(disconnectNotifications());
    const during = hedger.record(ACCOUNT, VISIBLE); // no socket open: only the new leader's backfill brings it
    const remaining = tabs.filter((_, k) => k !== old);
    await until("the new leader's backfill", () => remaining.every((t) => has(t, during.id)));
    const after = hedger.emit(ACCOUNT, VISIBLE);
    await until("a live one after", () => remaining.every((t) => has(t, after.id)));
    const next = leaderIndex();
    expect(next).to.not.equal(old);
    expect(calls).to.deep.equal([
      [old, first.id],
      [next, during.id],
      [next, after.id],
    ]);
  });

  it("an item that arrives read is not announced, nor is a newer copy of a read one, nor one the cap refuses", async () => {
    const t = openTab(false, { maxItems: 3 }, false);
    const readFirst = hedger.record(ACCOUNT, VISIBLE);
    // The app marks it read before the hedger sends it (say, from a page of its own).
    t.dispatch(addReadNotification(toNotification(readFirst)!));
    t.dispatch(connectNotifications(payload()));
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    await backfills(1);
    hedger.emit(ACCOUNT, { ...readFirst, modify_time: readFirst.modify_time });
    const newer = hedger.emit(ACCOUNT, { ...readFirst, modify_time: readFirst.modify_time + 1 });
    await until("the newer copy, unread again", () => t.state().unreadNotifications.some((n) => n.modifyTime === String(newer.modify_time)));
    // The store is full (3); an older new item is refused, a newer one taken.
    const fill = [hedger.emit(ACCOUNT, VISIBLE), hedger.emit(ACCOUNT, VISIBLE)];
    await until("the store full", () => fill.every((n) => has(t, n.id)));
    const tooOld = hedger.emit(ACCOUNT, { ...VISIBLE, id: "too-old", quote_id: 1, modify_time: readFirst.modify_time - 100 });
    const last = hedger.emit(ACCOUNT, VISIBLE);
    await until("the last one", () => has(t, last.id));
    expect(has(t, tooOld.id), "refused by the cap").to.equal(false);
    expect(calls.map(([, id]) => id)).to.deep.equal([...fill, last].map((n) => n.id));
  });

  it("an effect that throws is logged; the items are in the store, and the next ones are announced", async () => {
    const t = openTab(false, {
      onNewNotification: (n: NotificationDetails) => {
        calls.push([0, n.id as string]);
        if (!has(tabs[0], n.id as string)) early.push(n.id as string);
        throw new Error("no permission");
      },
    });
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const batch = hedger.emitBatch(ACCOUNT, [VISIBLE, VISIBLE]);
    await until("both", () => batch.every((n) => has(t, n.id)));
    const next = hedger.emit(ACCOUNT, VISIBLE);
    await until("the next", () => has(t, next.id));
    expect(calls.map(([, id]) => id)).to.deep.equal([...batch, next].map((n) => n.id));
    expect(t.logger.errors).to.have.length(3);
    expect(t.logger.errors[0]).to.match(/^notifications: onNewNotification threw Error: no permission/);
    expect(t.state().connectionStatus).to.equal("open");
    expect(early).to.deep.equal([]);
  });

  it("rejects an onNewNotification that is not a function, naming the option", () => {
    expect(() => createNotificationsMiddleware({ onNewNotification: "notify" as never })).to.throw(TypeError, /onNewNotification must be a function/);
    expect(resolveLiveOptions({}).onNewNotification).to.equal(undefined);
  });
});
