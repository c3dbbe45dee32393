// The browser example: a trader's unread and read notifications, live over the browser's own
// WebSocket, with plain DOM rendering. Bundled by build.ts; served by the mock hedger:
//   npx ts-node --transpile-only build.ts
//   npx multiaccount-kit-mock-hedger --port 8090 --static dist
//   open http://127.0.0.1:8090/?account=0x...
// It needs multiaccount-kit, redux, redux-thunk and esbuild installed. In the multiaccount-kit
// repository: `npx ts-node --transpile-only examples/browser/build.ts`, then
// `npm run mock-hedger -- --port 8090 --static examples/browser/dist` (esbuild resolves the package
// name to src/ through the "paths" of tsconfig.json).
// URL parameters: account, socketUrl, baseUrl, appName, minDelayMs, maxDelayMs, maxItems (all optional).
// Open it in several tabs: they share one socket. "Switch account" and "Disconnect" act on one tab.
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
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
  setReadNotifications,
  setUnreadNotifications,
  startNotificationUpdater,
  updateTimestamp,
  type BackoffOptions,
  type NotificationDetails,
} from "multiaccount-kit/notifications";

const DEMO_ACCOUNT = "0x00000000000000000000000000000000000a11ce";

interface PageConfig {
  account: string;
  socketUrl: string;
  baseUrl: string;
  appName: string;
  backoff: BackoffOptions;
  /** The middleware's maxItems, when given. */
  maxItems?: number;
}

function checkAccount(account: string, what: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(account)) throw new Error(`${what} must be a 0x-prefixed 20-byte address, got "${account}"`);
  return account;
}

/** Reads the page's URL; throws an Error naming the bad parameter. */
function readConfig(url: URL): PageConfig {
  const params = url.searchParams;
  const account = checkAccount(params.get("account") || DEMO_ACCOUNT, "?account=");
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
  const rawMax = params.get("maxItems");
  const maxItems = rawMax === null ? undefined : Number(rawMax);
  if (maxItems !== undefined && !(maxItems > 0)) throw new Error(`?maxItems= must be a positive number, got "${rawMax}"`);
  // The default cap (30 s) must not fall below a larger minimum given alone.
  if (backoff.minDelayMs !== undefined && backoff.maxDelayMs === undefined) backoff.maxDelayMs = Math.max(backoff.minDelayMs, 30_000);
  return { account, socketUrl, baseUrl, appName: params.get("appName") || "multiaccount-kit-browser-example", backoff, maxItems };
}

/**
 * One system notification per new item, however many tabs are open: the middleware calls this in
 * the one tab that owns the socket. The item's id as the `tag` is a second guard: a notification
 * with the tag of one still shown replaces it instead of adding another (a page reloaded, tabs
 * without a shared socket).
 */
function showSystemNotification(n: NotificationDetails): void {
  if (!granted) return;
  new Notification(n.notificationType, { tag: n.id ?? `quote-${n.quoteId}`, body: messageOf(n) });
}

/**
 * Whether the page may show system notifications: read once, then kept by the Permissions API's
 * change event. Reading `Notification.permission` asks the browser process each time (up to 1 ms in
 * Chromium), which every new item would pay on the leader, while that process relays to the other tabs.
 */
let granted = false;
function watchNotificationPermission(): void {
  if (typeof Notification !== "function") return;
  granted = Notification.permission === "granted";
  navigator.permissions?.query({ name: "notifications" }).then(
    (status) => {
      const read = () => (granted = status.state === "granted");
      read();
      status.addEventListener("change", read);
    },
    () => undefined
  );
}

/** The user-facing message of a notification, with its failure message if any. */
function messageOf(n: NotificationDetails): string {
  const message = NotificationMessages[n.lastSeenAction as keyof typeof NotificationMessages] ?? n.lastSeenAction ?? "";
  return n.failureMessage ? `${message}: ${n.failureMessage}` : message;
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
        maxItems: config.maxItems,
        onNewNotification: showSystemNotification,
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
  item.append(span("type", n.notificationType), span("message", messageOf(n)));
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

/** The newest this many of a list are shown: a burst of thousands must not put thousands of rows into the page. */
const SHOWN = 100;

function note(className: string, text: string): HTMLLIElement {
  const li = document.createElement("li");
  li.className = className;
  li.textContent = text;
  return li;
}

/**
 * Shows `items` in `list`, keeping the row of each notification already shown (the same object
 * gets the same row, `rows`): a new notification costs one row inserted, not the whole list built
 * again, which every open tab would otherwise pay on every update.
 */
function renderList(
  list: HTMLElement,
  items: NotificationDetails[],
  rows: WeakMap<NotificationDetails, HTMLLIElement>,
  itemFor: (n: NotificationDetails) => HTMLLIElement
): void {
  const wanted = items.slice(0, SHOWN).map((n) => rows.get(n) ?? rows.set(n, itemFor(n)).get(n)!);
  if (items.length === 0) wanted.push(note("empty", "nothing here"));
  if (items.length > SHOWN) wanted.push(note("more", `and ${items.length - SHOWN} more`));
  let at = list.firstChild;
  for (const row of wanted) {
    if (row === at) at = at.nextSibling;
    else list.insertBefore(row, at);
  }
  while (at !== null) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
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
  const unreadRows = new WeakMap<NotificationDetails, HTMLLIElement>();
  const readRows = new WeakMap<NotificationDetails, HTMLLIElement>();

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
      renderList(unreadList, unread, unreadRows, (n) => notificationItem(n, () => store.dispatch(markAsRead(n))));
    }
    const read = selectReadNotifications(state);
    if (read !== shownRead) {
      shownRead = read;
      readCount.textContent = String(read.length);
      renderList(readList, read, readRows, (n) => notificationItem(n));
    }
  };
  render();
  return store.subscribe(render);
}

function showError(message: string): void {
  const shown = element("error");
  shown.textContent = message;
  shown.hidden = message === "";
}

function start(): void {
  let config: PageConfig;
  try {
    config = readConfig(new URL(window.location.href));
  } catch (error) {
    showError((error as Error).message);
    return;
  }
  element("hedger").textContent = config.socketUrl;
  watchNotificationPermission();
  const store = createNotificationsStore(config);
  // For the browser's console (and the tests): the store itself.
  (window as unknown as { notificationsStore: NotificationsStore }).notificationsStore = store;
  mountView(store);
  const input = element<HTMLInputElement>("account-input");
  // The module itself closes the connection on pagehide and opens it again when the page comes back
  // from the back-forward cache; the page has nothing to do for either.
  const follow = (account: string) => {
    element("account").textContent = account;
    input.value = account;
    const { socketUrl, baseUrl, appName } = config;
    return startNotificationUpdater(store, { account, socketUrl, baseUrl, appName, whitelisted: true, fetchData: true });
  };
  let stop = follow(config.account);

  // Disconnecting is this tab's own business: the other tabs on the account keep the socket (one of
  // them takes it over if this tab led).
  element("disconnect").addEventListener("click", () => stop());
  // Browsers ask for the permission only in answer to a click.
  element("allow-system-notifications").addEventListener("click", () => {
    if (typeof Notification === "function") void Notification.requestPermission().then((permission) => (granted = permission === "granted"));
  });
  element("switch-account").addEventListener("click", () => {
    let account: string;
    try {
      account = checkAccount(input.value.trim(), "The account");
    } catch (error) {
      showError((error as Error).message);
      return;
    }
    showError("");
    stop();
    // The lists were the old account's. They are emptied while disconnected, so that no other tab
    // hears of it, and the next fetch starts from nothing.
    store.dispatch(setUnreadNotifications([]));
    store.dispatch(setReadNotifications([]));
    store.dispatch(updateTimestamp(""));
    const url = new URL(window.location.href);
    url.searchParams.set("account", account);
    window.history.replaceState(null, "", url);
    stop = follow(account);
  });
}

start();
