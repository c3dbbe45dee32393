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
} from "../../../src/notifications";

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
    errorCode: null,
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
 * Both lists newest first, no duplicates in a list and nothing in both (docs/contributing/design.md#list-rules):
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

/** Wire strings that name members of Object.prototype. */
export const HOSTILE = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"] as const;

/** The store's type, field by field: what `typeof` each field may have ("null" for null). */
const FIELD_TYPES: Record<string, { types: string[]; optional?: true }> = {
  id: { types: ["string", "null"] },
  quoteId: { types: ["string", "null"] },
  createTime: { types: ["string"] },
  modifyTime: { types: ["string"] },
  counterpartyAddress: { types: ["string", "null"] },
  filledAmountOpen: { types: ["string", "null"] },
  filledAmountClose: { types: ["string", "null"] },
  avgPriceOpen: { types: ["string", "null"], optional: true },
  avgPriceClose: { types: ["string", "null"], optional: true },
  lastSeenAction: { types: ["string", "null"] },
  actionStatus: { types: ["string", "null"] },
  failureType: { types: ["string", "null"] },
  failureMessage: { types: ["string", "null"] },
  errorCode: { types: ["number", "null"] },
  stateType: { types: ["string", "null"] },
  version: { types: ["number"], optional: true },
  tempQuoteId: { types: ["number"], optional: true },
  orderType: { types: ["string"], optional: true },
  notificationType: { types: ["string"] },
  showInModal: { types: ["boolean"] },
  transferAmount: { types: ["string"], optional: true },
  transferType: { types: ["string"], optional: true },
};

/** Own fields only, each of the store type's JSON kinds, and a structured clone equal to it. */
export function expectPlainNotification(n: unknown): void {
  expect(Object.getPrototypeOf(n), "a plain object").to.equal(Object.prototype);
  const record = n as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    expect(FIELD_TYPES, `field ${key} is one of the store's`).to.have.own.property(key);
    const kind = record[key] === null ? "null" : typeof record[key];
    expect(FIELD_TYPES[key].types, `type of ${key}`).to.include(kind);
  }
  for (const [key, spec] of Object.entries(FIELD_TYPES)) {
    if (spec.optional !== true) expect(Object.prototype.hasOwnProperty.call(record, key), `${key} present`).to.equal(true);
  }
  expect(structuredClone(n)).to.deep.equal(n);
}
