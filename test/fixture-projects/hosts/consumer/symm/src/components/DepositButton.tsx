// A deposit the app itself reports, as a collateral-transfer notice with the app's TransferTab; a
// notice the app adds, and a "seen up to now", with the action creators' object payloads.
import { useDispatch } from "react-redux";
import { NotificationType, addUnreadNotification, updateTimestamp, type NotificationDetails } from "multiaccount-kit/notifications";
import { useNotificationAdderCallback, useSetNewNotificationFlag } from "multiaccount-kit/notifications/react";
import { TransferTab } from "../types/transfer";
import type { AppDispatch } from "../state/store";

export function DepositButton() {
  const addNotification = useNotificationAdderCallback();
  const flagNew = useSetNewNotificationFlag();
  const dispatch = useDispatch<AppDispatch>();
  const deposit = () => {
    const now = Math.floor(Date.now() / 1000).toString();
    const transferType: TransferTab = TransferTab.DEPOSIT;
    addNotification(
      {
        quoteId: null,
        createTime: now,
        modifyTime: now,
        counterpartyAddress: null,
        filledAmountOpen: null,
        filledAmountClose: null,
        lastSeenAction: null,
        actionStatus: null,
        failureType: null,
        failureMessage: null,
        errorCode: null,
        stateType: null,
        notificationType: NotificationType.TRANSFER_COLLATERAL,
        showInModal: true,
        transferAmount: "100",
        transferType,
      },
      "unread"
    );
    flagNew();
  };
  const notice = () => {
    const now = Math.floor(Date.now() / 1000).toString();
    const notification: NotificationDetails = {
      id: `app-${now}`,
      quoteId: "1",
      createTime: now,
      modifyTime: now,
      counterpartyAddress: null,
      filledAmountOpen: null,
      filledAmountClose: null,
      lastSeenAction: "SendQuote",
      actionStatus: "success",
      failureType: null,
      failureMessage: null,
      errorCode: null,
      stateType: "alert",
      notificationType: NotificationType.SUCCESS,
      showInModal: true,
    };
    dispatch(addUnreadNotification({ notification }));
  };
  // "Seen up to now": the next visit shows what changed after this moment.
  const seenNow = () => dispatch(updateTimestamp({ timestamp: Math.floor(Date.now() / 1000).toString() }));
  return (
    <>
      <button data-testid="deposit" onClick={deposit}>
        Deposit
      </button>
      <button data-testid="notice" onClick={notice}>
        Notice
      </button>
      <button data-testid="seen-now" onClick={seenNow}>
        Seen up to now
      </button>
    </>
  );
}
