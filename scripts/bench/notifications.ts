// Ingest benchmark for the notifications reducer against a straightforward baseline, in one process.
// Run: npx ts-node --transpile-only scripts/bench/notifications.ts
import { combineReducers, createStore, type Reducer } from "redux";
import {
  notificationsReducer,
  readAllNotifications,
  setReadNotifications,
  setUnreadNotifications,
  addUnreadNotification,
  type NotificationState,
} from "../../src/notifications";
import { baselineReducer } from "../../test/support/notifications-baseline";
import { ingestWorkload, type IngestWorkload } from "../../test/support/notifications-workload";

type SliceReducer = Reducer<NotificationState, { type: string }>;

const INGEST = 10_000;
const RUNS = 5;

function storeWith(reducer: SliceReducer, w: IngestWorkload) {
  const store = createStore(combineReducers({ notifications: reducer }));
  store.dispatch(setReadNotifications(w.prefillRead));
  store.dispatch(setUnreadNotifications(w.prefillUnread));
  return store;
}

/** Milliseconds to dispatch every incoming notification one by one into a pre-filled store. */
function timeIngest(reducer: SliceReducer, w: IngestWorkload): number {
  const store = storeWith(reducer, w);
  const started = performance.now();
  for (const n of w.incoming) store.dispatch(addUnreadNotification(n));
  const elapsed = performance.now() - started;
  if (store.getState().notifications.unreadNotifications.length === 0) throw new Error("ingest stored nothing");
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(reducer: SliceReducer, w: IngestWorkload, runs: number): number {
  return median(Array.from({ length: runs }, () => timeIngest(reducer, w)));
}

function timeMarkAllAsRead(reducer: SliceReducer, unread: number): number {
  const w = ingestWorkload(unread + 1000, 0, 7);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const store = createStore(combineReducers({ notifications: reducer }));
    store.dispatch(setReadNotifications(w.prefillRead.concat(w.prefillUnread).slice(unread)));
    store.dispatch(setUnreadNotifications(w.prefillRead.concat(w.prefillUnread).slice(0, unread)));
    if (store.getState().notifications.unreadNotifications.length !== unread) throw new Error("bad mark-all setup");
    const started = performance.now();
    store.dispatch(readAllNotifications());
    times.push(performance.now() - started);
    if (store.getState().notifications.unreadNotifications.length !== 0) throw new Error("mark-all left unread items");
  }
  return median(times);
}

export async function benchNotifications(): Promise<void> {
  const small = ingestWorkload(5_000, INGEST);
  const large = ingestWorkload(10_000, INGEST);
  const reducer: SliceReducer = notificationsReducer;
  const baseline: SliceReducer = baselineReducer;

  // Warm-up, so that both implementations are measured optimized.
  measure(reducer, ingestWorkload(2_000, 2_000, 1), 3);
  measure(baseline, ingestWorkload(2_000, 2_000, 1), 2);

  const ours = measure(reducer, small, RUNS);
  const theirs = measure(baseline, small, 3);
  const oursLarge = measure(reducer, large, RUNS);
  const markAll = timeMarkAllAsRead(reducer, 5_000);

  const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);
  console.log(`notifications ingest: ${INGEST} dispatched one by one, ${small.repeats} supersede or replay`);
  line("pre-filled 5,000: time", `${ours.toFixed(1)} ms`);
  line("pre-filled 5,000: throughput", `${Math.round(INGEST / (ours / 1000)).toLocaleString("en-US")} notifications/s`);
  line("baseline (linear search, copies): time", `${theirs.toFixed(1)} ms`);
  line("baseline throughput", `${Math.round(INGEST / (theirs / 1000)).toLocaleString("en-US")} notifications/s`);
  line("speed-up vs baseline (target >= 20x)", `${(theirs / ours).toFixed(1)}x`);
  line("pre-filled 10,000: time", `${oursLarge.toFixed(1)} ms`);
  line("growth 5,000 -> 10,000 (target <= ~2.2x)", `${(oursLarge / ours).toFixed(2)}x`);
  line("mark-all-as-read, 5,000 unread: one action", `${markAll.toFixed(2)} ms`);
}

if (require.main === module) {
  benchNotifications().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
