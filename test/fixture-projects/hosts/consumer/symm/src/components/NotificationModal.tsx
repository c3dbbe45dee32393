// The notification modal: unread, then read, and "mark all as read".
import { useMarkAsReadAllNotificationsCallback, useNewNotification, useReadNotifications, useUnreadNotifications } from "multiaccount-kit/notifications/react";
import { NotificationCard } from "./NotificationCard";

export function NotificationModal() {
  const unread = useUnreadNotifications();
  const read = useReadNotifications();
  const isNew = useNewNotification();
  const markAllAsRead = useMarkAsReadAllNotificationsCallback();
  return (
    <section data-new={isNew}>
      <h2>
        Unread <span data-testid="unread-count">{unread.length}</span>
      </h2>
      <button data-testid="read-all" onClick={markAllAsRead}>
        Mark all as read
      </button>
      <ul data-testid="unread">
        {unread.map((n) => (
          <NotificationCard key={n.id ?? `temp${n.tempQuoteId}`} notification={n} />
        ))}
      </ul>
      <h2>Read</h2>
      <ul data-testid="read">
        {read.map((n) => (
          <NotificationCard key={n.id ?? `temp${n.tempQuoteId}`} notification={n} />
        ))}
      </ul>
    </section>
  );
}
