// `npm run demo`, part 2: the notifications half, wired as a user wires it. A mock hedger on a
// loopback port; a Redux store with redux-thunk, the live middleware (over `ws`) and the updater; a
// few notifications, one dropped connection whose missed notification arrives through the REST
// backfill, one mark-as-read, then both lists. Only the package's public entry points, no Hardhat.
import WebSocket from "ws";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { withExtraArgument } from "redux-thunk";
// In your app: from "multiaccount-kit/notifications" and "multiaccount-kit/mock-hedger".
import {
  NotificationMessages,
  createNotificationsMiddleware,
  markAsRead,
  notificationsReducer,
  selectConnectionStatus,
  selectReadNotifications,
  selectUnreadNotifications,
  startNotificationUpdater,
  type FetchLike,
  type NotificationDetails,
  type NotificationResponse,
} from "../../src/notifications";
import { startMockHedger, type MockHedger, type MockNotification } from "../../src/mock-hedger";

const ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const APP_NAME = "multiaccount-kit-demo";

export interface NotificationsDemoOptions {
  /** Where each line goes. Default console.log. */
  print?: (line: string) => void;
  /** Bound on each wait for an outcome. Default 10 000 ms. */
  waitMs?: number;
}

export interface NotificationsDemoResult {
  unread: NotificationDetails[];
  read: NotificationDetails[];
}

/** "Seen by hedger: Open Order (quote 1002)" */
function summary(n: NotificationDetails): string {
  const action = n.lastSeenAction ?? "";
  const message = NotificationMessages[action] ?? action;
  return `${n.notificationType}: ${message}${n.quoteId === null ? "" : ` (quote ${n.quoteId})`}`;
}

/** One event per line: a fixed-width event name, then what happened. */
const line = (event: string, text: string) => `${event.padEnd(9)} ${text}`;

/**
 * A fetch that prints each request to the hedger and remembers which notifications each answer
 * carried, under `route` ("fetch" for the updater's thunk, "backfill" for the middleware).
 */
function tracedFetch(route: string, print: (text: string) => void, carried: Map<string, string>, inFlight: { count: number }): FetchLike {
  return async (input, init) => {
    inFlight.count += 1;
    try {
      const response = await fetch(input, init);
      let ids: string[] | undefined;
      try {
        const body = (await response.clone().json()) as { position_state?: Array<{ id?: unknown }> };
        ids = (body.position_state ?? []).map((n) => String(n.id));
      } catch {
        // not JSON: the thunk or the middleware reports it
      }
      for (const id of ids ?? []) if (!carried.has(id)) carried.set(id, route);
      const list = ids === undefined ? "not JSON" : ids.length === 0 ? "no notifications" : ids.join(", ");
      print(line(route, `${init?.method ?? "GET"} ${new URL(input).pathname} -> ${response.status}, ${list}`));
      return response;
    } finally {
      inFlight.count -= 1;
    }
  };
}

export async function runNotificationsDemo(options: NotificationsDemoOptions = {}): Promise<NotificationsDemoResult> {
  const print = options.print ?? ((text: string) => console.log(text));
  const waitMs = options.waitMs ?? 10_000;
  print("== Notifications: a mock hedger, a Redux store, the live middleware and the updater ==");

  const hedger: MockHedger = await startMockHedger({ port: 0, host: "127.0.0.1" });
  print(line("hedger", `REST ${hedger.baseUrl}, WebSocket ${hedger.socketUrl}`));

  /** Notification id -> the REST route whose answer first carried it. */
  const carried = new Map<string, string>();
  const rest = { count: 0 };
  const store = createStore(
    combineReducers({ notifications: notificationsReducer }),
    applyMiddleware(
      withExtraArgument({ fetch: tracedFetch("fetch", print, carried, rest) }),
      createNotificationsMiddleware({
        WebSocket,
        fetch: tracedFetch("backfill", print, carried, rest),
        // Quick reconnects, so the demo does not wait on the default one-second backoff.
        backoff: { minDelayMs: 100, maxDelayMs: 1000 },
      })
    )
  );

  // Print every connection status change and every notification the first time it is in unread.
  const received = new Set<string>();
  let status = selectConnectionStatus(store.getState());
  let unread = store.getState().notifications.unreadNotifications;
  const stopPrinting = store.subscribe(() => {
    const state = store.getState();
    if (selectConnectionStatus(state) !== status) {
      status = selectConnectionStatus(state);
      print(line("status", status));
    }
    if (state.notifications.unreadNotifications === unread) return;
    unread = state.notifications.unreadNotifications;
    // Lists are newest first; print oldest first.
    for (const n of [...unread].reverse()) {
      const id = n.id ?? "";
      if (received.has(id)) continue;
      received.add(id);
      const route = carried.get(id);
      print(line("received", `${id}  ${summary(n)}, ${route === undefined ? "over the WebSocket" : `through the REST ${route}`}`));
    }
  });

  const waitFor = (what: string, condition: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (condition()) {
          clearInterval(poll);
          resolve();
        } else if (Date.now() - started > waitMs) {
          clearInterval(poll);
          reject(new Error(`no ${what} within ${waitMs} ms`));
        }
      }, 10);
    });
  // Open, subscribed, and no REST answer still on its way (so every arrival has one route).
  const settled = () =>
    waitFor("subscription", () => selectConnectionStatus(store.getState()) === "open" && hedger.subscribers(ACCOUNT) > 0 && rest.count === 0);
  const arrived = (n: MockNotification) => waitFor(`${n.id} in the store`, () => received.has(n.id));
  const emitted: string[] = [];
  const emit = (how: string, send: () => MockNotification) => {
    const n = send();
    emitted.push(n.id);
    print(line("emitted", `${n.id}  ${how}`));
    return n;
  };
  const alert = (fields: Partial<NotificationResponse>) => ({ state_type: "alert", ...fields });

  let stopUpdater: (() => void) | undefined;
  try {
    const earlier = emit("before the app started (stored only)", () =>
      hedger.record(ACCOUNT, alert({ last_seen_action: "SendQuote", action_status: "success" }))
    );
    stopUpdater = startNotificationUpdater(store, {
      account: ACCOUNT,
      baseUrl: hedger.baseUrl,
      appName: APP_NAME,
      socketUrl: hedger.socketUrl,
      whitelisted: true,
      fetchData: true,
    });
    await arrived(earlier);
    await settled();

    for (const fields of [
      { last_seen_action: "SendQuote", action_status: "seen" },
      { last_seen_action: "FillLimitOrderOpen", action_status: "success" },
      { last_seen_action: "RequestToClosePosition", action_status: "failed", failure_message: "hedger rejected the close" },
    ]) {
      await arrived(emit("live", () => hedger.emit(ACCOUNT, alert(fields))));
    }

    hedger.dropConnections();
    print(line("dropped", "the hedger cut the WebSocket"));
    // The hedger forgot the subscription with the socket, so this one reaches no client.
    const missed = emit(`while disconnected (${hedger.subscribers(ACCOUNT)} subscribers)`, () =>
      hedger.emit(ACCOUNT, alert({ last_seen_action: "LiquidatePosition", action_status: "success" }))
    );
    await arrived(missed);
    await settled();
    await arrived(emit("live", () => hedger.emit(ACCOUNT, alert({ last_seen_action: "UnlockQuote", action_status: "success" }))));

    const first = selectUnreadNotifications(store.getState()).find((n) => n.id === emitted[1]);
    if (first === undefined) throw new Error(`${emitted[1]} is not in unread`);
    store.dispatch(markAsRead(first));
    print(line("marked", `${first.id}  as read`));
  } finally {
    stopUpdater?.();
    stopPrinting();
    await hedger.close();
  }
  print(line("stopped", "updater stopped, hedger closed"));

  const lost = emitted.filter((id) => !received.has(id));
  if (lost.length > 0) throw new Error(`never reached the store: ${lost.join(", ")}`);

  const result = { unread: selectUnreadNotifications(store.getState()), read: selectReadNotifications(store.getState()) };
  print("\n== Notification lists ==");
  for (const [name, list] of [
    ["unread", result.unread],
    ["read", result.read],
  ] as const) {
    print(`${name} (${list.length}), newest first`);
    for (const n of list) print(`  ${n.id}  ${summary(n)}`);
  }
  return result;
}
