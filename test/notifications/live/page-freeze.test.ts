// A page about to be frozen (Chromium's `freeze` event on its document) closes its connection, as
// on pagehide, and connects again on `resume` (issue #28 §1, docs/live-notifications.md#a-frozen-tab):
// a frozen tab never holds or waits for the leader's lock and keeps no socket, so no other tab
// waits on it. In Node, with a fake window and document and fakes of Web Locks and BroadcastChannel,
// against a real mock hedger. In browsers: test/notifications/browser-no-tab-waits.test.ts.
import { expect } from "chai";
import { connectNotifications, readAllNotifications, type NotificationDetails } from "../../../src/notifications";
import type { MockHedger } from "../../../src/mock-hedger";
import { FakePage, fakeOrigin } from "../../support/cross-tab-fakes";
import { until } from "../../support/wait";
import { VISIBLE, hedgerPerTest, listsOf, tabStore, type TabStore } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000d0d02";

const freeze = (page: FakePage) => page.document.dispatchEvent(new Event("freeze"));
const resume = (page: FakePage) => page.document.dispatchEvent(new Event("resume"));

describe("live: a frozen page (freeze, resume)", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];

  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));

  const payload = () => ({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true, baseUrl: hedger.baseUrl, appName: "page-freeze-test" });
  function openTab(crossTab: ReturnType<typeof fakeOrigin> | false, page = new FakePage()): TabStore {
    const t = tabStore(crossTab, { page });
    t.dispatch(connectNotifications(payload()));
    tabs.push(t);
    return t;
  }
  const sameLists = (a: TabStore, b: TabStore) => JSON.stringify(listsOf(a)) === JSON.stringify(listsOf(b));

  it("a leader about to be frozen closes its socket and lets the lock go at once; a follower takes over; on resume it rejoins as a follower with what it missed", async () => {
    const origin = fakeOrigin();
    const page = new FakePage();
    const a = openTab(origin, page);
    await until("a leads", () => a.open() === 1 && hedger.subscribers(ACCOUNT) === 1);
    const [b, c] = [openTab(origin), openTab(origin)];
    const first = hedger.emit(ACCOUNT, VISIBLE);
    await until("the first in every tab", () => tabs.every((t) => t.state().unreadNotifications.length === 1));

    freeze(page);
    expect(a.open(), "the socket closes in the freeze event").to.equal(0);
    await until("a follower takes over", () => hedger.subscribers(ACCOUNT) === 1 && b.open() + c.open() === 1);
    const during = hedger.emit(ACCOUNT, VISIBLE);
    await until("the new one in b and c", () => [b, c].every((t) => t.state().unreadNotifications.some((n) => n.id === during.id)));
    c.dispatch(readAllNotifications());
    await until("b and c agree", () => sameLists(b, c) && b.state().readNotifications.length === 2);

    resume(page);
    await until("a shows what b shows", () => sameLists(a, b));
    expect(listsOf(a)).to.deep.equal({ unread: [], read: [during.id, first.id] });
    expect(a.open(), "the resumed tab follows").to.equal(0);
    expect(hedger.subscribers(ACCOUNT)).to.equal(1);
    expect(hedger.connectionCount, "a's socket, then the takeover's").to.equal(2);
  });

  it("what a leader received but had not applied when it froze is applied there and relayed before the lock goes: one announcement, not a second from the next leader's backfill", async () => {
    // Chromium may fire freeze a few ms after it answered CDP's Page.setWebLifecycleState, so an item can
    // reach the leader's socket and wait for the intake's next task when the freeze closes the connection.
    const origin = fakeOrigin();
    const page = new FakePage();
    const announced: string[] = [];
    let answered = 0;
    const options = (name: string) => ({
      onNewNotification: (n: NotificationDetails) => announced.push(`${name} ${n.id}`),
      fetch: (async (...args: Parameters<typeof fetch>) => {
        const response = await fetch(...args);
        const body = await response.text();
        answered++;
        return new Response(body, { status: response.status, headers: response.headers });
      }) as typeof fetch,
    });
    // The leader's timers hold what is due at once while `holding`: the intake's next task, here.
    const held: Array<() => void> = [];
    let holding = false;
    const timers = {
      setTimeout: (callback: () => void, ms: number) => (holding && ms === 0 ? void held.push(callback) : setTimeout(callback, ms)),
      clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
    };
    const a = tabStore(origin, { page, timers, ...options("a") });
    a.dispatch(connectNotifications(payload()));
    tabs.push(a);
    await until("a leads", () => a.open() === 1 && hedger.subscribers(ACCOUNT) === 1);
    const [b, c] = ["b", "c"].map((name) => {
      const t = tabStore(origin, options(name));
      t.dispatch(connectNotifications(payload()));
      tabs.push(t);
      return t;
    });
    await until("b and c joined", () => [b, c].every((t) => t.state().connectionStatus === "open"));
    const first = hedger.emit(ACCOUNT, VISIBLE);
    await until("the first in every tab", () => tabs.every((t) => t.state().unreadNotifications.length === 1));

    holding = true;
    const late = hedger.emit(ACCOUNT, VISIBLE);
    await until("the late one received by a, not applied yet", () => held.length > 0);
    expect(a.state().unreadNotifications.map((n) => n.id)).to.deep.equal([first.id]);
    const backfills = answered;
    freeze(page);
    expect(
      a.state().unreadNotifications.map((n) => n.id),
      "applied as the connection closes"
    ).to.deep.equal([late.id, first.id]);
    await until("a follower takes over and backfills", () => hedger.subscribers(ACCOUNT) === 1 && b.open() + c.open() === 1 && answered > backfills);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the backfill's answer is applied in the microtasks after it
    await until("the late one in b and c", () => [b, c].every((t) => t.state().unreadNotifications.some((n) => n.id === late.id)));
    expect(announced.filter((line) => line.endsWith(` ${late.id}`))).to.deep.equal([`a ${late.id}`]);
    expect(announced.filter((line) => line.endsWith(` ${first.id}`))).to.deep.equal([`a ${first.id}`]);
  });

  it("a follower about to be frozen withdraws its lock request: when the leader leaves, a running follower takes over, not the frozen one", async () => {
    const origin = fakeOrigin();
    const [pageA, pageB] = [new FakePage(), new FakePage()];
    const a = openTab(origin, pageA);
    await until("a leads", () => a.open() === 1);
    const b = openTab(origin, pageB);
    const c = openTab(origin);
    await until("c joined", () => c.state().connectionStatus === "open");

    freeze(pageB);
    pageA.hide();
    await until("c takes over", () => c.open() === 1 && hedger.subscribers(ACCOUNT) === 1);
    expect(b.open(), "the frozen follower opened no socket").to.equal(0);
    const n = hedger.emit(ACCOUNT, VISIBLE);
    await until("c shows it", () => c.state().unreadNotifications.some((x) => x.id === n.id));

    resume(pageB);
    await until("b shows it too", () => b.state().unreadNotifications.some((x) => x.id === n.id));
    expect(b.open()).to.equal(0);
    expect(hedger.connectionCount, "a's socket, then c's").to.equal(2);
  });

  it("with its own socket (crossTab: false): closed on freeze, opened again on resume with a backfill of what was sent meanwhile", async () => {
    const page = new FakePage();
    const t = openTab(false, page);
    await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
    freeze(page);
    await until("unsubscribed", () => hedger.subscribers(ACCOUNT) === 0);
    const missed = hedger.emit(ACCOUNT, VISIBLE);
    resume(page);
    await until("the missed one, by backfill", () => t.state().unreadNotifications.some((n) => n.id === missed.id));
    expect(hedger.subscribers(ACCOUNT)).to.equal(1);
  });

  it("a page frozen in the back-forward cache (pagehide, freeze, then resume, pageshow) connects again once", async () => {
    const page = new FakePage();
    const t = openTab(false, page);
    await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
    page.hide();
    freeze(page);
    resume(page);
    expect(t.sockets.length, "the resume of a page that left connects nothing").to.equal(1);
    page.show();
    await until("subscribed again", () => hedger.subscribers(ACCOUNT) === 1);
    expect(t.sockets.length, "one new socket").to.equal(2);
  });

  it("a resume with no freeze before it, or after disconnect, does nothing", async () => {
    const page = new FakePage();
    const t = openTab(false, page);
    await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
    resume(page);
    expect(t.sockets.length).to.equal(1);
    freeze(page);
    t.dispatch({ type: "notifications/disconnect" });
    resume(page);
    expect(t.sockets.length, "no socket after the app disconnected").to.equal(1);
    expect(page.document.listeners, "no listener left").to.equal(0);
  });
});
