// What a mock hedger is to its users and to its HTTP side: its options, a recorded REST request,
// and the MockHedger interface the tests and the control routes script it through.
import type { NotificationResponse } from "../notifications/wire/types";

/**
 * The shape of the frames it makes: "real" as hedgers send them (numeric 0 amounts on alerts,
 * average prices, order types, error code 0), "strict" with string-or-null amounts and nothing
 * optional (docs/mock-hedger.md#defaults).
 */
export type WireShape = "real" | "strict";

/** A record the mock hedger made: it always has an id. */
export type MockNotification = NotificationResponse & { id: string };

/** An instant order's temporary frame, sent, and how to send the frame that confirms it. */
export interface InstantOrder {
  /** The frame sent: no id, a negative temp_quote_id. */
  temporary: NotificationResponse;
  /** Sends (and stores, in the temporary frame's place) the same order with its id and quote id. */
  confirm(fields?: Partial<NotificationResponse>): MockNotification;
}

export interface MockHedgerOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Path prefix of the REST endpoint, e.g. "/api". Default "". */
  basePath?: string;
  /** WebSocket path. Default "/ws/position-state-ws3". */
  socketPath?: string;
  /** Serve files from this folder at "/" (for a browser example on the same origin). */
  staticDir?: string;
  /** The shape of the frames it makes. Default "real". */
  shape?: WireShape;
  log?: (line: string) => void;
}

export interface RestRequest {
  start: number;
  size: number;
  appName: string | undefined;
  body: Record<string, unknown>;
}

export interface MockHedger {
  readonly port: number;
  /** `http://host:port` */
  readonly origin: string;
  /** The REST base URL: what a client passes as `baseUrl` (the origin, then `basePath`). */
  readonly baseUrl: string;
  /** The WebSocket URL: what a client passes as `socketUrl`. */
  readonly socketUrl: string;
  /** Every REST request received, oldest first. */
  readonly requests: RestRequest[];
  /** Every subscription message received (`{"address":[...]}`), oldest first. */
  readonly subscriptionLog: string[][];
  /** WebSocket connections accepted so far. */
  readonly connectionCount: number;
  /** Stores a notification for `account` and sends it to the sockets subscribed to that account. */
  emit(account: string, fields?: Partial<NotificationResponse>): MockNotification;
  /** Stores several and sends them to each subscriber as one JSON array message. */
  emitBatch(account: string, list: Array<Partial<NotificationResponse>>): MockNotification[];
  /**
   * An instant order as hedgers report it: first a frame without an id, keyed by a negative
   * temp_quote_id (sent now), then, on `confirm()`, the same order with its id.
   */
  emitInstant(account: string, fields?: Partial<NotificationResponse>): InstantOrder;
  /**
   * A replay after an outage: stores `count` notifications (each with `fields`, as emit does) and
   * sends each as its own message, all at once.
   */
  burst(account: string, count: number, fields?: Partial<NotificationResponse>): MockNotification[];
  /** Stores a notification without sending it (as if it happened while the client was away). */
  record(account: string, fields?: Partial<NotificationResponse>): MockNotification;
  /** Sends a raw text frame to every socket subscribed to `account` (for malformed-input tests). */
  sendRaw(account: string, data: string): number;
  /** Stored notifications of `account`, oldest first. */
  history(account: string): NotificationResponse[];
  /** Number of open sockets subscribed to `account` (any account when omitted). */
  subscribers(account?: string): number;
  /** Cuts every WebSocket connection abruptly (no close frame). */
  dropConnections(): void;
  /** Stops listening (HTTP and WebSocket) and comes back on the same port after `ms`, or on up(). */
  goDown(ms?: number): Promise<void>;
  up(): Promise<void>;
  readonly isUp: boolean;
  close(): Promise<void>;
}
