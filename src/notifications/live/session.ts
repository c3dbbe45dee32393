// The session: one socket to the hedger for the connected account. It sends the subscription
// `{"address":[account]}` on every open, bounds each connect attempt, and reconnects with backoff
// until disconnected or out of retries (docs/contributing/design.md#connection-life-cycle). A session out of
// retries stays, given up, until revive() starts its attempts again.
import type { ConnectNotificationsPayload } from "../state/actions";
import { backoffDelay } from "./backoff";
import { sameConnection } from "./connection";
import { clearTimer, isCurrent, setStatus } from "./context";
import type { LiveContext, Session, WebSocketConstructor, WebSocketLike } from "./types";

/** What the other parts do at the session's moments; each is called only for the current session. */
export interface SessionEvents {
  /** The socket opened and the subscription was sent. */
  opened(s: Session): void;
  received(s: Session, data: unknown): void;
  /** The socket closed, or the session ended: whatever runs for it stops. */
  closed(s: Session): void;
}

export interface SessionHandler {
  /** Whether the current session is already the connection `payload` asks for. */
  isCurrent(payload: ConnectNotificationsPayload): boolean;
  /** Starts a session for `payload`; for a user who is not whitelisted, none (status `idle`). */
  start(payload: ConnectNotificationsPayload): void;
  /** Ends the current session, if any, and returns it. Nothing it started reaches the store after. */
  end(): Session | undefined;
  /** Tries again, with a fresh count of retries, if the current session gave up; true if it did. */
  revive(): boolean;
}

interface Parts {
  ctx: LiveContext;
  events: SessionEvents;
}

const noop = () => undefined;

export function buildSessionHandler(ctx: LiveContext, events: SessionEvents): SessionHandler {
  const parts: Parts = { ctx, events };
  return {
    isCurrent: (payload) => ctx.session !== undefined && !ctx.session.stopped && sameConnection(ctx.session.payload, payload),
    start: (payload) => start(parts, payload),
    end: () => end(parts),
    revive: () => {
      const s = ctx.session;
      if (s === undefined || s.stopped || s.gaveUp !== true) return false;
      s.gaveUp = false;
      s.attempts = 0;
      open(parts, s);
      return true;
    },
  };
}

function start(parts: Parts, payload: ConnectNotificationsPayload): void {
  const { ctx } = parts;
  if (!payload.whitelisted) {
    setStatus(ctx, "idle");
    return;
  }
  const session: Session = {
    payload: { ...payload },
    socket: undefined,
    attempts: 0,
    tried: false,
    startedAtSeconds: Math.floor(ctx.options.clock.now() / 1000),
    stopped: false,
  };
  ctx.session = session;
  open(parts, session);
}

function end(parts: Parts): Session | undefined {
  const s = parts.ctx.session;
  if (s === undefined) return undefined;
  parts.ctx.session = undefined;
  s.stopped = true;
  clearTimer(parts.ctx, s.retryTimer);
  clearTimer(parts.ctx, s.connectTimer);
  clearTimer(parts.ctx, s.stableTimer);
  parts.events.closed(s);
  abandon(s.socket);
  s.socket = undefined;
  return s;
}

/** Detaches and closes a socket whose events must no longer count. */
function abandon(socket: WebSocketLike | undefined): void {
  if (socket === undefined) return;
  // Keep an error handler: `ws` emits "error" when a connecting socket is closed.
  socket.onopen = noop;
  socket.onmessage = noop;
  socket.onclose = noop;
  socket.onerror = noop;
  try {
    socket.close();
  } catch {
    // already closed
  }
}

function createSocket(parts: Parts, s: Session): WebSocketLike | undefined {
  const { ctx } = parts;
  const { logger } = ctx.options;
  const Ctor = ctx.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (Ctor === undefined) {
    logger.error("notifications: no WebSocket constructor; pass one as createNotificationsMiddleware({ WebSocket }) (in Node: the `ws` package)");
    setStatus(ctx, "closed");
    return undefined;
  }
  setStatus(ctx, s.tried ? "reconnecting" : "connecting");
  s.tried = true;
  try {
    const socket = new Ctor(s.payload.socketUrl);
    // A browser's default, "blob", would make every binary frame an asynchronous read (intake.ts).
    if ("binaryType" in socket) socket.binaryType = "arraybuffer";
    return socket;
  } catch (error) {
    logger.warn(`notifications: cannot open ${s.payload.socketUrl}: ${(error as Error).message}`);
    scheduleRetry(parts, s);
    return undefined;
  }
}

function open(parts: Parts, s: Session): void {
  if (s.stopped) return;
  const socket = createSocket(parts, s);
  if (socket === undefined) return;
  const { ctx, events } = parts;
  s.socket = socket;
  const current = () => isCurrent(ctx, s) && s.socket === socket;
  s.connectTimer = ctx.options.timers.setTimeout(() => {
    s.connectTimer = undefined;
    if (!current()) return;
    ctx.options.logger.warn(`notifications: no connection to ${s.payload.socketUrl} within ${ctx.options.connectTimeoutMs} ms`);
    abandon(socket);
    s.socket = undefined;
    scheduleRetry(parts, s);
  }, ctx.options.connectTimeoutMs);
  socket.onopen = () => {
    if (current()) onOpen(parts, s, socket);
  };
  socket.onmessage = (event: { data: unknown }) => {
    if (current()) events.received(s, event.data);
  };
  socket.onerror = noop; // a close event always follows
  socket.onclose = () => {
    if (current()) onClose(parts, s);
  };
}

function onOpen(parts: Parts, s: Session, socket: WebSocketLike): void {
  const { ctx } = parts;
  clearTimer(ctx, s.connectTimer);
  s.connectTimer = undefined;
  socket.send(JSON.stringify({ address: [s.payload.account] }));
  setStatus(ctx, "open");
  // The attempt counter resets only once the connection has stayed up a while.
  s.stableTimer = ctx.options.timers.setTimeout(() => {
    s.stableTimer = undefined;
    s.attempts = 0;
  }, ctx.options.backoff.resetAfterMs);
  parts.events.opened(s);
}

function onClose(parts: Parts, s: Session): void {
  clearTimer(parts.ctx, s.connectTimer);
  clearTimer(parts.ctx, s.stableTimer);
  s.connectTimer = undefined;
  s.stableTimer = undefined;
  s.socket = undefined;
  parts.events.closed(s);
  scheduleRetry(parts, s);
}

function scheduleRetry(parts: Parts, s: Session): void {
  const { ctx } = parts;
  if (s.stopped) return;
  const policy = ctx.options.backoff;
  if (s.attempts >= policy.maxRetries) {
    ctx.options.logger.error(`notifications: gave up reconnecting to ${s.payload.socketUrl} after ${s.attempts} retries`);
    s.gaveUp = true;
    setStatus(ctx, "closed");
    return;
  }
  const delay = backoffDelay(policy, s.attempts, ctx.options.random());
  s.attempts += 1;
  setStatus(ctx, "reconnecting");
  s.retryTimer = ctx.options.timers.setTimeout(() => {
    s.retryTimer = undefined;
    open(parts, s);
  }, delay);
}
