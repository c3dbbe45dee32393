// The hooks, rendered inside a real react-redux Provider with react-test-renderer.
import { expect } from "chai";
import { Provider } from "react-redux";
import TestRenderer, { act } from "react-test-renderer";
import {
  NotificationType,
  addUnreadNotification,
  setReadNotifications,
  setUnreadNotifications,
  updateTimestamp,
  type NotificationDetails,
  type NotificationsTimers,
} from "../../../src/notifications";
import {
  useLastUpdateTimestamp,
  useMarkAsReadAllNotificationsCallback,
  useMarkAsReadNotificationCallback,
  useNewNotification,
  useNotificationAdderCallback,
  useNotificationsStatus,
  usePartialFillNotifications,
  useReadNotifications,
  useSetNewNotificationFlag,
  useUnreadNotifications,
  useVisibleNotifications,
} from "../../../src/notifications/react";
import {
  notificationsFetchFailed,
  notificationsFetchStarted,
  notificationsFetchSucceeded,
  setConnectionStatus,
} from "../../../src/notifications/state/actions";
import { manualTimers } from "../../support/manual-timers";
import { ids, newStore, note } from "../helpers/fixtures";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Hooks = {
  unread: NotificationDetails[];
  read: NotificationDetails[];
  partialFill: NotificationDetails[];
  visible: NotificationDetails[];
  timestamp: string;
  isNew: boolean;
  setFlag: ReturnType<typeof useSetNewNotificationFlag>;
  add: ReturnType<typeof useNotificationAdderCallback>;
  markAsRead: ReturnType<typeof useMarkAsReadNotificationCallback>;
  markAllAsRead: ReturnType<typeof useMarkAsReadAllNotificationsCallback>;
};

function Probe({ report }: { report: (hooks: Hooks) => void }) {
  const hooks: Hooks = {
    unread: useUnreadNotifications(),
    read: useReadNotifications(),
    partialFill: usePartialFillNotifications(),
    visible: useVisibleNotifications(),
    timestamp: useLastUpdateTimestamp(),
    isNew: useNewNotification(),
    setFlag: useSetNewNotificationFlag(),
    add: useNotificationAdderCallback(),
    markAsRead: useMarkAsReadNotificationCallback(),
    markAllAsRead: useMarkAsReadAllNotificationsCallback(),
  };
  report(hooks);
  return <span>{hooks.visible.map((n) => n.id).join(",")}</span>;
}

function mount(extra?: { timers: NotificationsTimers }) {
  const store = newStore(extra);
  store.dispatch(setReadNotifications([note({ id: "r1", quoteId: "11", modifyTime: "300" })]));
  store.dispatch(
    setUnreadNotifications([
      note({ id: "u1", quoteId: "1", modifyTime: "400" }),
      note({ id: "p1", quoteId: "2", modifyTime: "350", stateType: "report", notificationType: NotificationType.PARTIAL_FILL, showInModal: false }),
    ])
  );
  let latest!: Hooks;
  let renders = 0;
  let renderer!: TestRenderer.ReactTestRenderer;
  act(() => {
    renderer = TestRenderer.create(
      <Provider store={store}>
        <Probe
          report={(h) => {
            latest = h;
            renders++;
          }}
        />
      </Provider>
    );
  });
  return { store, renderer, hooks: () => latest, renders: () => renders };
}

describe("notifications React hooks", () => {
  it("read the lists, the timestamp and the flag from the store", () => {
    const { hooks, renderer } = mount();
    expect(ids(hooks().unread)).to.deep.equal(["u1"]);
    expect(ids(hooks().read)).to.deep.equal(["r1"]);
    expect(ids(hooks().partialFill)).to.deep.equal(["p1"]);
    expect(ids(hooks().visible)).to.deep.equal(["u1", "r1"]);
    expect(hooks().timestamp).to.equal("400");
    expect(hooks().isNew).to.equal(false);
    expect(renderer.toJSON()).to.deep.include({ children: ["u1,r1"] });
    act(() => renderer.unmount());
  });

  it("re-render when the store changes", () => {
    const { store, hooks, renderer } = mount();
    act(() => {
      store.dispatch(addUnreadNotification(note({ id: "u2", quoteId: "3", modifyTime: "500" })));
    });
    expect(ids(hooks().unread)).to.deep.equal(["u2", "u1"]);
    expect(hooks().timestamp).to.equal("500");
    expect(renderer.toJSON()).to.deep.include({ children: ["u2,u1,r1"] });
    act(() => renderer.unmount());
  });

  it("do not re-render for changes they do not read (selectors are memoized)", () => {
    const { store, renders, renderer } = mount();
    const before = renders();
    act(() => {
      store.dispatch(setConnectionStatus("open"));
    });
    expect(renders()).to.equal(before);
    act(() => {
      store.dispatch(updateTimestamp("999"));
    });
    expect(renders()).to.equal(before + 1);
    act(() => renderer.unmount());
  });

  it("useMarkAsReadNotificationCallback and useMarkAsReadAllNotificationsCallback move notifications to read", () => {
    const { store, hooks, renderer } = mount();
    act(() => hooks().markAsRead(hooks().unread[0]));
    expect(ids(hooks().unread)).to.deep.equal([]);
    expect(ids(hooks().read)).to.deep.equal(["u1", "r1"]);
    expect(ids(store.getState().notifications.unreadNotifications), "the partial fill is still unread").to.deep.equal(["p1"]);
    act(() => hooks().markAllAsRead());
    expect(store.getState().notifications.unreadNotifications).to.deep.equal([]);
    expect(ids(hooks().read)).to.deep.equal(["u1", "r1"]);
    expect(ids(hooks().partialFill)).to.deep.equal(["p1"]);
    act(() => renderer.unmount());
  });

  it("useNotificationAdderCallback adds to the list its status names", () => {
    const { hooks, renderer } = mount();
    let stored!: NotificationDetails;
    act(() => {
      stored = hooks().add({ ...note({ quoteId: "9", modifyTime: "600", notificationType: NotificationType.TRANSFER_COLLATERAL }), id: undefined }, "read");
    });
    expect(stored.id).to.match(/^local-/);
    expect(ids(hooks().read)).to.deep.equal([stored.id, "r1"]);
    act(() => renderer.unmount());
  });

  it("useSetNewNotificationFlag sets the flag and it resets after the delay", () => {
    const { timers, fireAll } = manualTimers();
    const { hooks, renderer } = mount({ timers });
    act(() => hooks().setFlag(50));
    expect(hooks().isNew).to.equal(true);
    act(() => fireAll());
    expect(hooks().isNew).to.equal(false);
    act(() => renderer.unmount());
  });

  it("callbacks keep their identity across renders", () => {
    const { store, hooks, renderer } = mount();
    const first = hooks();
    act(() => {
      store.dispatch(addUnreadNotification(note({ id: "u9", quoteId: "19", modifyTime: "700" })));
    });
    expect(hooks()).to.not.equal(first);
    expect(hooks().markAsRead).to.equal(first.markAsRead);
    expect(hooks().markAllAsRead).to.equal(first.markAllAsRead);
    expect(hooks().add).to.equal(first.add);
    expect(hooks().setFlag).to.equal(first.setFlag);
    act(() => renderer.unmount());
  });

  it("useNotificationsStatus follows the fetch status", () => {
    const store = newStore();
    const seen: string[] = [];
    function Status() {
      seen.push(useNotificationsStatus());
      return null;
    }
    let renderer!: TestRenderer.ReactTestRenderer;
    act(() => {
      renderer = TestRenderer.create(
        <Provider store={store}>
          <Status />
        </Provider>
      );
    });
    act(() => void store.dispatch(notificationsFetchStarted()));
    act(() => void store.dispatch(notificationsFetchFailed("down")));
    act(() => void store.dispatch(notificationsFetchSucceeded()));
    expect(seen).to.deep.equal(["OK", "LOADING", "ERROR", "OK"]);
    act(() => renderer.unmount());
  });
});
