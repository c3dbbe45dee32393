// Deterministic notification workloads for the ingest benchmark (scripts/bench/notifications.ts) and
// the equivalence tests.
import { ActionStatus, NotificationType, StateType, type NotificationDetails } from "../../src/notifications";
import { seededRandom } from "./seeded-random";

const STATUSES = [ActionStatus.SUCCESS, ActionStatus.SEEN, ActionStatus.FAILED];
const BASE_TIME = 1_700_000_000;

export function benchNotification(i: number, quoteId: number, time: number, status: ActionStatus, report: boolean): NotificationDetails {
  return {
    id: `n-${i}`,
    quoteId: String(quoteId),
    createTime: String(BASE_TIME),
    modifyTime: String(time),
    counterpartyAddress: "0x00000000000000000000000000000000000000aa",
    filledAmountOpen: report ? "12.5" : null,
    filledAmountClose: null,
    errorCode: null,
    lastSeenAction: "SendQuote",
    actionStatus: status,
    failureType: null,
    failureMessage: null,
    stateType: report ? StateType.REPORT : null,
    version: 0,
    notificationType: report
      ? NotificationType.PARTIAL_FILL
      : status === ActionStatus.SUCCESS
        ? NotificationType.SUCCESS
        : status === ActionStatus.SEEN
          ? NotificationType.SEEN_BY_HEDGER
          : NotificationType.HEDGER_ERROR,
    showInModal: !report,
  };
}

export interface IngestWorkload {
  prefillUnread: NotificationDetails[];
  prefillRead: NotificationDetails[];
  /** Dispatched one by one. */
  incoming: NotificationDetails[];
  /** How many incoming items match something stored or sent before (supersede or replay). */
  repeats: number;
}

/**
 * `prefill` stored notifications (three fifths unread, two fifths read), then `count` incoming:
 * about a tenth supersede a stored report of the same quote with a newer one, about a tenth replay
 * an older copy, and the rest are new. Times mostly increase, with some jitter, as on a live feed.
 */
export function ingestWorkload(prefill: number, count: number, seed = 42): IngestWorkload {
  const rand = seededRandom(seed);
  let next = 0;
  let time = BASE_TIME;
  const all: NotificationDetails[] = [];
  const fresh = () => {
    time += 1;
    const quote = next;
    const n = benchNotification(next++, quote, time - Math.floor(rand() * 3), STATUSES[Math.floor(rand() * 3)], rand() < 0.2);
    all.push(n);
    return n;
  };
  const stored: NotificationDetails[] = [];
  for (let i = 0; i < prefill; i++) stored.push(fresh());
  const cut = Math.floor((prefill * 3) / 5);
  const incoming: NotificationDetails[] = [];
  let repeats = 0;
  for (let i = 0; i < count; i++) {
    const r = rand();
    if (r < 0.1 && all.length > 0) {
      const old = all[Math.floor(rand() * all.length)];
      time += 1;
      incoming.push({ ...old, id: `n-${next++}`, modifyTime: String(time) });
      repeats++;
    } else if (r < 0.2 && all.length > 0) {
      const old = all[Math.floor(rand() * all.length)];
      incoming.push({ ...old, modifyTime: String(Number(old.modifyTime) - Math.floor(rand() * 2)) });
      repeats++;
    } else {
      incoming.push(fresh());
    }
  }
  return { prefillUnread: stored.slice(0, cut), prefillRead: stored.slice(cut), incoming, repeats };
}
