// fetch/: loading notifications over REST — one page, the thunks, and the fetches running per store.
// This file: getNotifications and getAllNotifications, which fetch, merge into unread under the
// list rules (never replacing what the socket brought) and track the fetch status.
import { resolveEffects, type NotificationsEffects } from "../effects";
import { NotificationsInputError } from "../errors";
import { normalize } from "../lists/indexes";
import { ingestNotifications, notificationsFetchFailed, notificationsFetchStarted, notificationsFetchSucceeded } from "../state/actions";
import type { NotificationsThunk } from "../state/thunk";
import type { NotificationDetails, NotificationsRootState } from "../types";
import { fetchNotificationPage, validateRequest, type NotificationPageRequest, type NotificationsRequestParams } from "./page";
import { beginFetch, endFetch, isLatest, isStale, type FetchTicket } from "./running";

export interface GetNotificationsResult {
  unreadNotifications: NotificationDetails[];
}

export interface GetAllNotificationsParams extends NotificationsRequestParams {
  /** Upper bound on pages read; reaching it logs a warning. Default 100. */
  maxPages?: number;
}

const EMPTY = (): GetNotificationsResult => ({ unreadNotifications: [] });

type Dispatch = Parameters<NotificationsThunk<unknown>>[0];

function prepare(dispatch: Dispatch, params: NotificationsRequestParams, extra: unknown): { request: NotificationPageRequest; effects: NotificationsEffects } {
  try {
    return { request: validateRequest(params), effects: resolveEffects(extra) };
  } catch (err) {
    dispatch(notificationsFetchFailed(err instanceof Error ? err.message : String(err)));
    throw err;
  }
}

/**
 * Runs `load` for an account, then merges its result into unread unless the store has switched to
 * another account meanwhile. Failures are logged and resolve empty; the lists stay as they were.
 */
async function runFetch(
  dispatch: Dispatch,
  getState: () => NotificationsRootState,
  request: NotificationPageRequest,
  effects: NotificationsEffects,
  load: (ticket: FetchTicket) => Promise<NotificationDetails[]>
): Promise<GetNotificationsResult> {
  const ticket = beginFetch(getState, request.account);
  dispatch(notificationsFetchStarted());
  try {
    const notifications = await load(ticket);
    if (isStale(ticket)) return EMPTY();
    dispatch(ingestNotifications(notifications));
    if (isLatest(ticket)) dispatch(notificationsFetchSucceeded());
    return { unreadNotifications: notifications };
  } catch (err) {
    if (isStale(ticket)) return EMPTY();
    const message = err instanceof Error ? err.message : String(err);
    effects.logger.error(`notifications: fetching notifications for ${request.account} failed: ${message}`);
    if (isLatest(ticket)) dispatch(notificationsFetchFailed(message));
    return EMPTY();
  } finally {
    endFetch(ticket);
  }
}

/**
 * Fetches one page of notifications for `account` modified since `timestamp` and merges it into
 * unread. Rejects only on invalid input (NotificationsInputError); resolves
 * `{ unreadNotifications: [] }` on any fetch failure, after logging it.
 */
export function getNotifications(params: NotificationsRequestParams): NotificationsThunk<Promise<GetNotificationsResult>> {
  return async (dispatch, getState, extra) => {
    const { request, effects } = prepare(dispatch, params, extra);
    return runFetch(dispatch, getState, request, effects, async (ticket) => {
      const page = await fetchNotificationPage(request, { ...effects, signal: ticket.controller.signal });
      return page.notifications;
    });
  };
}

/**
 * Reads pages from `start` on until one is shorter than `size`, or `maxPages` pages were read
 * (logged as a warning), then merges everything into unread in one update. Resolves to the
 * merged notifications, newest first; a failure on any page resolves empty and changes no list.
 */
export function getAllNotifications(params: GetAllNotificationsParams): NotificationsThunk<Promise<GetNotificationsResult>> {
  return async (dispatch, getState, extra) => {
    const maxPages = params?.maxPages ?? 100;
    if (typeof maxPages !== "number" || !Number.isSafeInteger(maxPages) || maxPages < 1) {
      const err = new NotificationsInputError(`notifications: maxPages must be an integer of at least 1, got ${JSON.stringify(maxPages)}`);
      dispatch(notificationsFetchFailed(err.message));
      throw err;
    }
    const { request, effects } = prepare(dispatch, params, extra);
    return runFetch(dispatch, getState, request, effects, async (ticket) => {
      const pages: NotificationDetails[][] = [];
      for (let read = 0; ; read++) {
        const start = request.start + read * request.size;
        const page = await fetchNotificationPage({ ...request, start }, { ...effects, signal: ticket.controller.signal });
        pages.push(page.notifications);
        if (page.itemCount < request.size) break;
        if (read + 1 >= maxPages) {
          effects.logger.warn(
            `notifications: stopped after maxPages (${maxPages}) full pages of ${request.size} for ${request.account}; ` +
              `more may exist, raise maxPages to read them`
          );
          break;
        }
      }
      return normalize(([] as NotificationDetails[]).concat(...pages)).list;
    });
  };
}
