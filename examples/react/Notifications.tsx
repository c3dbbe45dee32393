// The notifications panel: unread and read lists from the hooks, a title per notification from
// NotificationMessages, a click to mark one as read, and "Mark all as read".
import { useSelector } from "react-redux";
import { NotificationMessages, selectConnectionStatus, type NotificationDetails } from "multiaccount-kit/notifications";
import {
  useMarkAsReadAllNotificationsCallback,
  useMarkAsReadNotificationCallback,
  useNewNotification,
  useReadNotifications,
  useUnreadNotifications,
} from "multiaccount-kit/notifications/react";

/** The user-facing title: the message for its last seen action, else the action as sent. */
function titleOf(n: NotificationDetails): string {
  const action = n.lastSeenAction ?? "";
  return NotificationMessages[action] ?? (action || n.notificationType);
}

/**
 * A key that stays unique in a list: hedger items carry an id, an instant order not yet confirmed
 * only its temporary quote id, and a notice the app added may have neither but its quote id.
 */
function keyOf(n: NotificationDetails): string {
  if (n.id !== null) return n.id;
  return n.tempQuoteId !== undefined ? `temp${n.tempQuoteId}` : `quote${n.quoteId}`;
}

function Row({ notification: n }: { notification: NotificationDetails }) {
  return (
    <>
      <b className="title">{titleOf(n)}</b> <i className="type">{n.notificationType}</i>
      {n.quoteId === null ? null : <span className="quote">#{n.quoteId}</span>}
      {n.failureMessage === null ? null : <span className="failure">{n.failureMessage}</span>}
    </>
  );
}

/** The data attributes a row is found by: its id once the hedger gave one, and an instant order's temporary quote id. */
const rowData = (n: NotificationDetails) => ({ "data-id": n.id ?? undefined, "data-temp-quote-id": n.tempQuoteId });

export function Notifications() {
  const unread = useUnreadNotifications();
  const read = useReadNotifications();
  const isNew = useNewNotification();
  const connection = useSelector(selectConnectionStatus);
  const markAsRead = useMarkAsReadNotificationCallback();
  const markAllAsRead = useMarkAsReadAllNotificationsCallback();

  return (
    <>
      <header>
        <h1>Notifications</h1>
        <span className="status" data-testid="status" data-status={connection}>
          {connection}
        </span>
        {isNew ? (
          <span className="new" data-testid="new">
            new!
          </span>
        ) : null}
      </header>

      <section>
        <h2>
          <span>
            Unread (<span data-testid="unread-count">{unread.length}</span>)
          </span>
          <button type="button" data-testid="mark-all-as-read" onClick={markAllAsRead} disabled={unread.length === 0}>
            Mark all as read
          </button>
        </h2>
        <ul data-testid="unread">
          {unread.length === 0 ? <li className="empty">nothing unread</li> : null}
          {unread.map((n) => (
            <li key={keyOf(n)} {...rowData(n)}>
              <button type="button" title="Mark as read" onClick={() => markAsRead(n)}>
                <Row notification={n} />
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h2>
          <span>
            Read (<span data-testid="read-count">{read.length}</span>)
          </span>
        </h2>
        <ul data-testid="read">
          {read.length === 0 ? <li className="empty">nothing read yet</li> : null}
          {read.map((n) => (
            <li key={keyOf(n)} {...rowData(n)}>
              <Row notification={n} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
