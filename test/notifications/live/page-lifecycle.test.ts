// The page's life cycle in Node, with a fake window (pagehide, pageshow) and fakes of Web Locks and
// BroadcastChannel, against a real mock hedger: a hidden page closes its connection at once, and a
// page restored from the back-forward cache connects again and shows what it missed.
import { expect } from "chai";
import { connectNotifications, disconnectNotifications, readAllNotifications, readOneNotification } from "../../../src/notifications";
import { startMockHedger, type MockHedger } from "../../../src/mock-hedger";
import { FakePage, fakeOrigin } from "../../support/cross-tab-fakes";
import { sleep, until } from "../../support/wait";
import { VISIBLE, listsOf, tabStore, type TabStore } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000d0d01";

describe("live: the page's life cycle (pagehide, pageshow)", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];

  beforeEach(async () => {
    hedger = await startMockHedger({ port: 0 });
    tabs = [];
  });
  afterEach(async () => {
    for (const t of tabs) t.dispatch(disconnectNotifications());
    await hedger.close();
  });

  const payload = () => ({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true, baseUrl: hedger.baseUrl, appName: "page-lifecycle-test" });
  function openTab(crossTab: ReturnType<typeof fakeOrigin> | false, page: FakePage): TabStore {
    const t = tabStore(crossTab, { page });
    t.dispatch(connectNotifications(payload()));
    tabs.push(t);
    return t;
  }
  const equalLists = (a: TabStore, b: TabStore) => JSON.stringify(listsOf(a)) === JSON.stringify(listsOf(b));

  it("a leader's page hidden steps down at once; restored from the back-forward cache, it rejoins as a follower with the lists it missed", async () => {
    const origin = fakeOrigin();
    const page = new FakePage();
    const a = openTab(origin, page);
    await until("a leads", () => a.open() === 1);
    const [b, c] = [openTab(origin, new FakePage()), openTab(origin, new FakePage())];
    const first = [hedger.emit(ACCOUNT, VISIBLE), hedger.emit(ACCOUNT, VISIBLE)];
    await until("two in every tab", () => tabs.every((t) => t.state().unreadNotifications.length === 2));

    page.hide();
    expect(a.open(), "the hidden leader's socket closes at once").to.equal(0);
    expect(a.state().connectionStatus).to.equal("closed");
    await until("a follower takes over", () => hedger.subscribers(ACCOUNT) === 1 && b.open() + c.open() === 1);
    // While a is away: a read in one tab, a new item, all read in another, then one more item.
    b.dispatch(readOneNotification(b.state().unreadNotifications.find((n) => n.id === first[0].id)!));
    const during = hedger.emit(ACCOUNT, VISIBLE);
    await until("the new one in b and c", () => [b, c].every((t) => t.state().unreadNotifications.some((n) => n.id === during.id)));
    c.dispatch(readAllNotifications());
    const last = hedger.emit(ACCOUNT, VISIBLE);
    await until("b and c agree", () => equalLists(b, c) && b.state().unreadNotifications.length === 1);
    expect(listsOf(a), "nothing reaches a hidden page").to.deep.equal({ unread: [first[1].id, first[0].id], read: [] });

    page.show();
    await until("a shows what b shows", () => equalLists(a, b));
    expect(listsOf(a)).to.deep.equal({ unread: [last.id], read: [during.id, first[1].id, first[0].id] });
    await until("a shows the leader's status", () => a.state().connectionStatus === "open");
    expect(a.open(), "a restored page follows").to.equal(0);
    expect(hedger.subscribers(ACCOUNT)).to.equal(1);
    expect(hedger.connectionCount).to.equal(2);
  });

  it("with its own socket (crossTab: false), a restored page reconnects and backfills what was sent while it was hidden", async () => {
    const page = new FakePage();
    const t = openTab(false, page);
    await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
    page.hide();
    await until("unsubscribed", () => hedger.subscribers(ACCOUNT) === 0);
    const missed = hedger.emit(ACCOUNT, VISIBLE); // nobody listens: recorded for the backfill only
    page.show();
    await until("the missed one, by backfill", () => t.state().unreadNotifications.some((n) => n.id === missed.id));
    expect(hedger.subscribers(ACCOUNT)).to.equal(1);
    expect(t.state().connectionStatus).to.equal("open");
  });

  it("does nothing on a first load's pageshow, nor after disconnectNotifications(), and then holds no listener", async () => {
    const page = new FakePage();
    const t = openTab(fakeOrigin(), page);
    await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
    expect(page.listeners).to.equal(2);
    page.show(false);
    await sleep(30);
    expect(t.open()).to.equal(1);
    expect(hedger.connectionCount).to.equal(1);

    t.dispatch(disconnectNotifications());
    expect(page.listeners).to.equal(0);
    page.hide();
    page.show();
    await sleep(50);
    expect(t.sockets.length, "no socket after the app disconnected").to.equal(1);
    expect(t.state().connectionStatus).to.equal("closed");
  });
});
