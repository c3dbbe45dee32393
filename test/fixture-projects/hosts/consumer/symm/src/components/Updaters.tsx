// The app's updaters, each mounted without props: they know what they need from the app.
import { NotificationUpdater } from "multiaccount-kit/notifications/react";

export function Updaters() {
  return <NotificationUpdater />;
}
