// Shared pieces of the live-connection tests: a real store with thunk and the middleware, a
// recording logger, and polling for outcomes (never a wall-clock assertion).
import { applyMiddleware, combineReducers, legacy_createStore as createStore, type Reducer } from "redux";
import { thunk } from "redux-thunk";
import WebSocket from "ws";
import {
  createNotificationsMiddleware,
  notificationsReducer,
  type NotificationsMiddlewareOptions,
  type NotificationsRootState,
} from "../../src/notifications";

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

/** Fast reconnects for tests; every value stays overridable. */
export const FAST_BACKOFF = { minDelayMs: 10, maxDelayMs: 50, factor: 2, jitter: 0.2, resetAfterMs: 200 };

export function liveStore(options: NotificationsMiddlewareOptions = {}) {
  const actions: string[] = [];
  const root = combineReducers({ notifications: notificationsReducer }) as unknown as Reducer<NotificationsRootState>;
  const recording: Reducer<NotificationsRootState> = (state, action) => {
    actions.push(action.type);
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
  return { store, dispatch, actions, logger, state: () => store.getState().notifications };
}

/** Polls `condition` until it holds; fails with `what` after a generous bound. */
export async function eventually(what: string, condition: () => boolean | Promise<boolean>, boundMs = 15_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A visible (showInModal) notification's wire fields. */
export const VISIBLE = { state_type: "alert", action_status: "success" } as const;
