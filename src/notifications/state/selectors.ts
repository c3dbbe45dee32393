// One selector per hook. Selectors that derive arrays return the same instance for the same lists,
// so components re-render only when a list really changed.
import type { ApiState } from "../enums";
import { compareNewness } from "../lists/rules";
import type { ConnectionStatus, NotificationDetails, NotificationState, NotificationsRootState } from "../types";
import { memoizeOne, memoizeTwo } from "./memo";

type N = NotificationDetails;

const inModal = (n: N) => n.showInModal;
const notInModal = (n: N) => !n.showInModal;

/** Both lists are newest first; the result is too, unread first among equally new ones. */
function mergeNewestFirst(a: readonly N[], b: readonly N[]): N[] {
  if (a.length === 0) return b.slice();
  if (b.length === 0) return a.slice();
  const out: N[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let w = 0;
  while (i < a.length && j < b.length) out[w++] = compareNewness(a[i], b[j]) >= 0 ? a[i++] : b[j++];
  while (i < a.length) out[w++] = a[i++];
  while (j < b.length) out[w++] = b[j++];
  return out;
}

const shownOf = memoizeOne((list: N[]) => list.filter(inModal));
const hiddenOf = memoizeOne((list: N[]) => list.filter(notInModal));
const visibleOf = memoizeTwo((unread: N[], read: N[]) => mergeNewestFirst(shownOf(unread), shownOf(read)));
const partialFillOf = memoizeTwo((unread: N[], read: N[]) => mergeNewestFirst(hiddenOf(unread), hiddenOf(read)));

/** The whole slice, raw lists included. */
export const selectNotificationsState = (state: NotificationsRootState): NotificationState => state.notifications;

/** Unread notifications meant for the modal, newest first. */
export const selectUnreadNotifications = (state: NotificationsRootState): NotificationDetails[] => shownOf(state.notifications.unreadNotifications);

/** Read notifications meant for the modal, newest first. */
export const selectReadNotifications = (state: NotificationsRootState): NotificationDetails[] => shownOf(state.notifications.readNotifications);

/** Read and unread notifications not meant for the modal (partial fills), newest first. */
export const selectPartialFillNotifications = (state: NotificationsRootState): NotificationDetails[] =>
  partialFillOf(state.notifications.unreadNotifications, state.notifications.readNotifications);

/** Read and unread notifications meant for the modal, combined newest first. */
export const selectVisibleNotifications = (state: NotificationsRootState): NotificationDetails[] =>
  visibleOf(state.notifications.unreadNotifications, state.notifications.readNotifications);

/** The newest `modifyTime` ingested, as a unix-seconds string (`""` until the first). */
export const selectLastUpdateTimestamp = (state: NotificationsRootState): string => state.notifications.lastUpdateTimestamp;

/** `isNewNotification`: set for a while after a visible notification arrived. */
export const selectIsNewNotification = (state: NotificationsRootState): boolean => state.notifications.isNewNotification;

/** The fetch status: `OK`, `LOADING` or `ERROR`. */
export const selectNotificationsStatus = (state: NotificationsRootState): ApiState => state.notifications.notificationsStatus;

/** The live connection's status: `idle`, `connecting`, `open`, `reconnecting` or `closed`. */
export const selectConnectionStatus = (state: NotificationsRootState): ConnectionStatus => state.notifications.connectionStatus;
