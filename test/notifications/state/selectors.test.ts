import { expect } from "chai";
import {
  ApiState,
  NotificationType,
  addUnreadNotification,
  readOneNotification,
  selectConnectionStatus,
  selectIsNewNotification,
  selectLastUpdateTimestamp,
  selectNotificationsStatus,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  selectVisibleNotifications,
  setReadNotifications,
  setUnreadNotifications,
  updateIsNewNotification,
  updateTimestamp,
} from "../../../src/notifications";
import { notificationsFetchStarted, setConnectionStatus } from "../../../src/notifications/state/actions";
import { ids, newStore, note } from "../helpers/fixtures";

const fill = (id: string, quoteId: string, modifyTime: string) =>
  note({ id, quoteId, modifyTime, stateType: "report", notificationType: NotificationType.PARTIAL_FILL, showInModal: false });

function filledStore() {
  const store = newStore();
  store.dispatch(
    setReadNotifications([note({ id: "r1", quoteId: "11", modifyTime: "300" }), fill("rp", "12", "250"), note({ id: "r2", quoteId: "13", modifyTime: "100" })])
  );
  store.dispatch(
    setUnreadNotifications([note({ id: "u1", quoteId: "1", modifyTime: "400" }), fill("up", "2", "200"), note({ id: "u2", quoteId: "3", modifyTime: "50" })])
  );
  return store;
}

describe("selectors", () => {
  it("selectUnreadNotifications and selectReadNotifications give the modal ones, newest first", () => {
    const state = filledStore().getState();
    expect(ids(selectUnreadNotifications(state))).to.deep.equal(["u1", "u2"]);
    expect(ids(selectReadNotifications(state))).to.deep.equal(["r1", "r2"]);
  });

  it("selectVisibleNotifications combines both lists' modal ones, newest first", () => {
    expect(ids(selectVisibleNotifications(filledStore().getState()))).to.deep.equal(["u1", "r1", "r2", "u2"]);
  });

  it("selectPartialFillNotifications combines both lists' non-modal ones, newest first", () => {
    expect(ids(selectPartialFillNotifications(filledStore().getState()))).to.deep.equal(["rp", "up"]);
  });

  it("the same state gives the same array instances", () => {
    const state = filledStore().getState();
    for (const select of [selectUnreadNotifications, selectReadNotifications, selectVisibleNotifications, selectPartialFillNotifications]) {
      expect(select(state)).to.equal(select(state));
    }
  });

  it("a change outside the lists keeps the array instances", () => {
    const store = filledStore();
    const before = store.getState();
    store.dispatch(updateTimestamp("999"));
    store.dispatch(setConnectionStatus("open"));
    const after = store.getState();
    expect(after).to.not.equal(before);
    for (const select of [selectUnreadNotifications, selectReadNotifications, selectVisibleNotifications, selectPartialFillNotifications]) {
      expect(select(after)).to.equal(select(before));
    }
  });

  it("a change of a list gives new arrays where it matters, and keeps the untouched one", () => {
    const store = filledStore();
    const before = store.getState();
    store.dispatch(addUnreadNotification(note({ id: "u3", quoteId: "4", modifyTime: "500" })));
    const after = store.getState();
    expect(ids(selectUnreadNotifications(after))).to.deep.equal(["u3", "u1", "u2"]);
    expect(selectUnreadNotifications(after)).to.not.equal(selectUnreadNotifications(before));
    expect(selectVisibleNotifications(after)).to.not.equal(selectVisibleNotifications(before));
    expect(selectReadNotifications(after)).to.equal(selectReadNotifications(before));
  });

  it("reflects reading: a notification moves from one selector to the other", () => {
    const store = filledStore();
    store.dispatch(readOneNotification(note({ id: "u1", quoteId: "1", modifyTime: "400" })));
    expect(ids(selectUnreadNotifications(store.getState()))).to.deep.equal(["u2"]);
    expect(ids(selectReadNotifications(store.getState()))).to.deep.equal(["u1", "r1", "r2"]);
  });

  it("scalar selectors read their fields", () => {
    const store = newStore();
    expect(selectLastUpdateTimestamp(store.getState())).to.equal("");
    expect(selectIsNewNotification(store.getState())).to.equal(false);
    expect(selectNotificationsStatus(store.getState())).to.equal(ApiState.OK);
    expect(selectConnectionStatus(store.getState())).to.equal("idle");
    store.dispatch(updateTimestamp("1700000000"));
    store.dispatch(updateIsNewNotification(true));
    store.dispatch(notificationsFetchStarted());
    store.dispatch(setConnectionStatus("connecting"));
    expect(selectLastUpdateTimestamp(store.getState())).to.equal("1700000000");
    expect(selectIsNewNotification(store.getState())).to.equal(true);
    expect(selectNotificationsStatus(store.getState())).to.equal(ApiState.LOADING);
    expect(selectConnectionStatus(store.getState())).to.equal("connecting");
  });
});
