// maxItems, in the reducer (an ingest that carries it) and as the middleware's option: read
// notifications drop first, oldest first, then the oldest unread; a full store takes no new item
// older than the last it keeps, so that a replay (a backfill's overlap) brings nothing dropped back.
import { expect } from "chai";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import {
  createNotificationsMiddleware,
  ingestNotifications,
  initialNotificationsState,
  notificationsReducer,
  readAllNotifications,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  selectVisibleNotifications,
  setReadNotifications,
  type NotificationDetails,
  type NotificationState,
} from "../../../src/notifications";
import { expectInvariants, ids, note } from "../helpers/fixtures";

/** Notification i: id `c<i>`, quote i, modify time 1000 + i (so a higher i is newer); every third one a partial fill. */
const item = (i: number): NotificationDetails => note({ id: `c${i}`, quoteId: String(i), modifyTime: String(1000 + i), showInModal: i % 3 !== 0 });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => item(from + k));
/** Newest first, as the lists hold them. */
const idsOf = (from: number, to: number) =>
  range(from, to)
    .reverse()
    .map((n) => n.id);

function ingest(state: NotificationState, items: NotificationDetails[], maxItems?: number): NotificationState {
  const action = { ...ingestNotifications(items), maxItems };
  return notificationsReducer(state, action);
}

/** A state with `read` read and `unread` unread. */
function stateWith(read: NotificationDetails[], unread: NotificationDetails[]): NotificationState {
  return ingest(notificationsReducer(initialNotificationsState, setReadNotifications(read)), unread);
}

describe("maxItems: the cap on the lists", () => {
  it("drops read notifications first, oldest first", () => {
    const state = ingest(stateWith(range(1, 5), range(6, 8)), range(9, 10), 8);
    expect(ids(state.readNotifications)).to.deep.equal(idsOf(3, 5));
    expect(ids(state.unreadNotifications)).to.deep.equal(idsOf(6, 10));
    expectInvariants(state);
  });

  it("drops the oldest unread ones once nothing read is left, whatever order the batch came in", () => {
    const state = ingest(stateWith(range(1, 2), range(3, 6)), [...range(7, 12)].reverse(), 5);
    expect(ids(state.readNotifications)).to.deep.equal([]);
    expect(ids(state.unreadNotifications)).to.deep.equal(idsOf(8, 12));
    expectInvariants(state);
  });

  it("keeps a list within the cap untouched, and an ingest without maxItems unbounded", () => {
    const state = stateWith(range(1, 3), range(4, 6));
    expect(ingest(state, [], 6)).to.equal(state);
    const grown = ingest(state, range(7, 20));
    expect(grown.unreadNotifications.length + grown.readNotifications.length).to.equal(20);
  });

  it("keeps the selectors consistent with the capped lists", () => {
    const before = stateWith(range(1, 30), range(31, 60));
    const state = ingest(before, range(61, 90), 45);
    const root = { notifications: state };
    const all = [...state.unreadNotifications, ...state.readNotifications];
    expect(all).to.have.length(45);
    expect(ids(selectUnreadNotifications(root))).to.deep.equal(ids(state.unreadNotifications.filter((n) => n.showInModal)));
    expect(ids(selectReadNotifications(root))).to.deep.equal(ids(state.readNotifications.filter((n) => n.showInModal)));
    expect(ids(selectVisibleNotifications(root)).sort()).to.deep.equal(ids(all.filter((n) => n.showInModal)).sort());
    expect(ids(selectPartialFillNotifications(root)).sort()).to.deep.equal(ids(all.filter((n) => !n.showInModal)).sort());
    expect(selectUnreadNotifications(root), "memoized on the capped list").to.equal(selectUnreadNotifications({ notifications: { ...state } }));
    expectInvariants(state);
    // The lists' indexes lost the dropped items: an ingest that matches nothing kept is a new item.
    const again = ingest(state, [item(90), { ...item(70), modifyTime: "5000" }], 45);
    expect(ids(again.unreadNotifications)[0]).to.equal("c70");
    expectInvariants(again);
  });

  it("a backfill after a drop does not bring dropped notifications back, read or unread", () => {
    // A burst of 20 into a cap of 10: the newest 10 stay, all unread.
    let state = ingest(initialNotificationsState, range(1, 20), 10);
    expect(ids(state.unreadNotifications)).to.deep.equal(idsOf(11, 20));
    // Read them all, then a backfill replays the whole burst (its overlap) and two new ones.
    state = notificationsReducer(state, readAllNotifications());
    state = ingest(state, [...range(1, 20), ...range(21, 22)], 10);
    expect(ids(state.unreadNotifications), "only the new ones unread").to.deep.equal(idsOf(21, 22));
    expect(ids(state.readNotifications), "the oldest read ones made room").to.deep.equal(idsOf(13, 20));
    expectInvariants(state);
    // Read items dropped for room do not come back either.
    state = ingest(state, range(1, 22), 10);
    expect(ids(state.unreadNotifications)).to.deep.equal(idsOf(21, 22));
    expect(ids(state.readNotifications)).to.deep.equal(idsOf(13, 20));
  });

  it("a full store still takes a newer copy of a notification it holds", () => {
    const state = ingest(stateWith([], range(1, 5)), [{ ...item(1), version: 2 }], 5);
    expect(state.unreadNotifications.find((n) => n.id === "c1")?.version).to.equal(2);
    expect(state.unreadNotifications).to.have.length(5);
  });

  describe("the middleware's maxItems option", () => {
    const storeWith = (maxItems?: number) =>
      createStore(
        combineReducers({ notifications: notificationsReducer }),
        applyMiddleware(thunk, createNotificationsMiddleware({ maxItems, crossTab: false }))
      );

    it("caps every ingest that crosses it, at 10,000 by default", () => {
      const store = storeWith();
      store.dispatch(ingestNotifications(range(1, 10_050)));
      expect(store.getState().notifications.unreadNotifications).to.have.length(10_000);
      expect(store.getState().notifications.unreadNotifications[9_999].id).to.equal("c51");
    });

    it("takes the cap it is given (Infinity for none), and an ingest's own maxItems over it", () => {
      const store = storeWith(3);
      store.dispatch(ingestNotifications(range(1, 5)));
      expect(ids(store.getState().notifications.unreadNotifications)).to.deep.equal(idsOf(3, 5));
      store.dispatch({ ...ingestNotifications(range(6, 7)), maxItems: 4 });
      expect(ids(store.getState().notifications.unreadNotifications)).to.deep.equal(idsOf(4, 7));
      const unbounded = storeWith(Infinity);
      unbounded.dispatch(ingestNotifications(range(1, 10_050)));
      expect(unbounded.getState().notifications.unreadNotifications).to.have.length(10_050);
    });

    for (const bad of [0, -1, Number.NaN]) {
      it(`rejects maxItems ${bad}`, () => {
        expect(() => createNotificationsMiddleware({ maxItems: bad })).to.throw(TypeError, "maxItems must be a positive number");
      });
    }
  });
});
