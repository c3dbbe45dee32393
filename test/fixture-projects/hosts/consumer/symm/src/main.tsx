// Mounts the app; the account and the hedger come from the page's address (?account=0x...), the hedger on the page's own origin.
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { App } from "./App";
import { connected } from "./state/user";
import { store } from "./state/store";

const params = new URLSearchParams(location.search);
const account = params.get("account");
if (account !== null) {
  store.dispatch(
    connected(account, true, {
      baseUrl: location.origin,
      webSocketNotificationUrl: `${location.origin.replace(/^http/, "ws")}/ws/position-state-ws3`,
      fetchData: true,
    })
  );
}
createRoot(document.getElementById("root")!).render(
  <Provider store={store}>
    <App />
  </Provider>
);
