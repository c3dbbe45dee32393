// The app: its updaters configured once from its own hooks, and the modal.
import { NotificationUpdaterProvider } from "multiaccount-kit/notifications/react";
import { useActiveAccountAddress, useHedgerInfo, useUserWhitelist } from "./state/hooks";
import { DepositButton } from "./components/DepositButton";
import { NotificationModal } from "./components/NotificationModal";
import { Updaters } from "./components/Updaters";

export function App() {
  const account = useActiveAccountAddress();
  const whitelisted = useUserWhitelist();
  const hedger = useHedgerInfo();
  return (
    <NotificationUpdaterProvider
      account={account ?? undefined}
      baseUrl={hedger?.baseUrl}
      socketUrl={hedger?.webSocketNotificationUrl}
      fetchData={hedger?.fetchData}
      whitelisted={whitelisted}
      appName="symm-style-frontend"
    >
      <Updaters />
      <DepositButton />
      <NotificationModal />
    </NotificationUpdaterProvider>
  );
}
