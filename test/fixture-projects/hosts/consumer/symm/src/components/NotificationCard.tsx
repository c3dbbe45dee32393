// One notification: its title from NotificationMessages, its type, amounts, and error summary.
import { NotificationMessages, NotificationType, type NotificationDetails } from "multiaccount-kit/notifications";
import { useMarkAsReadNotificationCallback } from "multiaccount-kit/notifications/react";
import { TransferTab } from "../types/transfer";
import { NotificationSummary } from "./NotificationSummary";

function titleOf(notification: NotificationDetails): string {
  if (notification.notificationType === NotificationType.TRANSFER_COLLATERAL) {
    return notification.transferType === TransferTab.DEPOSIT ? "Deposit" : "Transfer";
  }
  const action: string = notification.lastSeenAction ?? "";
  const message: string = NotificationMessages[action];
  return message ?? action;
}

export function NotificationCard({ notification }: { notification: NotificationDetails }) {
  const markAsRead = useMarkAsReadNotificationCallback();
  const { id, quoteId, tempQuoteId, notificationType, filledAmountOpen, avgPriceOpen, errorCode, failureMessage } = notification;
  return (
    <li data-id={id ?? `temp${tempQuoteId}`} data-type={notificationType} onClick={() => markAsRead(notification)}>
      <b className="title">{titleOf(notification)}</b> <i className="type">{notificationType}</i>
      {quoteId === null ? null : <span className="quote"> #{quoteId}</span>}
      {filledAmountOpen === null ? null : <span className="filled"> filled {filledAmountOpen}</span>}
      {avgPriceOpen == null ? null : <span className="price"> at {avgPriceOpen}</span>}
      <NotificationSummary errorCode={errorCode} failureMessage={failureMessage} />
    </li>
  );
}
