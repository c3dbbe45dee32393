// The cross-tab layer against hostile input, in Node with the fakes (whose BroadcastChannel
// structured-clones like a browser's): a socket message of hostile wire strings still reaches every
// tab, and a peer on the channel posting malformed messages, or a status while it is not the
// leader, changes nothing in any tab (docs/cross-tab.md#messages-between-tabs).
import { expect } from "chai";
import { connectNotifications, ingestNotifications, type NotificationDetails } from "../../../../src/notifications";
import { CROSS_TAB_PROTOCOL_VERSION, crossTabNames } from "../../../../src/notifications/live/cross-tab/protocol";
import type { MockHedger } from "../../../../src/mock-hedger";
import { fakeOrigin } from "../../../support/cross-tab-fakes";
import { until } from "../../../support/wait";
import { HOSTILE, expectPlainNotification, note } from "../../helpers/fixtures";
import { hedgerPerTest, VISIBLE, tabStore, type TabStore } from "../../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000c0c11";
const v = CROSS_TAB_PROTOCOL_VERSION;

/** Everything a tab shows: both lists in full, and the connection status. */
const shown = (t: TabStore) => JSON.stringify({ unread: t.state().unreadNotifications, read: t.state().readNotifications, status: t.state().connectionStatus });

describe("live: cross-tab against hostile input (fakes)", () => {
  let hedger: MockHedger;
  let tabs: TabStore[];
  let origin: ReturnType<typeof fakeOrigin>;

  hedgerPerTest((h, t) => ((hedger = h), (tabs = t)));
  beforeEach(() => {
    origin = fakeOrigin();
  });

  function openTab(): TabStore {
    const t = tabStore(origin);
    t.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true, baseUrl: hedger.baseUrl, appName: "hostile-test" }));
    tabs.push(t);
    return t;
  }
  const leaders = () => tabs.filter((t) => t.open() > 0);
  const ids = (t: TabStore) => t.state().unreadNotifications.map((n) => n.id);

  it("a socket message with a hostile last_seen_action, then good ones: both tabs' lists equal, and a tab opened later syncs them", async () => {
    openTab();
    openTab();
    await until("a subscription", () => hedger.subscribers(ACCOUNT) === 1);
    await until("both tabs open", () => tabs.every((t) => t.state().connectionStatus === "open"));
    const emitted = [
      ...HOSTILE.map((value) => hedger.emit(ACCOUNT, { ...VISIBLE, last_seen_action: value })),
      hedger.emit(ACCOUNT, VISIBLE),
      hedger.emit(ACCOUNT, VISIBLE),
    ];
    const want = emitted.map((n) => n.id).sort();
    const holdsAll = (t: TabStore) => JSON.stringify([...ids(t)].sort()) === JSON.stringify(want);
    await until("every item in both tabs", () => tabs.every(holdsAll));
    const late = openTab();
    await until("every item in the late tab", () => holdsAll(late));
    for (const t of tabs) {
      expect(JSON.stringify(t.state().unreadNotifications), "the same list in every tab").to.equal(JSON.stringify(tabs[0].state().unreadNotifications));
      for (const n of t.state().unreadNotifications) expectPlainNotification(n);
    }
    expect(
      late.state().unreadNotifications.map((n) => n.lastSeenAction),
      "kept as plain strings"
    ).to.include.members([...HOSTILE]);
  });

  describe("a peer on the channel posting a malformed message, or a status while not the leader", () => {
    let peer: InstanceType<typeof origin.BroadcastChannel>;
    /** The tabs' ids, as their answers to the peer's hello name them. */
    let tabIds: string[];
    let sentinels = 0;

    beforeEach(async () => {
      openTab();
      openTab();
      await until("a leader, both tabs open", () => leaders().length === 1 && tabs.every((t) => t.state().connectionStatus === "open"));
      leaders()[0].dispatch(ingestNotifications([note({ id: "a", quoteId: "1", modifyTime: "1000" }), note({ id: "b", quoteId: "2", modifyTime: "1001" })]));
      await until("both items in both tabs", () => tabs.every((t) => t.state().unreadNotifications.length === 2));
      peer = new origin.BroadcastChannel(crossTabNames(hedger.socketUrl, ACCOUNT).channel);
      const answers = new Set<string>();
      peer.onmessage = (event: { data: { kind?: string; from?: string } }) => {
        if (event.data.kind === "lists" && typeof event.data.from === "string") answers.add(event.data.from);
      };
      peer.postMessage({ v, from: "peer", kind: "hello" });
      await until("both tabs answered the peer's hello", () => answers.size === 2);
      tabIds = [...answers];
    });
    afterEach(() => peer.close());

    /**
     * Posts `message`, then a good ingest from the same peer (a channel keeps one sender's order):
     * once that has arrived everywhere, the bad one was handled. Every tab must show what it
     * showed before plus the good item, and have logged a warning.
     */
    async function expectIgnored(message: unknown, warning: RegExp) {
      const before = tabs.map((t) => JSON.parse(shown(t)) as { unread: NotificationDetails[]; read: NotificationDetails[]; status: string });
      const warned = tabs.map((t) => t.logger.warnings.length);
      const sentinel = note({ id: `sentinel-${++sentinels}`, quoteId: String(900 + sentinels), modifyTime: "2000" });
      peer.postMessage(message);
      peer.postMessage({ v, from: "peer", kind: "action", action: { type: "notifications/ingest", payload: [sentinel] } });
      await until("the peer's good ingest in every tab", () => tabs.every((t) => t.state().unreadNotifications.some((n) => n.id === sentinel.id)));
      tabs.forEach((t, i) => expect(JSON.parse(shown(t)), `tab ${i}`).to.deep.equal({ ...before[i], unread: [sentinel, ...before[i].unread] }));
      tabs.forEach((t, i) => expect(t.logger.warnings.slice(warned[i]).join("\n"), `tab ${i}'s warning`).to.match(warning));
    }
    const ingest = (payload: unknown) => ({ v, from: "peer", kind: "action", action: { type: "notifications/ingest", payload } });
    const evil = (fields: Record<string, unknown>) => ({ ...note({ id: "evil", quoteId: "666", modifyTime: "3000" }), ...fields });

    it("an item missing a field the store's type requires (createTime)", async () => {
      const item: Record<string, unknown> = evil({});
      delete item.createTime;
      await expectIgnored(ingest([item]), /createTime missing/);
    });

    it("an item with a field of the wrong type (quoteId a number, showInModal a string)", async () => {
      await expectIgnored(ingest([evil({ quoteId: 666 })]), /quoteId of the wrong type/);
      await expectIgnored(ingest([evil({ showInModal: "true" })]), /showInModal of the wrong type/);
    });

    it("an item with a nested object where a string belongs (a function-like lastSeenAction)", async () => {
      await expectIgnored(ingest([evil({ lastSeenAction: { name: "Object", prototype: {}, length: 1 } })]), /lastSeenAction of the wrong type/);
    });

    it("an item with a notificationType the store does not know", async () => {
      await expectIgnored(ingest([evil({ notificationType: "constructor" })]), /notificationType of the wrong type/);
    });

    it("an item with a field the store's type does not have", async () => {
      await expectIgnored(ingest([evil({ extra: { deep: true } })]), /unknown field "extra"/);
    });

    it("a bad item among good ones in one list: none of them is applied", async () => {
      await expectIgnored(ingest([note({ id: "fine", quoteId: "667", modifyTime: "3000" }), evil({ modifyTime: 3000 })]), /modifyTime of the wrong type/);
    });

    it("a read list with a malformed item, and lists for a tab with a malformed item", async () => {
      await expectIgnored(
        { v, from: "peer", kind: "action", action: { type: "notifications/readAllNotifications", payload: [evil({ version: "2" })] } },
        /version of the wrong type/
      );
      for (const to of tabIds) await expectIgnored({ v, from: "peer", kind: "lists", to, unread: [evil({ id: 7 })], read: [] }, /id of the wrong type/);
    });

    it("messages without a sender, with an unknown kind, an action that is not a list change, or a payload that is not a list", async () => {
      await expectIgnored({ v, kind: "action", action: { type: "notifications/ingest", payload: [evil({})] } }, /no sender/);
      await expectIgnored({ v, from: "peer", kind: "takeover" }, /unknown kind/);
      await expectIgnored(
        { v, from: "peer", kind: "action", action: { type: "notifications/connectionStatusChanged", payload: "closed" } },
        /not a relayed list change/
      );
      await expectIgnored(ingest(evil({})), /not an array/);
    });

    it("a status from a tab that is not the leader", async () => {
      await expectIgnored({ v, from: "peer", kind: "status", status: "closed" }, /not the leader/);
    });
  });
});
