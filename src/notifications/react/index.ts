// multiaccount-kit/notifications/react: the hooks, <NotificationUpdater /> and useNotifications.
// Needs react and react-redux (optional peer dependencies) and a store with the thunk middleware.
export {
  useLastUpdateTimestamp,
  useMarkAsReadAllNotificationsCallback,
  useMarkAsReadNotificationCallback,
  useNewNotification,
  useNotificationAdderCallback,
  useNotificationsStatus,
  usePartialFillNotifications,
  useReadNotifications,
  useSetNewNotificationFlag,
  useUnreadNotifications,
  useVisibleNotifications,
} from "./hooks";
export { NotificationUpdater, NotificationUpdaterProvider, useNotifications } from "./updater";
export type { NotificationUpdaterSettings } from "./updater";
