// Random action sequences over a small universe of ids, quotes and times (so that ties, replays and
// superseding happen constantly). Three implementations must agree at every step: the reducer with
// warm indexes, the reducer on JSON copies (cold indexes), and the bench's straightforward
// baseline, which shares no code with it. An ingest batch must equal its items added one by one.
import { expect } from "chai";
import {
  ActionStatus,
  NotificationType,
  addReadNotification,
  addUnreadNotification,
  ingestNotifications,
  initialNotificationsState,
  notificationsReducer,
  readAllNotifications,
  readOneNotification,
  setReadNotifications,
  setUnreadNotifications,
  type NotificationDetails,
  type NotificationsAction,
  type NotificationState,
} from "../../src/notifications";
import { baselineReducer } from "../../scripts/bench/notifications-baseline";
import { ingestWorkload, seededRandom } from "../../scripts/bench/notifications-workload";
import { expectInvariants, note } from "./helpers";

const TYPES: Array<[NotificationType, ActionStatus | null]> = [
  [NotificationType.SUCCESS, ActionStatus.SUCCESS],
  [NotificationType.SEEN_BY_HEDGER, ActionStatus.SEEN],
  [NotificationType.HEDGER_ERROR, ActionStatus.FAILED],
  [NotificationType.PARTIAL_FILL, ActionStatus.SUCCESS],
  [NotificationType.TRANSFER_COLLATERAL, null],
];

function randomNotification(rand: () => number): NotificationDetails {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const [notificationType, actionStatus] = pick(TYPES);
  let id = pick(["a", "b", "c", "d", "e", "f", "g", null, null]);
  const quoteId = pick(["1", "2", "3", null]);
  // Every notification needs an id or a quote key; one with neither is only ever itself, which a
  // JSON copy cannot preserve.
  if (id === null && (quoteId === null || notificationType === NotificationType.TRANSFER_COLLATERAL)) id = "h";
  const n = note({
    id,
    quoteId,
    notificationType,
    actionStatus,
    modifyTime: String(1 + Math.floor(rand() * 6)),
    showInModal: notificationType !== NotificationType.PARTIAL_FILL,
    filledAmountOpen: String(Math.floor(rand() * 1000)),
  });
  const version = pick([undefined, 0, 1, 2]);
  if (version !== undefined) n.version = version;
  return n;
}

function randomAction(rand: () => number, state: NotificationState): NotificationsAction {
  const r = rand();
  const many = (max: number) => Array.from({ length: Math.floor(rand() * max) }, () => randomNotification(rand));
  if (r < 0.4) return addUnreadNotification(randomNotification(rand));
  if (r < 0.55) return addReadNotification(randomNotification(rand));
  if (r < 0.7) return ingestNotifications(many(20));
  if (r < 0.85) {
    const stored = state.unreadNotifications;
    const target = stored.length > 0 && rand() < 0.7 ? stored[Math.floor(rand() * stored.length)] : randomNotification(rand);
    return readOneNotification(target);
  }
  if (r < 0.9) return readAllNotifications();
  if (r < 0.95) return setUnreadNotifications(many(8));
  return setReadNotifications(many(8));
}

const json = <T>(x: T): T => JSON.parse(JSON.stringify(x));

describe("notificationsReducer agrees with the straightforward baseline", () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`random sequence #${seed}: warm, cold and baseline states are equal at every step`, () => {
      const rand = seededRandom(seed);
      let warm: NotificationState = initialNotificationsState;
      let cold: NotificationState = json(initialNotificationsState);
      let base: NotificationState = initialNotificationsState;
      let moves = 0;
      for (let step = 0; step < 150; step++) {
        const action = randomAction(rand, warm);
        const before = warm;
        warm = notificationsReducer(warm, action);
        cold = notificationsReducer(json(cold), json(action));
        base = baselineReducer(base, action);
        const where = `step ${step}: ${action.type}`;
        expect(json(cold), where).to.deep.equal(json(warm));
        expect(json(base), where).to.deep.equal(json(warm));
        expectInvariants(warm);
        if (action.type === "notifications/ingest") {
          const oneByOne = action.payload.reduce(
            (s: NotificationState, n) => notificationsReducer(s, addUnreadNotification(n)),
            before
          );
          expect(json(oneByOne), where).to.deep.equal(json(warm));
        }
        if (warm !== before) moves++;
      }
      expect(moves, "the sequence exercised the lists").to.be.greaterThan(30);
    });
  }
});

describe("the bench workload gives the same lists as the baseline", () => {
  it("2,000 pre-filled, 3,000 ingested one by one, then everything read", () => {
    const w = ingestWorkload(2_000, 3_000, 9);
    const setup: NotificationsAction[] = [setReadNotifications(w.prefillRead), setUnreadNotifications(w.prefillUnread)];
    const actions = [...setup, ...w.incoming.map((n) => addUnreadNotification(n))];
    const ours = actions.reduce(notificationsReducer, initialNotificationsState);
    const base = actions.reduce(baselineReducer, initialNotificationsState);
    expect(ours.unreadNotifications.length).to.be.greaterThan(2_000);
    expect(ours).to.deep.equal(base);
    expectInvariants(ours);
    expect(notificationsReducer(ours, readAllNotifications())).to.deep.equal(baselineReducer(base, readAllNotifications()));
    const batch = notificationsReducer(setup.reduce(notificationsReducer, initialNotificationsState), ingestNotifications(w.incoming));
    expect(batch).to.deep.equal(ours);
  });
});
