// PROTOTYPE, not shipped (issue #28 §1, the SharedWorker design, measured against the leader that
// steps down on freeze): the live session in a SharedWorker shared by the tabs of one (socket URL,
// account). The worker runs the ordinary middleware with its own store; it takes the leader's lock
// and relays over the same BroadcastChannel, so the tabs need nothing but to follow (the bench's
// init script keeps them from leading). The first port's message is the connect payload; every port
// gets back what the worker can do (`Notification` in a worker) and what it announced.
import { applyMiddleware, combineReducers, legacy_createStore as createStore } from "redux";
import { thunk } from "redux-thunk";
import { connectNotifications, createNotificationsMiddleware, notificationsReducer, type ConnectNotificationsPayload } from "../../../src/notifications";

interface Report {
  notification: string;
  constructed: string;
  announced: string[];
}

const report: Report = { notification: typeof Notification, constructed: "not tried", announced: [] };
const ports: MessagePort[] = [];
const tell = () => {
  for (const port of ports) port.postMessage(report);
};
const store = createStore(
  combineReducers({ notifications: notificationsReducer }),
  applyMiddleware(
    thunk,
    createNotificationsMiddleware({
      onNewNotification: (n) => {
        report.announced.push(n.id as string);
        if (report.constructed === "not tried") {
          try {
            new Notification("probe", { tag: n.id ?? undefined });
            report.constructed = "constructed";
          } catch (error) {
            report.constructed = `threw ${(error as Error).name}: ${(error as Error).message}`;
          }
        }
        tell();
      },
    })
  )
);
let connected = false;

(self as unknown as { onconnect: (event: MessageEvent) => void }).onconnect = (event) => {
  const port = event.ports[0];
  ports.push(port);
  port.onmessage = (message: MessageEvent<ConnectNotificationsPayload>) => {
    if (!connected) {
      connected = true;
      store.dispatch(connectNotifications(message.data) as never);
    }
    port.postMessage(report);
  };
};
