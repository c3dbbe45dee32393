// The page's life cycle in Node, with a fake window (pagehide, pageshow, online), its document
// (visibilitychange) and fakes of Web Locks and BroadcastChannel, against a real mock hedger: a
// hidden page closes its connection at once, a page restored from the back-forward cache connects
// again and shows what it missed, and a session that gave up after maxRetries tries again when the
// browser comes online, when the tab becomes visible, or on a new connect, and at no other time.
import { expect } from "chai";
import { connectNotifications, disconnectNotifications, readAllNotifications, readOneNotification } from "../../../src/notifications";
import type { MockHedger } from "../../../src/mock-hedger";
import { FakePage, fakeOrigin } from "../../support/cross-tab-fakes";
import { sleep, until } from "../../support/wait";
import { FAST_BACKOFF, VISIBLE, hedgerPerTest, listsOf, tabStore, type TabStore } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000d0d01";

describe("live: the page's life cycle (pagehide, pageshow)", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];

  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));

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
    await until("the hedger counts one subscriber", () => hedger.subscribers(ACCOUNT) === 1);
    expect(t.state().connectionStatus).to.equal("open");
  });

  it("does nothing on a first load's pageshow, nor after disconnectNotifications(), and then holds no listener", async () => {
    const page = new FakePage();
    const t = openTab(fakeOrigin(), page);
    await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
    expect(page.listeners, "pagehide, pageshow, online").to.equal(3);
    expect(page.document.listeners, "visibilitychange, freeze, resume").to.equal(3);
    page.show(false);
    await sleep(30);
    expect(t.open()).to.equal(1);
    expect(hedger.connectionCount).to.equal(1);

    t.dispatch(disconnectNotifications());
    expect(page.listeners).to.equal(0);
    expect(page.document.listeners).to.equal(0);
    page.hide();
    page.show();
    await sleep(50);
    expect(t.sockets.length, "no socket after the app disconnected").to.equal(1);
    expect(t.state().connectionStatus).to.equal("closed");
  });
});

describe("live: trying again after maxRetries (online, a visible tab, a new connect)", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];

  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));

  const payload = () => ({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true, baseUrl: hedger.baseUrl, appName: "retry-test" });
  function openTab(crossTab: ReturnType<typeof fakeOrigin> | false, page: FakePage, backoff: object = { maxRetries: 1 }): TabStore {
    const t = tabStore(crossTab, { page, backoff: { ...FAST_BACKOFF, ...backoff } });
    t.dispatch(connectNotifications(payload()));
    tabs.push(t);
    return t;
  }
  /** A tab of its own socket whose session gave up (maxRetries 1: two attempts) while the hedger was down; the hedger is up again. */
  async function gaveUp(page = new FakePage()): Promise<TabStore> {
    await hedger.goDown();
    const t = openTab(false, page);
    await until("given up", () => t.state().connectionStatus === "closed");
    expect(t.logger.errors.join("\n")).to.match(/gave up reconnecting to .* after 1 retries/);
    expect(t.sockets.length).to.equal(2);
    await hedger.up();
    return t;
  }
  /** What the triggers must not do: open another socket (a retry opens it at once, synchronously). */
  function triggerAll(t: TabStore, page: FakePage): void {
    page.online();
    page.document.become("hidden");
    page.document.become("visible");
    t.dispatch(connectNotifications(payload()));
  }

  it("the browser coming back online: a fresh count of retries, then open, subscribed and backfilled", async () => {
    const page = new FakePage();
    const t = await gaveUp(page);
    const missed = hedger.emit(ACCOUNT, VISIBLE); // recorded while nobody listens
    expect(t.sockets.length, "nothing tries by itself once given up").to.equal(2);
    page.online();
    expect(t.sockets.length, "a new socket at once").to.equal(3);
    await until("open again", () => t.state().connectionStatus === "open" && hedger.subscribers(ACCOUNT) === 1);
    await until("the missed one, by backfill", () => t.state().unreadNotifications.some((n) => n.id === missed.id));
  });

  it("the tab becoming visible, and not becoming hidden", async () => {
    const page = new FakePage();
    const t = await gaveUp(page);
    page.document.become("hidden");
    expect(t.sockets.length, "hidden: nothing").to.equal(2);
    page.document.become("visible");
    expect(t.sockets.length).to.equal(3);
    await until("open again", () => t.state().connectionStatus === "open" && hedger.subscribers(ACCOUNT) === 1);
  });

  it("online in a hidden tab: nothing until the tab is shown", async () => {
    const page = new FakePage();
    const t = await gaveUp(page);
    page.document.become("hidden");
    page.online();
    expect(t.sockets.length).to.equal(2);
    page.document.become("visible");
    expect(t.sockets.length).to.equal(3);
    await until("open again", () => t.state().connectionStatus === "open");
  });

  it("a new connect for the same connection", async () => {
    const t = await gaveUp();
    t.dispatch(connectNotifications(payload()));
    expect(t.sockets.length).to.equal(3);
    await until("open again", () => t.state().connectionStatus === "open" && hedger.subscribers(ACCOUNT) === 1);
  });

  it("tried again while the hedger is still down, it gives up again after maxRetries", async () => {
    const page = new FakePage();
    const t = await gaveUp(page);
    await hedger.goDown();
    page.online();
    await until("given up again", () => t.logger.errors.length === 2);
    expect(t.sockets.length, "two more attempts: the count of retries started again").to.equal(4);
    expect(t.state().connectionStatus).to.equal("closed");
  });

  it("nothing tries again before maxRetries is reached: a retry already waits for its delay", async () => {
    await hedger.goDown();
    const page = new FakePage();
    const t = openTab(false, page, { maxRetries: 3, minDelayMs: 60_000, maxDelayMs: 60_000 });
    await until("waiting to retry", () => t.state().connectionStatus === "reconnecting" && t.sockets[0].readyState === t.sockets[0].CLOSED);
    triggerAll(t, page);
    expect(t.sockets.length).to.equal(1);
    expect(t.state().connectionStatus).to.equal("reconnecting");
  });

  it("nothing tries again while connected", async () => {
    const page = new FakePage();
    const t = openTab(false, page);
    await until("open", () => t.state().connectionStatus === "open" && hedger.subscribers(ACCOUNT) === 1);
    triggerAll(t, page);
    expect(t.sockets.length).to.equal(1);
    expect(hedger.connectionCount).to.equal(1);
  });

  /** A leader and a follower on one origin, the leader's session given up; the hedger is up again. */
  async function followerOfGaveUp() {
    await hedger.goDown();
    const origin = fakeOrigin();
    const a = openTab(origin, new FakePage());
    await until("a leads", () => a.sockets.length === 1);
    const bPage = new FakePage();
    const b = openTab(origin, bPage);
    await until("both closed", () => a.state().connectionStatus === "closed" && b.state().connectionStatus === "closed");
    expect(a.sockets.length + b.sockets.length).to.equal(2);
    await hedger.up();
    return { a, b, bPage };
  }

  it("a follower becoming visible asks the leader, which owns the socket, to try again: still one socket", async () => {
    const { a, b, bPage } = await followerOfGaveUp();
    bPage.document.become("visible");
    await until("both open", () => a.state().connectionStatus === "open" && b.state().connectionStatus === "open");
    expect([a.sockets.length, b.sockets.length]).to.deep.equal([3, 0]);
    await until("the hedger counts one subscriber", () => hedger.subscribers(ACCOUNT) === 1);
  });

  it("a follower's moments to try again, while the leader is connected, send nothing and open nothing", async () => {
    const origin = fakeOrigin();
    const a = openTab(origin, new FakePage());
    const bPage = new FakePage();
    const b = openTab(origin, bPage);
    await until("both open", () => a.state().connectionStatus === "open" && b.state().connectionStatus === "open");
    const posted = origin.channels.posted.length;
    triggerAll(b, bPage);
    expect(origin.channels.posted.slice(posted).filter((m) => (m as { kind?: string }).kind === "retry")).to.deep.equal([]);
    expect([a.sockets.length, b.sockets.length]).to.deep.equal([1, 0]);
  });

  it("a new connect in a follower asks the leader to try again", async () => {
    const { a, b } = await followerOfGaveUp();
    b.dispatch(connectNotifications(payload()));
    await until("both open", () => a.state().connectionStatus === "open" && b.state().connectionStatus === "open");
    expect([a.sockets.length, b.sockets.length]).to.deep.equal([3, 0]);
    await until("the hedger counts one subscriber", () => hedger.subscribers(ACCOUNT) === 1);
  });
});
