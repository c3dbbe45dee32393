// The new-notification flag: its one owner (one reset timer per store, shared by the thunk and the
// middleware) and the middleware's part (raise on a visible change, clear on disconnect).
import { expect } from "chai";
import {
  DEFAULT_NEW_NOTIFICATION_FLAG_MS,
  NotificationType,
  createNotificationsMiddleware,
  ingestNotifications,
  setNewNotificationFlag,
} from "../../../src/notifications";
import { buildFlagHandler } from "../../../src/notifications/live/flag";
import { resolveLiveOptions } from "../../../src/notifications/live/options";
import { clearNewNotificationFlag, raiseNewNotificationFlag } from "../../../src/notifications/state/new-notification-flag";
import { manualTimers } from "../../support/manual-timers";
import { newStore, note } from "../helpers/fixtures";
import { liveContext } from "../helpers/live";

describe("the new-notification flag's owner", () => {
  it("raises the flag and lowers it after the given delay", () => {
    const { timers, pending, fireAll } = manualTimers();
    const store = newStore();
    raiseNewNotificationFlag(store, 700, timers);
    expect(store.getState().notifications.isNewNotification).to.equal(true);
    expect([...pending.values()].map((t) => t.ms)).to.deep.equal([700]);
    fireAll();
    expect(store.getState().notifications.isNewNotification).to.equal(false);
  });

  it("restarts the delay on a second raise, keeping one timer and one store update", () => {
    const { timers, pending } = manualTimers();
    const store = newStore();
    let updates = 0;
    store.subscribe(() => updates++);
    raiseNewNotificationFlag(store, 300, timers);
    raiseNewNotificationFlag(store, 500, timers);
    expect([...pending.values()].map((t) => t.ms)).to.deep.equal([500]);
    expect(updates, "the flag was already set").to.equal(1);
  });

  it("clear cancels the timer and lowers the flag at once", () => {
    const { timers, pending } = manualTimers();
    const store = newStore();
    raiseNewNotificationFlag(store, 300, timers);
    clearNewNotificationFlag(store);
    expect(pending.size).to.equal(0);
    expect(store.getState().notifications.isNewNotification).to.equal(false);
  });

  it("is one timer per store, whether the thunk or the middleware raised it", () => {
    const { timers, pending, fireAll } = manualTimers();
    const store = newStore({ timers });
    store.dispatch(setNewNotificationFlag(5000));
    // What the middleware does on a visible arrival, on the same store.
    raiseNewNotificationFlag(store, 200, timers);
    expect(
      [...pending.values()].map((t) => t.ms),
      "the thunk's timer was replaced"
    ).to.deep.equal([200]);
    store.dispatch(setNewNotificationFlag());
    expect([...pending.values()].map((t) => t.ms)).to.deep.equal([DEFAULT_NEW_NOTIFICATION_FLAG_MS]);
    clearNewNotificationFlag(store);
    expect(pending.size, "disconnect cancels a timer the thunk started").to.equal(0);
    fireAll();
    expect(store.getState().notifications.isNewNotification).to.equal(false);
  });
});

describe("the middleware's flag part", () => {
  const visible = (id: string, modifyTime = "1000") => note({ id, quoteId: id, modifyTime });
  const partialFill = (id: string) => note({ id, quoteId: id, stateType: "report", notificationType: NotificationType.PARTIAL_FILL, showInModal: false });

  function setup(newNotificationFlagMs?: number) {
    const { timers, pending, fireAll } = manualTimers();
    const live = liveContext({ timers, newNotificationFlagMs });
    const flag = buildFlagHandler(live.ctx);
    const ingest = (batch: ReturnType<typeof note>[]) => {
      const before = live.state().unreadNotifications;
      live.store.dispatch(ingestNotifications(batch));
      flag.noticeIngest(batch, before);
    };
    return { ...live, flag, ingest, pending, fireAll };
  }

  it("raises the flag for a visible notification that changed unread, for newNotificationFlagMs", () => {
    const t = setup(250);
    t.ingest([visible("a")]);
    expect(t.state().isNewNotification).to.equal(true);
    expect([...t.pending.values()].map((p) => p.ms)).to.deep.equal([250]);
    t.fireAll();
    expect(t.state().isNewNotification).to.equal(false);
  });

  it("uses DEFAULT_NEW_NOTIFICATION_FLAG_MS when the option is left out", () => {
    const t = setup();
    t.ingest([visible("a")]);
    expect([...t.pending.values()].map((p) => p.ms)).to.deep.equal([DEFAULT_NEW_NOTIFICATION_FLAG_MS]);
  });

  it("does not raise it for a replay or for partial fills only", () => {
    const t = setup();
    t.ingest([visible("a", "1000")]);
    t.fireAll();
    t.ingest([visible("a", "900")]);
    expect(t.state().isNewNotification, "a replay changes nothing").to.equal(false);
    t.ingest([partialFill("p")]);
    expect(t.state().unreadNotifications.map((n) => n.id)).to.include("p");
    expect(t.state().isNewNotification, "a partial fill is not shown").to.equal(false);
  });

  it("clear lowers the flag and leaves no timer", () => {
    const t = setup();
    t.ingest([visible("a")]);
    t.flag.clear();
    expect(t.state().isNewNotification).to.equal(false);
    expect(t.pending.size).to.equal(0);
  });

  it("rejects a newNotificationFlagMs that is not a non-negative number, by name", () => {
    expect(() => resolveLiveOptions({ newNotificationFlagMs: -1 })).to.throw(TypeError, /newNotificationFlagMs must be a non-negative number/);
    expect(() => createNotificationsMiddleware({ newNotificationFlagMs: Number.NaN })).to.throw(TypeError, /newNotificationFlagMs/);
    expect(resolveLiveOptions({ newNotificationFlagMs: 0 }).newNotificationFlagMs).to.equal(0);
  });
});
