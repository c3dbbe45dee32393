// The cross-tab layer in Node, with fakes of navigator.locks and BroadcastChannel (one fake origin
// per test) and real stores against a real mock hedger: election, relay, read sync, joining,
// handover, account switch, the protocol's version check, and the fallback to one socket per store.
import { expect } from "chai";
import {
  addReadNotification,
  connectNotifications,
  disconnectNotifications,
  ingestNotifications,
  readAllNotifications,
  readOneNotification,
  type NotificationDetails,
} from "../../../../src/notifications";
import { resolveCrossTabEffects } from "../../../../src/notifications/live/cross-tab/environment";
import { CROSS_TAB_PROTOCOL_VERSION, crossTabNames, readMessage } from "../../../../src/notifications/live/cross-tab/protocol";
import { startMockHedger, type MockHedger } from "../../../../src/mock-hedger";
import { fakeOrigin } from "../../../support/cross-tab-fakes";
import { sleep, until } from "../../../support/wait";
import { note } from "../../helpers/fixtures";
import { hedgerPerTest, VISIBLE, listsOf, tabStore, type TabStore } from "../../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000c0c01";
const OTHER = "0x00000000000000000000000000000000000c0c02";

const tab = tabStore;
type Tab = TabStore;
const ids = (t: Tab, list: "unreadNotifications" | "readNotifications") => t.state()[list].map((n) => n.id);

describe("live: cross-tab (fake Web Locks and BroadcastChannel)", () => {
  let hedger: MockHedger;
  let tabs: Tab[];

  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));

  const payload = (account = ACCOUNT) => ({ socketUrl: hedger.socketUrl, account, whitelisted: true, baseUrl: hedger.baseUrl, appName: "cross-tab-test" });
  function openTabs(origin: ReturnType<typeof fakeOrigin> | false, n: number, account = ACCOUNT): Tab[] {
    const opened = Array.from({ length: n }, () => tab(origin));
    for (const t of opened) t.dispatch(connectNotifications(payload(account)));
    tabs.push(...opened);
    return opened;
  }
  const leaders = () => tabs.filter((t) => t.open() > 0);

  it("elects one leader: one socket for three tabs, and every follower shows the leader's status", async () => {
    const origin = fakeOrigin();
    openTabs(origin, 3);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    await until("every tab open", () => tabs.every((t) => t.state().connectionStatus === "open"));
    expect(hedger.connectionCount).to.equal(1);
    expect(leaders()).to.have.length(1);
    expect(origin.locks.held(crossTabNames(hedger.socketUrl, ACCOUNT).lock)).to.equal(true);
    expect(origin.locks.waiting(crossTabNames(hedger.socketUrl, ACCOUNT).lock)).to.equal(2);
  });

  it("relays every ingest once to every tab, a burst as one ingest, and keeps read state in sync", async () => {
    openTabs(fakeOrigin(), 3);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const singles = Array.from({ length: 5 }, () => hedger.emit(ACCOUNT, VISIBLE));
    const batch = hedger.emitBatch(
      ACCOUNT,
      Array.from({ length: 5 }, () => VISIBLE)
    );
    const all = [...singles, ...batch].map((n) => n.id);
    await until("ten in every tab", () => tabs.every((t) => t.state().unreadNotifications.length === 10));
    for (const t of tabs) expect([...ids(t, "unreadNotifications")].sort()).to.deep.equal([...all].sort());
    const leader = leaders()[0];
    const ingests = (t: Tab) => t.actions.filter((type) => type === "notifications/ingest").length;
    // Socket messages (5 singles, 1 batch; some may coalesce) plus at most one backfill page.
    expect(ingests(leader)).to.be.within(1, 7);
    // A follower applies each relayed ingest (under 500 items here) as it arrives: never more than the leader made.
    for (const t of tabs) expect(ingests(t)).to.be.within(1, ingests(leader));

    const follower = tabs.find((t) => t.open() === 0)!;
    follower.dispatch(readOneNotification(follower.state().unreadNotifications[0]));
    await until("the read one everywhere", () => tabs.every((t) => t.state().readNotifications.length === 1));
    leader.dispatch(readAllNotifications());
    await until("all read everywhere", () => tabs.every((t) => t.state().unreadNotifications.length === 0 && t.state().readNotifications.length === 10));
    const expected = listsOf(leader);
    for (const t of tabs) expect(listsOf(t)).to.deep.equal(expected);
    expect(tabs.every((t) => t.state().connectionStatus === "open")).to.equal(true);
  });

  it("a burst of 2,000 messages: coalesced ingests in the leader, relayed in messages of at most 500 items, each item once in every tab", async () => {
    const origin = fakeOrigin();
    openTabs(origin, 3);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    await until("every tab open", () => tabs.every((t) => t.state().connectionStatus === "open"));
    const leader = leaders()[0];
    const before = tabs.map((t) => t.ingested.length);
    const postedBefore = origin.channels.posted.length;
    // The first backfill asked before the burst, so that it cannot bring the burst's items a second time.
    await until("the leader's first backfill", () => hedger.requests.length >= 1);
    const sent = hedger.burst(ACCOUNT, 2_000, VISIBLE).map((n) => n.id);
    await until("the burst in every tab", () => tabs.every((t) => t.state().unreadNotifications.length === 2_000));
    const ingestsOf = (t: Tab) => t.actions.filter((type) => type === "notifications/ingest").length;
    for (const [k, t] of tabs.entries()) {
      expect([...t.ingested.slice(before[k])].sort(), "each item ingested once").to.deep.equal([...sent].sort());
    }
    expect(ingestsOf(leader), "the leader's ingests").to.be.below(200);
    // Each leader's ingest of n items crosses as ceil(n / 500) messages, which a follower applies one by one.
    for (const t of tabs) expect(ingestsOf(t)).to.be.at.most(ingestsOf(leader) + 2_000 / 500);
    const relayed = origin.channels.posted
      .slice(postedBefore)
      .map((m) => (m as { action?: { type: string; payload: unknown[] } }).action)
      .filter((a) => a?.type === "notifications/ingest")
      .map((a) => a!.payload.length);
    expect(
      relayed.reduce((sum, n) => sum + n, 0),
      "every item relayed once"
    ).to.equal(2_000);
    expect(Math.max(...relayed), "the largest relayed message").to.be.at.most(500);
  });

  it("a leader posts the relay of an ingest before its own store's subscribers run (a follower never waits for the leader's render)", async () => {
    const origin = fakeOrigin();
    openTabs(origin, 2);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const leader = leaders()[0];
    const relayedWhenRendered: boolean[] = [];
    const relayed = (id: string) =>
      origin.channels.posted.some((m) => {
        const action = (m as { action?: { type: string; payload: Array<{ id: string }> } }).action;
        return action?.type === "notifications/ingest" && action.payload.some((n) => n.id === id);
      });
    const n = hedger.emit(ACCOUNT, VISIBLE);
    leader.store.subscribe(() => {
      if (leader.state().unreadNotifications.some((m) => m.id === n.id) && relayedWhenRendered.length === 0) relayedWhenRendered.push(relayed(n.id));
    });
    await until("the item in both", () => tabs.every((t) => t.state().unreadNotifications.some((m) => m.id === n.id)));
    expect(relayedWhenRendered).to.deep.equal([true]);
  });

  it("gives a joining tab its peers' lists, read state included, with no socket of its own", async () => {
    const origin = fakeOrigin();
    openTabs(origin, 2);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const a = hedger.emit(ACCOUNT, VISIBLE);
    const b = hedger.emit(ACCOUNT, VISIBLE);
    await until("two in both", () => tabs.every((t) => t.state().unreadNotifications.length === 2));
    tabs[1].dispatch(addReadNotification(tabs[1].state().unreadNotifications.find((n) => n.id === a.id)!));
    await until("a read in both", () => tabs.every((t) => t.state().readNotifications.length === 1));
    const [late] = openTabs(origin, 1);
    await until("the late tab's lists", () => late.state().unreadNotifications.length === 1 && late.state().readNotifications.length === 1);
    expect(listsOf(late)).to.deep.equal({ unread: [b.id], read: [a.id] });
    expect(late.state().connectionStatus).to.equal("open");
    expect(late.open()).to.equal(0);
    expect(hedger.connectionCount).to.equal(1);
  });

  it("hands over when the leader steps down: a follower takes the lock, backfills, and nothing doubles", async () => {
    openTabs(fakeOrigin(), 3);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const before = hedger.emit(ACCOUNT, VISIBLE);
    await until("the first everywhere", () => tabs.every((t) => t.state().unreadNotifications.length === 1));
    const old = leaders()[0];
    old.dispatch(disconnectNotifications());
    tabs.splice(tabs.indexOf(old), 1);
    expect(old.open(), "the old leader's socket closes at once").to.equal(0);
    const during = [hedger.emit(ACCOUNT, VISIBLE), hedger.emit(ACCOUNT, VISIBLE)]; // no subscriber right now: recorded only
    await until("a new subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const after = hedger.emit(ACCOUNT, VISIBLE);
    const want = [before, ...during, after].map((n) => n.id).sort();
    await until("all four in the remaining tabs", () => tabs.every((t) => t.state().unreadNotifications.length === 4));
    await sleep(50);
    for (const t of tabs) expect([...ids(t, "unreadNotifications")].sort()).to.deep.equal(want);
    expect(leaders()).to.have.length(1);
    expect(hedger.connectionCount).to.equal(2);
    expect(hedger.subscribers(ACCOUNT)).to.equal(1);
  });

  it("on an account switch the old account's socket closes and a tab still on it takes over", async () => {
    openTabs(fakeOrigin(), 2);
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    const old = leaders()[0];
    old.dispatch(connectNotifications(payload(OTHER)));
    await until("the other account subscribed", () => hedger.subscribers(OTHER) === 1);
    await until("the old account taken over", () => hedger.subscribers(ACCOUNT) === 1);
    expect(hedger.subscribers()).to.equal(2);
    const kept = tabs.find((t) => t !== old)!;
    const n = hedger.emit(ACCOUNT, VISIBLE);
    await until("the old account's notification in the tab that kept it", () => kept.state().unreadNotifications.some((m) => m.id === n.id));
    await sleep(30);
    expect(
      old.state().unreadNotifications.some((m) => m.id === n.id),
      "never in the switched tab"
    ).to.equal(false);
  });

  /** Two tabs, the leader known, both holding `items` (ingested by the leader and relayed). */
  async function leaderAndFollower(items: NotificationDetails[]) {
    openTabs(fakeOrigin(), 2);
    await until("a leader", () => leaders().length === 1);
    const leader = leaders()[0];
    const follower = tabs.find((t) => t !== leader)!;
    leader.dispatch(ingestNotifications(items));
    await until("the items in both", () => tabs.every((t) => t.state().unreadNotifications.length === items.length));
    return { leader, follower };
  }
  /** Waits until nothing is under way on the channel, and both tabs show the same lists. */
  async function settledEqual(a: Tab, b: Tab) {
    await sleep(30);
    await until("equal lists", () => JSON.stringify(listsOf(a)) === JSON.stringify(listsOf(b))).catch(() => undefined);
    expect(listsOf(b), "the follower's lists against the leader's").to.deep.equal(listsOf(a));
  }

  it("a follower's mark-all-read that crosses a new item of the leader leaves that item unread in both", async () => {
    const [a, b] = [note({ id: "a", quoteId: "11", modifyTime: "1000" }), note({ id: "b", quoteId: "12", modifyTime: "1001" })];
    const { leader, follower } = await leaderAndFollower([a, b]);
    // The follower reads all it has; before that reaches the leader, the leader ingests an item the follower has not seen.
    follower.dispatch(readAllNotifications());
    leader.dispatch(ingestNotifications([note({ id: "late", quoteId: "13", modifyTime: "1002" })]));
    await settledEqual(leader, follower);
    expect(listsOf(leader)).to.deep.equal({ unread: ["late"], read: ["b", "a"] });
  });

  it("a read in a follower that crosses a newer copy of the item in the leader leaves the newer copy unread in both", async () => {
    const a = note({ id: "a", quoteId: "21", modifyTime: "1000" });
    const { leader, follower } = await leaderAndFollower([a]);
    follower.dispatch(readOneNotification(a));
    leader.dispatch(ingestNotifications([{ ...a, modifyTime: "1005", lastSeenAction: "FillLimitOrderOpen" }]));
    await settledEqual(leader, follower);
    expect(listsOf(leader)).to.deep.equal({ unread: ["a"], read: [] });
    expect(follower.state().unreadNotifications[0].modifyTime).to.equal("1005");
  });

  it("a read relays the copy the reader stored, not the stale one its caller passed", async () => {
    const a = note({ id: "a", quoteId: "31", modifyTime: "1000" });
    const { leader, follower } = await leaderAndFollower([a]);
    leader.dispatch(ingestNotifications([{ ...a, modifyTime: "1005" }]));
    await until("the newer copy in the follower", () => follower.state().unreadNotifications[0].modifyTime === "1005");
    follower.dispatch(readOneNotification(a)); // a UI that rendered before the update passes the old copy
    await settledEqual(leader, follower);
    expect(listsOf(leader)).to.deep.equal({ unread: [], read: ["a"] });
  });

  it("keeps one socket per store with crossTab: false, and in Node without effects", async () => {
    openTabs(false, 2);
    await until("two subscriptions", () => hedger.subscribers(ACCOUNT) === 2);
    expect(resolveCrossTabEffects(true)).to.equal(undefined); // Node: no secure context, no navigator.locks
    const locks = { request: () => Promise.resolve() };
    class Channel {
      onmessage = null;
      postMessage() {}
      close() {}
    }
    expect(resolveCrossTabEffects(true, { isSecureContext: false, navigator: { locks }, BroadcastChannel: Channel })).to.equal(undefined);
    expect(resolveCrossTabEffects(true, { isSecureContext: true, navigator: {}, BroadcastChannel: Channel })).to.equal(undefined);
    expect(resolveCrossTabEffects(true, { isSecureContext: true, navigator: { locks } })).to.equal(undefined);
    expect(resolveCrossTabEffects(true, { isSecureContext: true, navigator: { locks }, BroadcastChannel: Channel })).to.not.equal(undefined);
    expect(resolveCrossTabEffects(false, { isSecureContext: true, navigator: { locks }, BroadcastChannel: Channel })).to.equal(undefined);
  });
});

describe("live: cross-tab protocol", () => {
  const item = note({ id: "1" });
  const from = "tab-a";
  const v = CROSS_TAB_PROTOCOL_VERSION;

  it("reads the messages of its version, and ignores other versions and bad shapes", () => {
    expect(readMessage({ v, from, kind: "hello" })).to.deep.equal({ v, from, kind: "hello" });
    expect(readMessage({ v, from, kind: "action", action: { type: "notifications/ingest", payload: [item] } })?.kind).to.equal("action");
    expect(readMessage({ v, from, kind: "action", action: { type: "notifications/readAllNotifications", payload: [item] } })?.kind).to.equal("action");
    expect(readMessage({ v, from, kind: "status", status: "open" })?.kind).to.equal("status");
    expect(readMessage({ v, from, kind: "lists", to: "b", unread: [item], read: [] })?.kind).to.equal("lists");
    expect(readMessage({ v: v + 1, from, kind: "hello" }), "another version").to.equal(undefined);
    expect(readMessage({ from, kind: "hello" }), "no version").to.equal(undefined);
    expect(readMessage({ v, from, kind: "action", action: { type: "notifications/connect", payload: {} } }), "not a list change").to.equal(undefined);
    expect(readMessage({ v, from, kind: "action", action: { type: "notifications/ingest", payload: [{}] } }), "not notifications").to.equal(undefined);
    expect(readMessage({ v, from, kind: "action", action: { type: "notifications/readAllNotifications" } }), "a read without what was read").to.equal(
      undefined
    );
    expect(readMessage({ v, from, kind: "action", action: { type: "notifications/readOneNotification", payload: item } }), "a read crosses as a list").to.equal(
      undefined
    );
    expect(readMessage({ v, from, kind: "status", status: "up" })).to.equal(undefined);
    expect(readMessage("hello")).to.equal(undefined);
  });

  it("names the lock and the channel after the package, the socket URL and the account, and the lock after the version", () => {
    const names = crossTabNames("ws://h/ws", "0xABC");
    expect(names.lock).to.equal(`multiaccount-kit/notifications:leader:v${v}:ws://h/ws|0xabc`);
    expect(names.channel).to.equal("multiaccount-kit/notifications:relay:ws://h/ws|0xabc");
  });

  it("a peer's lists that read an older copy leave the newer copy a tab holds unread, though its read list was empty", async () => {
    // Found by the model-based test (model.test.ts): a tab frozen before an update reached it
    // answers a later tab's hello, on resume, with the old copy read; that must not hide the update.
    const origin = fakeOrigin();
    const hedger = await startMockHedger({ port: 0 });
    const t = tab(origin);
    try {
      t.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true }));
      const old = note({ id: "x", quoteId: "41", modifyTime: "1000" });
      t.dispatch(ingestNotifications([{ ...old, modifyTime: "1005" }]));
      const hello = origin.channels.posted.find((m) => (m as { kind?: string }).kind === "hello") as { from: string };
      const peer = new origin.BroadcastChannel(crossTabNames(hedger.socketUrl, ACCOUNT).channel);
      peer.postMessage({ v, from: "stale", kind: "lists", to: hello.from, unread: [], read: [old] });
      peer.postMessage({ v, from: "stale", kind: "action", action: { type: "notifications/ingest", payload: [note({ id: "y", quoteId: "42" })] } });
      await until("the peer's messages applied", () => t.state().unreadNotifications.some((n) => n.id === "y"));
      expect(t.state().unreadNotifications.map((n) => `${n.id}@${n.modifyTime}`)).to.deep.equal(["x@1005", "y@1000"]);
      expect(t.state().readNotifications).to.deep.equal([]);
      peer.close();
    } finally {
      t.dispatch(disconnectNotifications());
      await hedger.close();
    }
  });

  it("a store ignores a peer of another version", async () => {
    const origin = fakeOrigin();
    const hedger = await startMockHedger({ port: 0 });
    try {
      const t = tab(origin);
      t.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true }));
      const peer = new origin.BroadcastChannel(crossTabNames(hedger.socketUrl, ACCOUNT).channel);
      peer.postMessage({ v: v + 1, from: "future", kind: "action", action: { type: "notifications/ingest", payload: [item] } });
      peer.postMessage({ v, from: "now", kind: "action", action: { type: "notifications/ingest", payload: [note({ id: "2" })] } });
      await until("the current version's item", () => t.state().unreadNotifications.length > 0);
      await sleep(20);
      expect(t.state().unreadNotifications.map((n) => n.id)).to.deep.equal(["2"]);
      peer.close();
      t.dispatch(disconnectNotifications());
    } finally {
      await hedger.close();
    }
  });
});
