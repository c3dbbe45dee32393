// Wires the notifications slice into a plain Redux store, fetches from a hedger-like endpoint and
// prints the lists. The endpoint is a tiny loopback server started here, so this runs offline:
//   npx ts-node --transpile-only index.ts
// (with multiaccount-kit, redux and redux-thunk installed; in the multiaccount-kit repository:
// `npm run example -- examples/notifications-store/index.ts`).
import * as http from "http";
import type { AddressInfo } from "net";
import { applyMiddleware, combineReducers, createStore } from "redux";
import { withExtraArgument } from "redux-thunk";
import {
  NotificationMessages,
  getNotifications,
  markAsRead,
  notificationsReducer,
  selectLastUpdateTimestamp,
  selectNotificationsStatus,
  selectPartialFillNotifications,
  selectReadNotifications,
  selectUnreadNotifications,
  type NotificationDetails,
  type NotificationsExtraArgument,
} from "multiaccount-kit/notifications";

const ACCOUNT = "0x5B38Da6a701c568545dCfcB03FcB875f56beddC4";

/** What a hedger's POST /position-state/{start}/{size} might answer. */
const positionState = [
  {
    id: "n-1",
    quote_id: 101,
    create_time: 1700000000,
    modify_time: 1700000100,
    counterparty_address: "0xhedger",
    filled_amount_open: null,
    filled_amount_close: null,
    last_seen_action: "SendQuote",
    action_status: "seen",
    failure_type: null,
    failure_message: null,
    state_type: null,
  },
  {
    id: "n-2",
    quote_id: 101,
    create_time: 1700000000,
    modify_time: 1700000200,
    counterparty_address: "0xhedger",
    filled_amount_open: "250.5",
    filled_amount_close: null,
    last_seen_action: "FillLimitOrderOpen",
    action_status: "success",
    failure_type: null,
    failure_message: null,
    state_type: "report",
    version: 2,
  },
  {
    id: "n-3",
    quote_id: 102,
    create_time: 1700000050,
    modify_time: 1700000300,
    counterparty_address: "0xhedger",
    filled_amount_open: null,
    filled_amount_close: null,
    last_seen_action: "FailedToPutOnBinance",
    action_status: "failed",
    failure_type: "Solvency Problem",
    failure_message: "insufficient margin",
    state_type: null,
  },
];

function startHedger(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ position_state: positionState }));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function createAppStore(extra: NotificationsExtraArgument) {
  return createStore(combineReducers({ notifications: notificationsReducer }), applyMiddleware(withExtraArgument(extra)));
}

function describe(n: NotificationDetails): string {
  const message = NotificationMessages[n.lastSeenAction as keyof typeof NotificationMessages] ?? n.lastSeenAction;
  return `${n.notificationType} | ${message} | quote ${n.quoteId} | modified ${n.modifyTime}`;
}

function print(title: string, list: NotificationDetails[]): void {
  console.log(`${title} (${list.length})`);
  for (const n of list) console.log(`  - ${describe(n)}`);
}

async function main(): Promise<void> {
  const hedger = await startHedger();
  try {
    const { port } = hedger.address() as AddressInfo;
    const store = createAppStore({ timeoutMs: 5_000 });

    const { unreadNotifications } = await store.dispatch(
      getNotifications({
        baseUrl: `http://127.0.0.1:${port}/`,
        account: ACCOUNT,
        timestamp: selectLastUpdateTimestamp(store.getState()),
        appName: "notifications-example",
      })
    );
    console.log(`fetched ${unreadNotifications.length} notifications for ${ACCOUNT}`);
    console.log(`status ${selectNotificationsStatus(store.getState())}, lastUpdateTimestamp ${selectLastUpdateTimestamp(store.getState())}`);
    print("unread", selectUnreadNotifications(store.getState()));
    print("partial fills", selectPartialFillNotifications(store.getState()));

    const [first] = selectUnreadNotifications(store.getState());
    store.dispatch(markAsRead(first));
    console.log(`marked ${first.id} as read`);
    print("unread", selectUnreadNotifications(store.getState()));
    print("read", selectReadNotifications(store.getState()));
  } finally {
    await new Promise((resolve) => hedger.close(resolve));
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
