// Random action sequences over a small universe of ids, quotes and times (so that ties, replays and
// superseding happen constantly). Three implementations must agree at every step: the reducer with
// warm indexes, the reducer on JSON copies (cold indexes), and the bench's straightforward
// baseline, which shares no code with it. An ingest batch must equal its items added one by one.
import { AssertionError, deepStrictEqual } from "assert";
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
} from "../../../src/notifications";
import { baselineReducer } from "../../support/notifications-baseline";
import { ingestWorkload } from "../../support/notifications-workload";
import { seededRandom } from "../../support/seeded-random";
import { expectInvariants, note } from "../helpers/fixtures";

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

/**
 * The state's JSON text. Equal texts mean equal JSON copies, so comparing texts at every step is as
 * strong as deep-equal on the copies, for one native stringify per state.
 */
const digest = (state: NotificationState): string => JSON.stringify(state);

/**
 * Fails unless the JSON copies of the two states are deeply equal. Texts that differ may still be
 * equal objects with keys in another order, so a structural comparison decides, with a readable
 * diff. That is node's strict deep-equal, not chai's: in the full mocha run hardhat-chai-matchers
 * replaces chai's deep.equal with one that is about a hundred times slower on these states and
 * takes "1" and 1 for equal.
 */
function expectSameState(actual: NotificationState, expected: NotificationState, where: string, expectedDigest = digest(expected)): void {
  if (digest(actual) === expectedDigest) return;
  equalWithDiff(json(actual), json(expected), where);
}

/** deepStrictEqual, keeping its diff in the message (a message argument would replace it). */
function equalWithDiff<T>(actual: T, expected: T, where: string): void {
  try {
    deepStrictEqual(actual, expected);
  } catch (e) {
    if (e instanceof AssertionError) e.message = `${where}\n${e.message}`;
    throw e;
  }
}

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
        const warmDigest = digest(warm);
        expectSameState(cold, warm, `${where} (cold)`, warmDigest);
        expectSameState(base, warm, `${where} (baseline)`, warmDigest);
        expectInvariants(warm);
        if (action.type === "notifications/ingest") {
          const oneByOne = action.payload.reduce((s: NotificationState, n) => notificationsReducer(s, addUnreadNotification(n)), before);
          expectSameState(oneByOne, warm, `${where} (one by one)`, warmDigest);
        }
        if (warm !== before) moves++;
      }
      // The digests above already imply this; the end state is also compared structurally.
      equalWithDiff(json(cold), json(warm), "end (cold)");
      equalWithDiff(json(base), json(warm), "end (baseline)");
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
    equalWithDiff(ours, base, "after ingesting");
    expectInvariants(ours);
    equalWithDiff(notificationsReducer(ours, readAllNotifications()), baselineReducer(base, readAllNotifications()), "after reading all");
    const batch = notificationsReducer(setup.reduce(notificationsReducer, initialNotificationsState), ingestNotifications(w.incoming));
    equalWithDiff(batch, ours, "one ingest batch");
  });
});
