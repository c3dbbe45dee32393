// Shared pieces of the live-connection tests: a real store with thunk and the middleware, a tab of
// the cross-tab tests, the middleware's shared state for testing one part alone, fast reconnects,
// and a visible notification's wire fields.
import { applyMiddleware, combineReducers, legacy_createStore as createStore, type Reducer } from "redux";
import { thunk } from "redux-thunk";
import WebSocket from "ws";
import {
  createNotificationsMiddleware,
  notificationsReducer,
  type CrossTabEffects,
  type NotificationsMiddlewareOptions,
  type NotificationsRootState,
  type WebSocketConstructor,
} from "../../../src/notifications";
import { createLiveContext } from "../../../src/notifications/live/context";
import { resolveLiveOptions } from "../../../src/notifications/live/options";
import type { LiveContext, Session } from "../../../src/notifications/live/types";
import type { ConnectNotificationsPayload } from "../../../src/notifications/state/actions";
import { recordingLogger } from "./fixtures";

/** Fast reconnects for tests; every value stays overridable. */
export const FAST_BACKOFF = { minDelayMs: 10, maxDelayMs: 50, factor: 2, jitter: 0.2, resetAfterMs: 200 };

export function liveStore(options: NotificationsMiddlewareOptions = {}) {
  const actions: string[] = [];
  /** The ids of every `notifications/ingest`, in the order the store got them. */
  const ingested: string[] = [];
  const root = combineReducers({ notifications: notificationsReducer }) as unknown as Reducer<NotificationsRootState>;
  const recording: Reducer<NotificationsRootState> = (state, action) => {
    actions.push(action.type);
    if (action.type === "notifications/ingest") for (const n of (action as unknown as { payload: { id: string }[] }).payload) ingested.push(n.id);
    return root(state, action);
  };
  const logger = recordingLogger();
  const store = createStore(
    recording,
    applyMiddleware(
      thunk,
      createNotificationsMiddleware({
        WebSocket,
        backoff: FAST_BACKOFF,
        logger,
        ...options,
      })
    )
  );
  const dispatch = store.dispatch as (action: unknown) => unknown;
  return { store, dispatch, actions, ingested, logger, state: () => store.getState().notifications };
}

/** A tab: a store sharing the socket on a fake origin (or keeping its own, for false), counting the sockets it opened. */
export function tabStore(crossTab: CrossTabEffects | false, options: NotificationsMiddlewareOptions = {}) {
  const sockets: WebSocket[] = [];
  const Counting = function (url: string) {
    const socket = new WebSocket(url);
    sockets.push(socket);
    return socket;
  } as unknown as WebSocketConstructor;
  const t = liveStore({ WebSocket: Counting, crossTab, ...options });
  const open = () => sockets.filter((s) => s.readyState === WebSocket.OPEN || s.readyState === WebSocket.CONNECTING).length;
  return { ...t, sockets, open };
}
export type TabStore = ReturnType<typeof tabStore>;

/** A tab's two lists, as ids. */
export const listsOf = (t: TabStore) => ({ unread: t.state().unreadNotifications.map((n) => n.id), read: t.state().readNotifications.map((n) => n.id) });

/** A visible (showInModal) notification's wire fields. */
export const VISIBLE = { state_type: "alert", action_status: "success" } as const;

/**
 * The live middleware's shared state without the middleware: a real store (reducer only) and the
 * resolved options, for testing one part (session, intake, backfill, flag) on its own.
 */
export function liveContext(options: NotificationsMiddlewareOptions = {}) {
  const store = createStore(combineReducers({ notifications: notificationsReducer }));
  const logger = recordingLogger();
  const ctx = createLiveContext(store, resolveLiveOptions({ WebSocket, backoff: FAST_BACKOFF, logger, ...options }));
  return { ctx, store, logger, state: () => store.getState().notifications };
}

/** A session as session.ts makes them, made current in `ctx`. */
export function testSession(ctx: LiveContext, payload: Partial<ConnectNotificationsPayload> = {}, startedAtSeconds = 1_700_000_000): Session {
  const session: Session = {
    payload: { socketUrl: "ws://127.0.0.1:1/ws", account: "0x00000000000000000000000000000000000a11ce", whitelisted: true, ...payload },
    socket: undefined,
    attempts: 0,
    tried: false,
    startedAtSeconds,
    stopped: false,
  };
  ctx.session = session;
  return session;
}
