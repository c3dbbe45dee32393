// Shared fixtures for the notifications tests: notification builders, a real store, a logger that
// records what it is told, and the list invariants. Servers and waiting are in test/support/.
import { expect } from "chai";
import { applyMiddleware, combineReducers, createStore } from "redux";
import { thunk, withExtraArgument, type ThunkDispatch } from "redux-thunk";
import {
  ActionStatus,
  NotificationType,
  compareNewness,
  notificationsReducer,
  type NotificationDetails,
  type NotificationResponse,
  type NotificationsAction,
  type NotificationsExtraArgument,
  type NotificationsRootState,
  type NotificationState,
} from "../../src/notifications";

/** A stored notification; by default a SUCCESS report for quote 1 with id "n1" at t=1000. */
export function note(overrides: Partial<NotificationDetails> = {}): NotificationDetails {
  return {
    id: "n1",
    quoteId: "1",
    createTime: "900",
    modifyTime: "1000",
    counterpartyAddress: "0xabc",
    filledAmountOpen: null,
    filledAmountClose: null,
    lastSeenAction: "SendQuote",
    actionStatus: ActionStatus.SUCCESS,
    failureType: null,
    failureMessage: null,
    stateType: null,
    notificationType: NotificationType.SUCCESS,
    showInModal: true,
    ...overrides,
  };
}

/** A wire NotificationResponse; by default a successful one for quote 7. */
export function wire(overrides: Record<string, unknown> = {}): NotificationResponse {
  return {
    id: "w1",
    quote_id: 7,
    create_time: 1700000000,
    modify_time: 1700000100,
    counterparty_address: "0xdef",
    filled_amount_open: null,
    filled_amount_close: null,
    last_seen_action: "SendQuote",
    action_status: "success",
    failure_type: null,
    failure_message: null,
    state_type: null,
    ...overrides,
  };
}

export type TestDispatch = ThunkDispatch<NotificationsRootState, unknown, NotificationsAction>;

export function newStore(extra?: NotificationsExtraArgument, preloaded?: NotificationState) {
  const middleware = extra === undefined ? thunk : withExtraArgument(extra);
  const store = createStore(
    combineReducers({ notifications: notificationsReducer }),
    preloaded === undefined ? undefined : { notifications: preloaded },
    applyMiddleware(middleware)
  );
  return store;
}

export interface RecordingLogger {
  warnings: string[];
  errors: string[];
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export function recordingLogger(): RecordingLogger {
  const logger: RecordingLogger = {
    warnings: [],
    errors: [],
    warn: (...args) => void logger.warnings.push(args.map(String).join(" ")),
    error: (...args) => void logger.errors.push(args.map(String).join(" ")),
  };
  return logger;
}

export const ids = (list: readonly NotificationDetails[]) => list.map((n) => n.id);

/**
 * Both lists newest first, no duplicates in a list and nothing in both (docs/design.md#list-rules):
 * no id twice, and no `(quoteId, notificationType, actionStatus)` key twice outside collateral transfers.
 */
export function expectInvariants(state: NotificationState): void {
  const problems: string[] = [];
  for (const list of [state.unreadNotifications, state.readNotifications]) {
    for (let i = 1; i < list.length; i++) {
      if (compareNewness(list[i - 1], list[i]) < 0) problems.push(`${list[i].id} is newer than the item before it`);
    }
  }
  const seenIds = new Set<string>();
  const seenKeys = new Set<string>();
  for (const n of [...state.unreadNotifications, ...state.readNotifications]) {
    if (n.id !== null && n.id !== "") {
      if (seenIds.has(n.id)) problems.push(`id ${n.id} is stored twice`);
      seenIds.add(n.id);
    }
    if (n.quoteId !== null && n.notificationType !== NotificationType.TRANSFER_COLLATERAL) {
      const key = JSON.stringify([n.quoteId, n.notificationType, n.actionStatus]);
      if (seenKeys.has(key)) problems.push(`quote key ${key} is stored twice`);
      seenKeys.add(key);
    }
  }
  // Chai only on failure: in the full mocha run hardhat-chai-matchers makes each deep.equal cost a
  // fraction of a millisecond even on empty arrays, and the equivalence test calls this 6,000 times.
  if (problems.length > 0) expect(problems, "list invariants").to.deep.equal([]);
}
