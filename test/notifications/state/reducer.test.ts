// Every list transition (add unread, add read, set, read one, read all, update timestamp and flag)
// and every list rule of docs/contributing/design.md#list-rules, table-driven. Each case runs twice: through a real store (indexes warm) and on a
// JSON copy of the state (indexes cold), which must give the same lists.
import { expect } from "chai";
import {
  ActionStatus,
  ApiState,
  NotificationType,
  NotificationsActionType,
  addReadNotification,
  addUnreadNotification,
  ingestNotifications,
  initialNotificationsState,
  notificationsReducer,
  readAllNotifications,
  readOneNotification,
  setReadNotifications,
  setUnreadNotifications,
  updateIsNewNotification,
  updateTimestamp,
  type NotificationDetails,
  type NotificationState,
  type NotificationsAction,
} from "../../../src/notifications";
import {
  notificationsFetchFailed,
  notificationsFetchStarted,
  notificationsFetchSucceeded,
  setConnectionStatus,
} from "../../../src/notifications/state/actions";
import { expectInvariants, newStore, note } from "../helpers/fixtures";

type N = NotificationDetails;

/** "id@modifyTime" (plus "vN" when versioned): tells versions of one notification apart. */
const tag = (n: N) => `${n.id ?? "-"}@${n.modifyTime}${n.version !== undefined ? `v${n.version}` : ""}`;
const tags = (list: readonly N[]) => list.map(tag);

const TC = NotificationType.TRANSFER_COLLATERAL;
const seen = { actionStatus: ActionStatus.SEEN, notificationType: NotificationType.SEEN_BY_HEDGER };
const report = { stateType: "report", notificationType: NotificationType.PARTIAL_FILL, showInModal: false };

interface Case {
  name: string;
  unread?: N[];
  read?: N[];
  action: NotificationsAction;
  unreadAfter: string[];
  readAfter: string[];
  /** The reducer must hand back the very same state object. */
  unchanged?: boolean;
}

/** readAllNotifications as the tabs relay it: with the list that one tab read. */
const readAllWith = (list: N[]): NotificationsAction => ({ type: NotificationsActionType.readAllNotifications, payload: list });

const a1000 = note({ id: "a", quoteId: "1", modifyTime: "1000" });
const b2000 = note({ id: "b", quoteId: "2", modifyTime: "2000" });

/** An instant order's first notification, known by its temporary quote id alone, and its confirmations. */
const temporary = (modifyTime: string, more: Partial<N> = {}) => note({ id: null, quoteId: null, tempQuoteId: -172, modifyTime, ...seen, ...more });
const confirmed = (modifyTime: string, more: Partial<N> = {}) => note({ id: "c1", quoteId: "5006", tempQuoteId: -172, modifyTime, ...seen, ...more });

const cases: Record<string, Case[]> = {
  "instant orders: a temporary notification, then the same with its id": [
    {
      name: "the confirmation takes the temporary one's place",
      unread: [temporary("1000")],
      action: addUnreadNotification(confirmed("1010")),
      unreadAfter: ["c1@1010"],
      readAfter: [],
    },
    {
      name: "the confirmation takes its place even with an earlier time",
      unread: [temporary("1000")],
      action: addUnreadNotification(confirmed("990")),
      unreadAfter: ["c1@990"],
      readAfter: [],
    },
    {
      name: "a late temporary frame changes no list once confirmed (only lastUpdateTimestamp sees its time)",
      unread: [confirmed("1010")],
      action: addUnreadNotification(temporary("1020")),
      unreadAfter: ["c1@1010"],
      readAfter: [],
    },
    {
      name: "a temporary one already read, confirmed no later: the confirmation stays read",
      read: [temporary("1000")],
      action: addUnreadNotification(confirmed("1000")),
      unreadAfter: [],
      readAfter: ["c1@1000"],
    },
    {
      name: "a temporary one already read, confirmed later: the confirmation is unread",
      read: [temporary("1000")],
      action: addUnreadNotification(confirmed("1010")),
      unreadAfter: ["c1@1010"],
      readAfter: [],
    },
    {
      name: "a newer temporary frame of the same status supersedes the older",
      unread: [temporary("1000")],
      action: addUnreadNotification(temporary("1005", { filledAmountOpen: "1" })),
      unreadAfter: ["-@1005"],
      readAfter: [],
    },
    {
      name: "another status of the same order is another notification",
      unread: [temporary("1000")],
      action: addUnreadNotification(temporary("1005", { actionStatus: ActionStatus.SUCCESS, notificationType: NotificationType.SUCCESS })),
      unreadAfter: ["-@1005", "-@1000"],
      readAfter: [],
    },
    {
      name: "reading the temporary one a page still shows reads its confirmation",
      unread: [confirmed("1010")],
      action: readOneNotification(temporary("1000")),
      unreadAfter: [],
      readAfter: ["c1@1010"],
    },
    {
      name: "an ingest of both, in order, keeps one row",
      action: ingestNotifications([temporary("1000"), confirmed("1010")]),
      unreadAfter: ["c1@1010"],
      readAfter: [],
    },
  ],
  addUnreadNotification: [
    { name: "adds to an empty unread list", action: addUnreadNotification(a1000), unreadAfter: ["a@1000"], readAfter: [] },
    {
      name: "keeps unread newest first",
      unread: [b2000],
      action: addUnreadNotification(note({ id: "c", quoteId: "3", modifyTime: "1500" })),
      unreadAfter: ["b@2000", "c@1500"],
      readAfter: [],
    },
    {
      name: "compares modifyTime as a number, not as text",
      unread: [note({ id: "x", quoteId: "9", modifyTime: "999" })],
      action: addUnreadNotification(note({ id: "y", quoteId: "8", modifyTime: "1000" })),
      unreadAfter: ["y@1000", "x@999"],
      readAfter: [],
    },
    {
      name: "same id and newer: supersedes",
      unread: [a1000],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1100" })),
      unreadAfter: ["a@1100"],
      readAfter: [],
    },
    {
      name: "same id and older: a replay changes nothing",
      unread: [a1000],
      action: addUnreadNotification(note({ id: "a", modifyTime: "900" })),
      unreadAfter: ["a@1000"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "same id and equally new: the incoming one wins the tie",
      unread: [note({ id: "a", modifyTime: "1000", filledAmountOpen: "1" })],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1000", filledAmountOpen: "2" })),
      unreadAfter: ["a@1000"],
      readAfter: [],
    },
    {
      name: "other id, same (quoteId, type, status) and newer: supersedes",
      unread: [b2000, a1000],
      action: addUnreadNotification(note({ id: "a2", quoteId: "1", modifyTime: "1200" })),
      unreadAfter: ["b@2000", "a2@1200"],
      readAfter: [],
    },
    {
      name: "other id, same (quoteId, type, status) and older: changes nothing",
      unread: [a1000],
      action: addUnreadNotification(note({ id: "a0", quoteId: "1", modifyTime: "999" })),
      unreadAfter: ["a@1000"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "same quoteId but another actionStatus: both kept",
      unread: [a1000],
      action: addUnreadNotification(note({ id: "s", quoteId: "1", modifyTime: "1100", ...seen })),
      unreadAfter: ["s@1100", "a@1000"],
      readAfter: [],
    },
    {
      name: "same quoteId and status but another notificationType: both kept",
      unread: [a1000],
      action: addUnreadNotification(note({ id: "p", quoteId: "1", modifyTime: "1100", ...report })),
      unreadAfter: ["p@1100", "a@1000"],
      readAfter: [],
    },
    {
      name: "equal modifyTime: the higher version supersedes",
      unread: [note({ id: "a", modifyTime: "1000", version: 1 })],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1000", version: 2 })),
      unreadAfter: ["a@1000v2"],
      readAfter: [],
    },
    {
      name: "equal modifyTime: a lower version is a replay",
      unread: [note({ id: "a", modifyTime: "1000", version: 2 })],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1000", version: 1 })),
      unreadAfter: ["a@1000v2"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "a missing version counts as 0: below version 1",
      unread: [note({ id: "a", modifyTime: "1000", version: 1 })],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1000" })),
      unreadAfter: ["a@1000v1"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "a missing version counts as 0: ties version 0, incoming wins",
      unread: [note({ id: "a", modifyTime: "1000", version: 0, filledAmountOpen: "old" })],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1000" })),
      unreadAfter: ["a@1000"],
      readAfter: [],
    },
    {
      name: "TRANSFER_COLLATERAL notices sharing a quoteId: both kept",
      unread: [note({ id: "t1", quoteId: "5", notificationType: TC, modifyTime: "1000" })],
      action: addUnreadNotification(note({ id: "t2", quoteId: "5", notificationType: TC, modifyTime: "1100" })),
      unreadAfter: ["t2@1100", "t1@1000"],
      readAfter: [],
    },
    {
      name: "TRANSFER_COLLATERAL supersedes by id",
      unread: [note({ id: "t1", quoteId: "5", notificationType: TC, modifyTime: "1000" })],
      action: addUnreadNotification(note({ id: "t1", quoteId: "5", notificationType: TC, modifyTime: "1100" })),
      unreadAfter: ["t1@1100"],
      readAfter: [],
    },
    {
      name: "null quoteId and different ids: both kept",
      unread: [note({ id: "q1", quoteId: null })],
      action: addUnreadNotification(note({ id: "q2", quoteId: null, modifyTime: "1100" })),
      unreadAfter: ["q2@1100", "q1@1000"],
      readAfter: [],
    },
    {
      name: "no id: same quote key and newer supersedes",
      unread: [note({ id: null, quoteId: "4", modifyTime: "1000" })],
      action: addUnreadNotification(note({ id: null, quoteId: "4", modifyTime: "1001" })),
      unreadAfter: ["-@1001"],
      readAfter: [],
    },
    {
      name: "no id: same quote key and older changes nothing",
      unread: [note({ id: null, quoteId: "4", modifyTime: "1000" })],
      action: addUnreadNotification(note({ id: null, quoteId: "4", modifyTime: "999" })),
      unreadAfter: ["-@1000"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "a match in read stays read when the incoming one is equally new",
      read: [a1000],
      action: addUnreadNotification(note({ id: "a", modifyTime: "1000" })),
      unreadAfter: [],
      readAfter: ["a@1000"],
      unchanged: true,
    },
    {
      name: "a replay never brings a read item back",
      read: [a1000],
      action: addUnreadNotification(note({ id: "a", modifyTime: "900" })),
      unreadAfter: [],
      readAfter: ["a@1000"],
      unchanged: true,
    },
    {
      name: "a strictly newer version of a read item moves it to unread",
      read: [a1000, b2000].reverse(),
      action: addUnreadNotification(note({ id: "a", modifyTime: "1001" })),
      unreadAfter: ["a@1001"],
      readAfter: ["b@2000"],
    },
    {
      name: "a strictly newer report for a read quote key moves it to unread",
      read: [a1000],
      action: addUnreadNotification(note({ id: "a2", quoteId: "1", modifyTime: "1001" })),
      unreadAfter: ["a2@1001"],
      readAfter: [],
    },
    {
      name: "matching two stored items (by id and by quote key) and newer than both: replaces both",
      unread: [b2000, a1000],
      action: addUnreadNotification(note({ id: "a", quoteId: "2", modifyTime: "2100" })),
      unreadAfter: ["a@2100"],
      readAfter: [],
    },
    {
      name: "matching two stored items and older than one of them: changes nothing",
      unread: [b2000, a1000],
      action: addUnreadNotification(note({ id: "a", quoteId: "2", modifyTime: "1500" })),
      unreadAfter: ["b@2000", "a@1000"],
      readAfter: [],
      unchanged: true,
    },
  ],
  ingest: [
    {
      name: "applies the addUnreadNotification rules to each item in order",
      unread: [a1000],
      read: [b2000],
      action: ingestNotifications([
        note({ id: "c", quoteId: "3", modifyTime: "1500" }),
        note({ id: "a", modifyTime: "900" }),
        note({ id: "b", quoteId: "2", modifyTime: "2000" }),
        note({ id: "c", quoteId: "3", modifyTime: "1600" }),
        note({ id: "d", quoteId: "4", modifyTime: "1600" }),
      ]),
      unreadAfter: ["d@1600", "c@1600", "a@1000"],
      readAfter: ["b@2000"],
    },
    {
      name: "a batch of replays changes nothing",
      unread: [a1000],
      action: ingestNotifications([note({ id: "a", modifyTime: "999" })]),
      unreadAfter: ["a@1000"],
      readAfter: [],
      unchanged: true,
    },
    { name: "an empty batch changes nothing", unread: [a1000], action: ingestNotifications([]), unreadAfter: ["a@1000"], readAfter: [], unchanged: true },
  ],
  addReadNotification: [
    { name: "adds to read", action: addReadNotification(a1000), unreadAfter: [], readAfter: ["a@1000"] },
    {
      name: "removes the same notification from unread",
      unread: [a1000, b2000].reverse(),
      action: addReadNotification(note({ id: "a", modifyTime: "1000" })),
      unreadAfter: ["b@2000"],
      readAfter: ["a@1000"],
    },
    {
      name: "supersedes a read item of the same quote key",
      read: [a1000],
      action: addReadNotification(note({ id: "a2", quoteId: "1", modifyTime: "1100" })),
      unreadAfter: [],
      readAfter: ["a2@1100"],
    },
    {
      name: "older than the unread one: a replay changes nothing",
      unread: [a1000],
      action: addReadNotification(note({ id: "a", modifyTime: "900" })),
      unreadAfter: ["a@1000"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "older than the read one: a replay changes nothing",
      read: [a1000],
      action: addReadNotification(note({ id: "a", modifyTime: "900" })),
      unreadAfter: [],
      readAfter: ["a@1000"],
      unchanged: true,
    },
  ],
  setUnreadNotifications: [
    {
      name: "replaces the unread list entirely, newest first",
      unread: [a1000],
      action: setUnreadNotifications([note({ id: "c", quoteId: "3", modifyTime: "10" }), note({ id: "d", quoteId: "4", modifyTime: "20" })]),
      unreadAfter: ["d@20", "c@10"],
      readAfter: [],
    },
    {
      name: "deduplicates by id and by quote key, keeping the newest",
      action: setUnreadNotifications([
        note({ id: "a", modifyTime: "30" }),
        note({ id: "a", modifyTime: "10" }),
        note({ id: "k1", quoteId: "9", modifyTime: "5" }),
        note({ id: "k2", quoteId: "9", modifyTime: "6" }),
      ]),
      unreadAfter: ["a@30", "k2@6"],
      readAfter: [],
    },
    {
      name: "keeps TRANSFER_COLLATERAL notices that share a quoteId",
      action: setUnreadNotifications([note({ id: "t1", quoteId: "5", notificationType: TC }), note({ id: "t2", quoteId: "5", notificationType: TC })]),
      unreadAfter: ["t1@1000", "t2@1000"],
      readAfter: [],
    },
    {
      name: "removes its items from read",
      read: [b2000, a1000],
      action: setUnreadNotifications([note({ id: "a", modifyTime: "500" })]),
      unreadAfter: ["a@500"],
      readAfter: ["b@2000"],
    },
    { name: "an empty list clears unread", unread: [a1000], action: setUnreadNotifications([]), unreadAfter: [], readAfter: [] },
  ],
  setReadNotifications: [
    {
      name: "replaces the read list entirely and removes its items from unread",
      unread: [b2000, a1000],
      read: [note({ id: "z", quoteId: "26" })],
      action: setReadNotifications([note({ id: "b", quoteId: "2", modifyTime: "2000" }), note({ id: "a", modifyTime: "1000" })]),
      unreadAfter: [],
      readAfter: ["b@2000", "a@1000"],
    },
    {
      name: "deduplicates, a later item winning a tie",
      action: setReadNotifications([note({ id: "a", filledAmountOpen: "1" }), note({ id: "a", filledAmountOpen: "2" })]),
      unreadAfter: [],
      readAfter: ["a@1000"],
    },
  ],
  readOneNotification: [
    {
      name: "moves the notification from unread to read",
      unread: [b2000, a1000],
      read: [note({ id: "r", quoteId: "8", modifyTime: "1500" })],
      action: readOneNotification(a1000),
      unreadAfter: ["b@2000"],
      readAfter: ["r@1500", "a@1000"],
    },
    {
      name: "not in unread: nothing changes",
      unread: [b2000],
      action: readOneNotification(a1000),
      unreadAfter: ["b@2000"],
      readAfter: [],
      unchanged: true,
    },
    {
      name: "already read: nothing changes",
      read: [a1000],
      action: readOneNotification(a1000),
      unreadAfter: [],
      readAfter: ["a@1000"],
      unchanged: true,
    },
    {
      name: "moves only that one among TRANSFER_COLLATERAL notices of one quote",
      unread: [
        note({ id: "t2", quoteId: "5", notificationType: TC, modifyTime: "1100" }),
        note({ id: "t1", quoteId: "5", notificationType: TC, modifyTime: "1000" }),
      ],
      action: readOneNotification(note({ id: "t1", quoteId: "5", notificationType: TC, modifyTime: "1000" })),
      unreadAfter: ["t2@1100"],
      readAfter: ["t1@1000"],
    },
    {
      name: "moves the stored version when given an older copy with the same id",
      unread: [note({ id: "a", modifyTime: "1100" })],
      action: readOneNotification(note({ id: "a", modifyTime: "1000" })),
      unreadAfter: [],
      readAfter: ["a@1100"],
    },
    {
      name: "without an id, finds the stored one by quote key",
      unread: [note({ id: null, quoteId: "4" })],
      action: readOneNotification(note({ id: null, quoteId: "4" })),
      unreadAfter: [],
      readAfter: ["-@1000"],
    },
    {
      name: "an id never names a stored notification without one",
      unread: [note({ id: null, quoteId: "4" })],
      action: readOneNotification(note({ id: "other", quoteId: "4" })),
      unreadAfter: ["-@1000"],
      readAfter: [],
      unchanged: true,
    },
  ],
  readAllNotifications: [
    {
      name: "moves every unread notification to read, partial fills included, merged newest first",
      unread: [note({ id: "p", quoteId: "3", modifyTime: "3000", ...report }), a1000],
      read: [b2000],
      action: readAllNotifications(),
      unreadAfter: [],
      readAfter: ["p@3000", "b@2000", "a@1000"],
    },
    { name: "with nothing unread, nothing changes", read: [a1000], action: readAllNotifications(), unreadAfter: [], readAfter: ["a@1000"], unchanged: true },
    {
      name: "with a list (another tab's read-all, relayed): reads exactly those, and what arrived since stays unread",
      unread: [note({ id: "c", quoteId: "3", modifyTime: "3000" }), b2000, a1000],
      action: readAllWith([b2000, a1000]),
      unreadAfter: ["c@3000"],
      readAfter: ["b@2000", "a@1000"],
    },
    {
      name: "with a list: a newer copy in unread stays unread (the replay rule of addReadNotification)",
      unread: [note({ id: "a", quoteId: "1", modifyTime: "1100" })],
      action: readAllWith([a1000]),
      unreadAfter: ["a@1100"],
      readAfter: [],
      unchanged: true,
    },
    { name: "with a list: an item this store never had goes into read", action: readAllWith([a1000]), unreadAfter: [], readAfter: ["a@1000"] },
    {
      name: "with a list: equally new items keep the list's order, as readAllNotifications() keeps the unread order",
      unread: [note({ id: "x", quoteId: "6" }), note({ id: "y", quoteId: "7" })],
      action: readAllWith([note({ id: "x", quoteId: "6" }), note({ id: "y", quoteId: "7" })]),
      unreadAfter: [],
      readAfter: ["x@1000", "y@1000"],
    },
  ],
};

function storeWith(c: Case) {
  const store = newStore();
  if (c.read) store.dispatch(setReadNotifications(c.read));
  if (c.unread) store.dispatch(setUnreadNotifications(c.unread));
  return store;
}

describe("notificationsReducer: list transitions", () => {
  for (const [action, table] of Object.entries(cases)) {
    describe(action, () => {
      for (const c of table) {
        it(c.name, () => {
          const store = storeWith(c);
          const before = store.getState().notifications;
          expect(tags(before.unreadNotifications)).to.deep.equal(tags(c.unread ?? []), "setup");
          expect(tags(before.readNotifications)).to.deep.equal(tags(c.read ?? []), "setup");

          store.dispatch(c.action);
          const warm = store.getState().notifications;
          expect(tags(warm.unreadNotifications), "unread").to.deep.equal(c.unreadAfter);
          expect(tags(warm.readNotifications), "read").to.deep.equal(c.readAfter);
          expectInvariants(warm);
          if (c.unchanged) expect(warm).to.equal(before);
          else expect(warm).to.not.equal(before);

          const coldBefore: NotificationState = JSON.parse(JSON.stringify(before));
          const cold = notificationsReducer(coldBefore, JSON.parse(JSON.stringify(c.action)));
          expect(cold).to.deep.equal(warm);
        });
      }
    });
  }

  it("the incoming notification wins a tie: its fields are the ones stored", () => {
    const store = newStore();
    store.dispatch(addUnreadNotification(note({ id: "a", filledAmountOpen: "1" })));
    store.dispatch(addUnreadNotification(note({ id: "a", filledAmountOpen: "2" })));
    expect(store.getState().notifications.unreadNotifications.map((n) => n.filledAmountOpen)).to.deep.equal(["2"]);
  });

  it("adding the very object already stored returns the same state", () => {
    const store = newStore();
    const n = note();
    store.dispatch(addUnreadNotification(n));
    const before = store.getState().notifications;
    store.dispatch(addUnreadNotification(n));
    expect(store.getState().notifications).to.equal(before);
  });

  it("readAllNotifications is one action and one state update", () => {
    const store = newStore();
    store.dispatch(setUnreadNotifications([a1000, b2000, note({ id: "c", quoteId: "3" })]));
    let updates = 0;
    store.subscribe(() => updates++);
    store.dispatch(readAllNotifications());
    expect(updates).to.equal(1);
    expect(store.getState().notifications.unreadNotifications).to.have.length(0);
    expect(store.getState().notifications.readNotifications).to.have.length(3);
  });

  it("an ingest batch is one state update", () => {
    const store = newStore();
    let updates = 0;
    store.subscribe(() => updates++);
    store.dispatch(ingestNotifications([a1000, b2000, note({ id: "c", quoteId: "3" })]));
    expect(updates).to.equal(1);
    expect(store.getState().notifications.unreadNotifications).to.have.length(3);
  });
});

describe("notificationsReducer: scalar fields", () => {
  it("starts from the documented initial state", () => {
    expect(notificationsReducer(undefined, { type: "@@INIT" })).to.deep.equal({
      unreadNotifications: [],
      readNotifications: [],
      notificationsStatus: ApiState.OK,
      lastUpdateTimestamp: "",
      isNewNotification: false,
      connectionStatus: "idle",
    });
    expect(notificationsReducer(undefined, { type: "@@INIT" })).to.equal(initialNotificationsState);
  });

  const table: Array<[string, NotificationsAction, Partial<NotificationState>]> = [
    ["updateTimestamp sets lastUpdateTimestamp", updateTimestamp("1700000000"), { lastUpdateTimestamp: "1700000000" }],
    ["updateIsNewNotification sets the flag", updateIsNewNotification(true), { isNewNotification: true }],
    ["connectionStatusChanged sets connectionStatus", setConnectionStatus("reconnecting"), { connectionStatus: "reconnecting" }],
    ["fetchStarted sets LOADING", notificationsFetchStarted(), { notificationsStatus: ApiState.LOADING }],
    ["fetchSucceeded sets OK", notificationsFetchSucceeded(), { notificationsStatus: ApiState.OK }],
    ["fetchFailed sets ERROR", notificationsFetchFailed("boom"), { notificationsStatus: ApiState.ERROR }],
  ];
  for (const [name, action, expected] of table) {
    it(name, () => {
      const start = { ...initialNotificationsState, notificationsStatus: ApiState.LOADING };
      const next = notificationsReducer(start, action);
      expect(next).to.deep.equal({ ...start, ...expected });
      expect(notificationsReducer(next, action), "same value again: same state").to.equal(next);
    });
  }

  it("ignores actions of other slices", () => {
    const state = notificationsReducer(undefined, addUnreadNotification(a1000));
    expect(notificationsReducer(state, { type: "orders/added" })).to.equal(state);
  });
});

describe("notificationsReducer: lastUpdateTimestamp", () => {
  const ts = (state: NotificationState) => state.lastUpdateTimestamp;
  const run = (...actions: NotificationsAction[]) => actions.reduce(notificationsReducer, initialNotificationsState);

  it("advances to the newest modifyTime ingested", () => {
    expect(ts(run(addUnreadNotification(a1000)))).to.equal("1000");
    expect(ts(run(ingestNotifications([a1000, b2000, note({ id: "c", quoteId: "3", modifyTime: "1500" })])))).to.equal("2000");
    expect(ts(run(addReadNotification(b2000)))).to.equal("2000");
    expect(ts(run(setUnreadNotifications([a1000])))).to.equal("1000");
    expect(ts(run(setReadNotifications([b2000])))).to.equal("2000");
  });

  it("never moves backwards on ingestion, even for a replay", () => {
    expect(ts(run(addUnreadNotification(b2000), addUnreadNotification(a1000)))).to.equal("2000");
    expect(ts(run(addUnreadNotification(b2000), addUnreadNotification(note({ id: "b", quoteId: "2", modifyTime: "10" }))))).to.equal("2000");
  });

  it("compares as numbers, not text", () => {
    const state = run(addUnreadNotification(note({ id: "x", modifyTime: "999" })), addUnreadNotification(note({ id: "y", quoteId: "2", modifyTime: "1000" })));
    expect(ts(state)).to.equal("1000");
  });

  it("an ingest never moves it past its notAfter: an hour after the clock, whatever time a hedger sends", () => {
    const now = Math.floor(Date.now() / 1000);
    const tomorrow = note({ id: "t", quoteId: "9", modifyTime: String(now + 86_400) });
    const action = ingestNotifications([a1000, tomorrow]);
    expect(action.notAfter).to.be.within(now + 3600, now + 3601);
    const state = run(action);
    expect(ts(state)).to.equal(String(action.notAfter));
    expect(
      state.unreadNotifications.map((n) => n.modifyTime),
      "the item keeps its own time"
    ).to.include(String(now + 86_400));
    // Within the bound, the item's own time as it came.
    expect(ts(run(ingestNotifications([note({ id: "u", quoteId: "8", modifyTime: String(now + 60) })])))).to.equal(String(now + 60));
    // Once it is there, a later ingest moves it on only as the clock does.
    expect(ts(run(action, { ...ingestNotifications([tomorrow]), notAfter: action.notAfter! + 5 }))).to.equal(String(action.notAfter! + 5));
  });

  it("is set explicitly by updateTimestamp, backwards too", () => {
    expect(ts(run(addUnreadNotification(b2000), updateTimestamp("5")))).to.equal("5");
  });

  it("does not move on reading", () => {
    const state = run(addUnreadNotification(a1000), updateTimestamp("1"), readAllNotifications());
    expect(ts(state)).to.equal("1");
  });
});

describe("notificationsReducer: states built outside the reducer", () => {
  it("normalizes a preloaded list that is unsorted and holds duplicates", () => {
    const preloaded: NotificationState = {
      ...initialNotificationsState,
      unreadNotifications: [a1000, b2000, note({ id: "a", modifyTime: "1500" })],
    };
    const store = newStore(undefined, preloaded);
    store.dispatch(addUnreadNotification(note({ id: "c", quoteId: "3", modifyTime: "1200" })));
    const state = store.getState().notifications;
    expect(tags(state.unreadNotifications)).to.deep.equal(["b@2000", "a@1500", "c@1200"]);
    expectInvariants(state);
  });

  it("copes with one array used for both lists", () => {
    const shared = [b2000, a1000];
    const store = newStore(undefined, { ...initialNotificationsState, unreadNotifications: shared, readNotifications: shared });
    store.dispatch(readAllNotifications());
    const state = store.getState().notifications;
    expect(tags(state.unreadNotifications)).to.deep.equal([]);
    expect(tags(state.readNotifications)).to.deep.equal(["b@2000", "a@1000"]);
    expectInvariants(state);
  });

  it("resolves a notification held in both lists when reading, keeping the newer copy", () => {
    const store = newStore(undefined, {
      ...initialNotificationsState,
      unreadNotifications: [note({ id: "a", modifyTime: "1000" })],
      readNotifications: [note({ id: "a", modifyTime: "1100" })],
    });
    store.dispatch(readOneNotification(a1000));
    const state = store.getState().notifications;
    expect(tags(state.unreadNotifications)).to.deep.equal([]);
    expect(tags(state.readNotifications)).to.deep.equal(["a@1100"]);
  });

  it("dispatching again on an old state gives the same result as on a fresh copy of it", () => {
    const s0 = notificationsReducer(undefined, ingestNotifications([a1000, b2000]));
    const s1 = notificationsReducer(s0, addUnreadNotification(note({ id: "c", quoteId: "3", modifyTime: "3000" })));
    // s0's lists gave their index to s1's; reusing s0 must still be correct.
    const again = notificationsReducer(s0, addUnreadNotification(note({ id: "d", quoteId: "4", modifyTime: "500" })));
    expect(tags(again.unreadNotifications)).to.deep.equal(["b@2000", "a@1000", "d@500"]);
    expect(tags(s1.unreadNotifications)).to.deep.equal(["c@3000", "b@2000", "a@1000"]);
    const next = notificationsReducer(s1, addUnreadNotification(note({ id: "a", modifyTime: "4000" })));
    expect(tags(next.unreadNotifications)).to.deep.equal(["a@4000", "c@3000", "b@2000"]);
  });
});

describe("action creators: the object payloads SYMM-style frontends pass", () => {
  const n = note({ id: "p1" });
  const pairs: Array<[string, NotificationsAction, NotificationsAction]> = [
    ["addUnreadNotification({ notification })", addUnreadNotification({ notification: n }), addUnreadNotification(n)],
    ["addReadNotification({ notification })", addReadNotification({ notification: n }), addReadNotification(n)],
    ["readOneNotification({ notification })", readOneNotification({ notification: n }), readOneNotification(n)],
    ["setUnreadNotifications({ notifications })", setUnreadNotifications({ notifications: [n] }), setUnreadNotifications([n])],
    ["setReadNotifications({ notifications })", setReadNotifications({ notifications: [n] }), setReadNotifications([n])],
    ["updateTimestamp({ timestamp })", updateTimestamp({ timestamp: "1700000000" }), updateTimestamp("1700000000")],
    ["updateIsNewNotification({ flag })", updateIsNewNotification({ flag: true }), updateIsNewNotification(true)],
  ];
  for (const [name, wrapped, plain] of pairs) {
    it(`${name} is the same action as the value alone`, () => {
      expect(wrapped).to.deep.equal(plain);
      expect(JSON.parse(JSON.stringify(wrapped)), "serializable").to.deep.equal(plain);
    });
  }

  it("the reducer is the module's default export", async () => {
    const module = await import("../../../src/notifications");
    expect(module.default).to.equal(notificationsReducer);
  });
});
