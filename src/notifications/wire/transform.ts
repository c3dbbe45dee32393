// wire/: the hedger's format and its way into the store (docs/contributing/design.md#wire-format): one
// item (toNotification), or a REST page or socket message (parseNotificationResponses). An item that
// cannot be a notification is dropped, a field of the wrong type left out, and a frame's whole batch
// gets one warning: nothing a hedger sends takes the rest of its batch down.
import type { NotificationsLogger } from "../effects";
import type { NotificationDetails } from "../types";
import { FrameItems } from "./frame";

export { groupingNotification } from "./convert";

/**
 * One NotificationResponse to a grouped NotificationDetails, or null (with one warning through
 * `logger`) when it cannot be a notification: not an object, no identity (id, temp_quote_id or
 * quote_id), or no usable time. A field of the wrong type is left out with a warning; unknown
 * fields are ignored; unknown enum strings are kept as they are. Times in milliseconds are read as
 * such.
 */
export function toNotification(raw: unknown, logger: NotificationsLogger = console): NotificationDetails | null {
  const one: Array<NotificationDetails | null> = [];
  new FrameItems([raw], logger).take(1, one, true);
  return one[0];
}

/**
 * Every usable notification in a REST page or a WebSocket message (one NotificationResponse or an
 * array of them). What was left out (items that cannot be notifications, fields of the wrong type)
 * is told in one warning for the whole frame; items grouped as OTHER are dropped silently, since
 * they are never shown.
 */
export function parseNotificationResponses(raw: unknown, logger: NotificationsLogger = console): NotificationDetails[] {
  const frame = new FrameItems(raw, logger);
  const kept: NotificationDetails[] = [];
  frame.take(frame.size, kept);
  return kept;
}
