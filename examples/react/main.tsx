// The example's entry: the store's Provider, the updater configured once, and the notifications.
// The hedger is this page's own origin (the mock hedger serves the page with --static); the account
// is ?account=0x... in the page's address. For a real hedger, set HEDGER to its URLs.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { NotificationUpdater, NotificationUpdaterProvider } from "multiaccount-kit/notifications/react";
import { Notifications } from "./Notifications";
import { store } from "./store";

const HEDGER = {
  baseUrl: location.origin,
  socketUrl: `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/position-state-ws3`,
};
const APP_NAME = "multiaccount-kit-react-example";
const DEMO_ACCOUNT = "0x00000000000000000000000000000000000a11ce";

const account = new URLSearchParams(location.search).get("account") ?? DEMO_ACCOUNT;
const root = createRoot(document.getElementById("root")!);

if (!/^0x[0-9a-fA-F]{40}$/.test(account)) {
  root.render(<p role="alert">?account= must be a 0x-prefixed 20-byte address, got &quot;{account}&quot;.</p>);
} else {
  root.render(
    <StrictMode>
      <Provider store={store}>
        {/* Where the app knows the account and the hedger; the updater below it needs no props. */}
        <NotificationUpdaterProvider account={account} baseUrl={HEDGER.baseUrl} socketUrl={HEDGER.socketUrl} appName={APP_NAME} whitelisted>
          <NotificationUpdater />
          <p className="account">
            account <code data-testid="account">{account}</code>
          </p>
          <Notifications />
        </NotificationUpdaterProvider>
      </Provider>
    </StrictMode>
  );
}
