// The thunks behind the callback hooks: addNotification, markAsRead, markAllAsRead, setNewNotificationFlag.
import { expect } from "chai";
import {
  DEFAULT_NEW_NOTIFICATION_FLAG_MS,
  NotificationType,
  NotificationsInputError,
  addNotification,
  markAllAsRead,
  markAsRead,
  setNewNotificationFlag,
  setReadNotifications,
  setUnreadNotifications,
} from "../../../src/notifications";
import { manualTimers } from "../../support/manual-timers";
import { until } from "../../support/wait";
import { ids, newStore, note } from "../helpers/fixtures";

const TC = NotificationType.TRANSFER_COLLATERAL;

describe("addNotification", () => {
  it("adds to unread or read according to the status", () => {
    const store = newStore();
    store.dispatch(addNotification(note({ id: "u", quoteId: "1" }), "unread"));
    store.dispatch(addNotification(note({ id: "r", quoteId: "2" }), "read"));
    expect(ids(store.getState().notifications.unreadNotifications)).to.deep.equal(["u"]);
    expect(ids(store.getState().notifications.readNotifications)).to.deep.equal(["r"]);
  });

  it("gives a TRANSFER_COLLATERAL notice without an id a unique one, so notices of one quote stay apart", () => {
    const store = newStore();
    const { id: _drop, ...transfer } = note({ quoteId: "5", notificationType: TC, transferAmount: "100", transferType: "deposit" });
    const first = store.dispatch(addNotification(transfer, "unread"));
    const second = store.dispatch(addNotification({ ...transfer }, "unread"));
    expect(first.id)
      .to.be.a("string")
      .and.match(/^local-/);
    expect(second.id).to.be.a("string").and.not.equal(first.id);
    expect(ids(store.getState().notifications.unreadNotifications)).to.have.members([first.id, second.id]);
  });

  it("keeps a given id", () => {
    const store = newStore();
    const stored = store.dispatch(addNotification(note({ id: "given", notificationType: TC }), "unread"));
    expect(stored.id).to.equal("given");
  });

  it("leaves a hedger item without an id but with a quote id as it is", () => {
    const store = newStore();
    const stored = store.dispatch(addNotification({ ...note({ quoteId: "3" }), id: undefined }, "unread"));
    expect(stored.id).to.equal(null);
  });

  it("rejects a status other than read or unread", () => {
    const store = newStore();
    expect(() => store.dispatch(addNotification(note(), "seen" as never))).to.throw(NotificationsInputError, /"read" or "unread"/);
    expect(store.getState().notifications.unreadNotifications).to.have.length(0);
  });
});

describe("markAsRead", () => {
  it("moves an unread notification to read", () => {
    const store = newStore();
    store.dispatch(setUnreadNotifications([note({ id: "a" }), note({ id: "b", quoteId: "2" })]));
    store.dispatch(markAsRead(note({ id: "a" })));
    expect(ids(store.getState().notifications.unreadNotifications)).to.deep.equal(["b"]);
    expect(ids(store.getState().notifications.readNotifications)).to.deep.equal(["a"]);
  });

  it("does nothing, not even a dispatch, when it is already read", () => {
    const store = newStore();
    store.dispatch(setReadNotifications([note({ id: "a" })]));
    let dispatched = 0;
    store.subscribe(() => dispatched++);
    store.dispatch(markAsRead(note({ id: "a" })));
    expect(dispatched).to.equal(0);
    expect(ids(store.getState().notifications.readNotifications)).to.deep.equal(["a"]);
  });
});

describe("markAllAsRead", () => {
  it("moves everything unread to read in one update", () => {
    const store = newStore();
    store.dispatch(setUnreadNotifications([note({ id: "a" }), note({ id: "b", quoteId: "2" })]));
    let updates = 0;
    store.subscribe(() => updates++);
    store.dispatch(markAllAsRead());
    expect(updates).to.equal(1);
    expect(store.getState().notifications.unreadNotifications).to.deep.equal([]);
    expect(ids(store.getState().notifications.readNotifications)).to.have.members(["a", "b"]);
  });
});

describe("setNewNotificationFlag", () => {
  it("sets the flag and resets it after the delay, 1000 ms by default", () => {
    const { timers, pending, fireAll } = manualTimers();
    const store = newStore({ timers });
    store.dispatch(setNewNotificationFlag());
    expect(store.getState().notifications.isNewNotification).to.equal(true);
    expect([...pending.values()].map((t) => t.ms)).to.deep.equal([DEFAULT_NEW_NOTIFICATION_FLAG_MS]);
    expect(DEFAULT_NEW_NOTIFICATION_FLAG_MS).to.equal(1000);
    fireAll();
    expect(store.getState().notifications.isNewNotification).to.equal(false);
  });

  it("a later call restarts the delay", () => {
    const { timers, pending, fireAll } = manualTimers();
    const store = newStore({ timers });
    store.dispatch(setNewNotificationFlag(300));
    store.dispatch(setNewNotificationFlag(500));
    expect(
      [...pending.values()].map((t) => t.ms),
      "the first timer was cleared"
    ).to.deep.equal([500]);
    fireAll();
    expect(store.getState().notifications.isNewNotification).to.equal(false);
  });

  it("debounces per store", () => {
    const { timers, pending } = manualTimers();
    const a = newStore({ timers });
    const b = newStore({ timers });
    a.dispatch(setNewNotificationFlag(100));
    b.dispatch(setNewNotificationFlag(100));
    expect(pending.size).to.equal(2);
  });

  it("resets with real timers too", async () => {
    const store = newStore();
    store.dispatch(setNewNotificationFlag(10));
    expect(store.getState().notifications.isNewNotification).to.equal(true);
    await until("the flag to reset", () => store.getState().notifications.isNewNotification === false);
  });

  it("rejects a negative delay", () => {
    const store = newStore();
    expect(() => store.dispatch(setNewNotificationFlag(-1))).to.throw(NotificationsInputError, /newNotificationFlagMs/);
    expect(store.getState().notifications.isNewNotification).to.equal(false);
  });
});
