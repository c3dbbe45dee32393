// A Node Redux store with the notifications middleware and updater, printing each notification as it
// reaches the store.
//
//   npx ts-node --transpile-only index.ts
//     starts its own mock hedger, emits a few notifications, drops the connection once (a
//     notification sent meanwhile arrives through the backfill), then stops and exits.
//   npx ts-node --transpile-only index.ts \
//       --socket-url ws://127.0.0.1:8090/ws/position-state-ws3 --base-url http://127.0.0.1:8090 --account 0x...
//     connects to a running hedger (e.g. `npx multiaccount-kit-mock-hedger --port 8090`) until Ctrl-C.
// It needs multiaccount-kit, redux, redux-thunk and ws installed. In the multiaccount-kit
// repository itself, run it with `npm run example -- examples/redux-node/index.ts [options]`.
import WebSocket from "ws";
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import {
  NotificationMessages,
  createNotificationsMiddleware,
  notificationsReducer,
  selectConnectionStatus,
  startNotificationUpdater,
  type NotificationDetails,
} from "multiaccount-kit/notifications";
import { startMockHedger, type MockNotification } from "multiaccount-kit/mock-hedger";

const APP_NAME = "multiaccount-kit-example";
const DEMO_ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const WAIT_MS = 15_000;

const USAGE = `Usage: ts-node index.ts [--socket-url URL --base-url URL --account 0x... [--app-name NAME]]
Without options it runs against its own mock hedger and exits when done.`;

interface Target {
  socketUrl: string;
  baseUrl: string;
  account: string;
  appName: string;
}

function parseArgs(argv: string[]): Target | undefined {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (!["--socket-url", "--base-url", "--account", "--app-name"].includes(flag) || value === undefined) {
      throw new Error(`unexpected argument "${flag}"${value === undefined ? " (missing its value)" : ""}\n${USAGE}`);
    }
    args[flag.slice(2)] = value;
  }
  if (Object.keys(args).length === 0) return undefined;
  const missing = ["socket-url", "base-url", "account"].filter((name) => args[name] === undefined);
  if (missing.length > 0) throw new Error(`--${missing.join(", --")} missing: give --socket-url, --base-url and --account together\n${USAGE}`);
  const socketUrl = args["socket-url"];
  const baseUrl = args["base-url"];
  if (!/^wss?:\/\//.test(socketUrl)) throw new Error(`--socket-url must be a ws:// or wss:// URL, got "${socketUrl}"`);
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`--base-url must be an http:// or https:// URL, got "${baseUrl}"`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(args.account)) throw new Error(`--account must be a 0x-prefixed 20-byte address, got "${args.account}"`);
  return { socketUrl, baseUrl, account: args.account, appName: args["app-name"] ?? APP_NAME };
}

function createNotificationsStore() {
  return createStore(
    combineReducers({ notifications: notificationsReducer }),
    applyMiddleware(
      thunk,
      createNotificationsMiddleware({
        // ws's event types are wider than the DOM-like subset the middleware declares.
        WebSocket,
        backoff: { minDelayMs: 200, maxDelayMs: 5000 },
      })
    )
  );
}

type NotificationsStore = ReturnType<typeof createNotificationsStore>;

function summary(n: NotificationDetails): string {
  const message = NotificationMessages[n.lastSeenAction as keyof typeof NotificationMessages] ?? n.lastSeenAction ?? "";
  return `${n.notificationType}: ${message}${n.quoteId === null ? "" : ` (quote ${n.quoteId})`}`;
}

/** Prints every notification the first time it reaches unread, and every connection status change. */
function printArrivals(store: NotificationsStore, received: Set<string>): () => void {
  let unread = store.getState().notifications.unreadNotifications;
  let status = selectConnectionStatus(store.getState());
  return store.subscribe(() => {
    const state = store.getState();
    if (selectConnectionStatus(state) !== status) {
      status = selectConnectionStatus(state);
      console.log(`status   ${status}`);
    }
    if (state.notifications.unreadNotifications === unread) return;
    unread = state.notifications.unreadNotifications;
    // Lists are newest first; print oldest first.
    for (const n of [...unread].reverse()) {
      const key = n.id ?? `quote ${n.quoteId}`;
      if (received.has(key)) continue;
      received.add(key);
      console.log(`received ${key}  ${summary(n)}`);
    }
  });
}

/** Resolves once `condition()` holds; rejects after `timeoutMs` naming what it waited for. */
function waitFor(what: string, condition: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (condition()) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }
    }, 20);
  });
}

async function runAgainstOwnHedger(): Promise<void> {
  const account = DEMO_ACCOUNT;
  const hedger = await startMockHedger({ port: 0 });
  console.log(`hedger   ${hedger.origin} (account ${account})`);
  const store = createNotificationsStore();
  const received = new Set<string>();
  const stopPrinting = printArrivals(store, received);
  const emitted: MockNotification[] = [];
  let stopUpdater: (() => void) | undefined;
  const emit = (how: string, send: () => MockNotification) => {
    const n = send();
    emitted.push(n);
    console.log(`emitted  ${n.id}  ${how}`);
    return n;
  };
  const arrived = (n: MockNotification) => waitFor(`${n.id} in the store`, () => received.has(n.id));
  const subscribed = () => waitFor("the subscription", () => selectConnectionStatus(store.getState()) === "open" && hedger.subscribers(account) > 0);

  try {
    // Happened before the app started: the updater's REST fetch brings it.
    const earlier = emit("before start", () => hedger.record(account, { last_seen_action: "SendQuote", action_status: "success" }));
    stopUpdater = startNotificationUpdater(store, {
      account,
      baseUrl: hedger.baseUrl,
      appName: APP_NAME,
      socketUrl: hedger.socketUrl,
      whitelisted: true,
      fetchData: true,
    });
    await arrived(earlier);
    await subscribed();

    for (const fields of [
      { last_seen_action: "SendQuote", action_status: "seen" },
      { last_seen_action: "FillLimitOrderOpen", action_status: "success" },
      { last_seen_action: "RequestToClosePosition", action_status: "failed", failure_message: "hedger rejected the close" },
    ]) {
      await arrived(emit("live", () => hedger.emit(account, { state_type: "alert", ...fields })));
    }

    // The mock hedger forgets the subscription at once, so this one reaches no socket.
    hedger.dropConnections();
    const missed = emit("while disconnected", () =>
      hedger.emit(account, { last_seen_action: "LiquidatePosition", action_status: "success", state_type: "alert" })
    );
    await arrived(missed);
    await subscribed();
    await arrived(emit("after reconnect", () => hedger.emit(account, { last_seen_action: "UnlockQuote", action_status: "success", state_type: "alert" })));
  } finally {
    stopUpdater?.();
    stopPrinting();
    await hedger.close();
  }

  const lost = emitted.filter((n) => !received.has(n.id)).map((n) => n.id);
  if (lost.length > 0) throw new Error(`never reached the store: ${lost.join(", ")}`);
  console.log(`done     ${emitted.length} emitted, ${received.size} received`);
}

async function runAgainst(target: Target): Promise<void> {
  const store = createNotificationsStore();
  const stopPrinting = printArrivals(store, new Set());
  const stopUpdater = startNotificationUpdater(store, { ...target, whitelisted: true, fetchData: true });
  console.log(`watching ${target.account} at ${target.socketUrl}; Ctrl-C to stop`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  stopUpdater();
  stopPrinting();
}

async function main(): Promise<void> {
  const target = parseArgs(process.argv.slice(2));
  await (target === undefined ? runAgainstOwnHedger() : runAgainst(target));
}

main().catch((error: Error) => {
  console.error(`error    ${error.message}`);
  process.exitCode = 1;
});
