// The browser example: a trader's unread and read notifications, live over the browser's own
// WebSocket, with plain DOM rendering. Bundled by build.ts; served by the mock hedger:
//   npm run mock-hedger -- --port 8090 --static examples/browser/dist
//   open http://127.0.0.1:8090/?account=0x...
// URL parameters: account, socketUrl, baseUrl, appName, minDelayMs, maxDelayMs (all optional).
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
// In your app: from "multiaccount-kit/notifications".
import {
  NotificationMessages,
  createNotificationsMiddleware,
  markAllAsRead,
  markAsRead,
  notificationsReducer,
  selectConnectionStatus,
  selectIsNewNotification,
  selectReadNotifications,
  selectUnreadNotifications,
  startNotificationUpdater,
  type BackoffOptions,
  type NotificationDetails,
} from "../../src/notifications";

const DEMO_ACCOUNT = "0x00000000000000000000000000000000000a11ce";

interface PageConfig {
  account: string;
  socketUrl: string;
  baseUrl: string;
  appName: string;
  backoff: BackoffOptions;
}

/** Reads the page's URL; throws an Error naming the bad parameter. */
function readConfig(url: URL): PageConfig {
  const params = url.searchParams;
  const account = params.get("account") || DEMO_ACCOUNT;
  if (!/^0x[0-9a-fA-F]{40}$/.test(account)) throw new Error(`?account= must be a 0x-prefixed 20-byte address, got "${account}"`);
  const socketUrl = params.get("socketUrl") || `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}/ws/position-state-ws3`;
  if (!/^wss?:\/\//.test(socketUrl)) throw new Error(`?socketUrl= must be a ws:// or wss:// URL, got "${socketUrl}"`);
  const baseUrl = params.get("baseUrl") || url.origin;
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`?baseUrl= must be an http:// or https:// URL, got "${baseUrl}"`);
  const backoff: BackoffOptions = {};
  for (const name of ["minDelayMs", "maxDelayMs"] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(value) || value < 0) throw new Error(`?${name}= must be a number of milliseconds, got "${raw}"`);
    backoff[name] = value;
  }
  // The default cap (30 s) must not fall below a larger minimum given alone.
  if (backoff.minDelayMs !== undefined && backoff.maxDelayMs === undefined) backoff.maxDelayMs = Math.max(backoff.minDelayMs, 30_000);
  return { account, socketUrl, baseUrl, appName: params.get("appName") || "multiaccount-kit-browser-example", backoff };
}

function createNotificationsStore(config: PageConfig) {
  return createStore(
    combineReducers({ notifications: notificationsReducer }),
    applyMiddleware(
      thunk,
      createNotificationsMiddleware({
        // The browser's own.
        WebSocket: window.WebSocket,
        backoff: config.backoff,
      })
    )
  );
}

type NotificationsStore = ReturnType<typeof createNotificationsStore>;

function element<T extends HTMLElement = HTMLElement>(testId: string): T {
  const found = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (found === null) throw new Error(`index.html has no [data-testid="${testId}"]`);
  return found;
}

function span(className: string, text: string): HTMLSpanElement {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  return node;
}

function notificationItem(n: NotificationDetails, onMarkAsRead?: () => void): HTMLLIElement {
  const item = document.createElement("li");
  item.dataset.id = n.id ?? `quote-${n.quoteId}`;
  const message = NotificationMessages[n.lastSeenAction as keyof typeof NotificationMessages] ?? n.lastSeenAction ?? "";
  item.append(span("type", n.notificationType), span("message", n.failureMessage ? `${message}: ${n.failureMessage}` : message));
  if (n.quoteId !== null) item.append(span("quote", `quote ${n.quoteId}`));
  if (onMarkAsRead !== undefined) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.testid = "mark-as-read";
    button.textContent = "Mark as read";
    button.addEventListener("click", onMarkAsRead);
    item.append(button);
  }
  return item;
}

function renderList(list: HTMLElement, items: NotificationDetails[], itemFor: (n: NotificationDetails) => HTMLLIElement): void {
  if (items.length === 0) {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = "nothing here";
    list.replaceChildren(empty);
    return;
  }
  list.replaceChildren(...items.map(itemFor));
}

/** Re-renders whatever changed; the selectors return the same arrays until a list really changes. */
function mountView(store: NotificationsStore): () => void {
  const status = element("status");
  const flag = element("new");
  const unreadList = element("unread");
  const readList = element("read");
  const unreadCount = element("unread-count");
  const readCount = element("read-count");
  let shownUnread: NotificationDetails[] | undefined;
  let shownRead: NotificationDetails[] | undefined;

  element("mark-all-as-read").addEventListener("click", () => store.dispatch(markAllAsRead()));

  const render = () => {
    const state = store.getState();
    const connection = selectConnectionStatus(state);
    status.textContent = connection;
    status.dataset.status = connection;
    flag.hidden = !selectIsNewNotification(state);
    const unread = selectUnreadNotifications(state);
    if (unread !== shownUnread) {
      shownUnread = unread;
      unreadCount.textContent = String(unread.length);
      renderList(unreadList, unread, (n) => notificationItem(n, () => store.dispatch(markAsRead(n))));
    }
    const read = selectReadNotifications(state);
    if (read !== shownRead) {
      shownRead = read;
      readCount.textContent = String(read.length);
      renderList(readList, read, (n) => notificationItem(n));
    }
  };
  render();
  return store.subscribe(render);
}

function start(): void {
  let config: PageConfig;
  try {
    config = readConfig(new URL(window.location.href));
  } catch (error) {
    const shown = element("error");
    shown.textContent = (error as Error).message;
    shown.hidden = false;
    return;
  }
  element("account").textContent = config.account;
  element("hedger").textContent = config.socketUrl;
  const store = createNotificationsStore(config);
  const unmount = mountView(store);
  const stop = startNotificationUpdater(store, {
    account: config.account,
    baseUrl: config.baseUrl,
    appName: config.appName,
    socketUrl: config.socketUrl,
    whitelisted: true,
    fetchData: true,
  });
  window.addEventListener("pagehide", () => {
    stop();
    unmount();
  });
  // Back from the back-forward cache, the stopped store would show stale lists.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) window.location.reload();
  });
}

start();
