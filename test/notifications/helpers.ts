// Shared fixtures for the notifications tests: notification builders, a real store, a real
// loopback HTTP server and a logger that records what it is told.
import { expect } from "chai";
import * as http from "http";
import type { AddressInfo } from "net";
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
  } as NotificationResponse;
}

export type TestDispatch = ThunkDispatch<NotificationsRootState, unknown, NotificationsAction>;

export function newStore(extra?: NotificationsExtraArgument, preloaded?: NotificationState) {
  const middleware = extra === undefined ? thunk : withExtraArgument(extra);
  const store = createStore(
    combineReducers({ notifications: notificationsReducer }),
    preloaded === undefined ? undefined : { notifications: preloaded },
    applyMiddleware(middleware)
  );
  return store as typeof store & { dispatch: TestDispatch };
}

export interface RecordingLogger {
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
  warnings: string[];
  errors: string[];
}

export function recordingLogger(): RecordingLogger {
  const warnings: string[] = [];
  const errors: string[] = [];
  return {
    warnings,
    errors,
    warn: (...args) => warnings.push(args.map(String).join(" ")),
    error: (...args) => errors.push(args.map(String).join(" ")),
  };
}

export const ids = (list: readonly NotificationDetails[]) => list.map((n) => n.id);

/** Both lists newest first, no duplicates in a list and nothing in both (decisions.md section 2). */
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

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Resolves when the client went away before a response was sent. */
  aborted: Promise<void>;
}

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1, port 0. `respond` gets each request after its body was read and
 * writes the response (or holds it).
 */
export async function startServer(
  respond: (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>
): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const aborted = new Promise<void>((resolve) => res.on("close", () => !res.writableFinished && resolve()));
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        aborted,
      };
      requests.push(recorded);
      void respond(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Waits until `condition` holds (polling), failing after `limitMs`. */
export async function until(condition: () => boolean, what: string, limitMs = 5000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
