// <NotificationUpdater /> inside a real react-redux Provider, against the mock hedger.
import { expect } from "chai";
import { Provider } from "react-redux";
import TestRenderer, { act } from "react-test-renderer";
import { startMockHedger, type MockHedger } from "../../../src/mock-hedger";
import { useDispatch } from "react-redux";
import type { ThunkDispatch } from "redux-thunk";
import type { NotificationsAction, NotificationsRootState } from "../../../src/notifications";
import { NotificationUpdater, NotificationUpdaterProvider, useNotifications } from "../../../src/notifications/react";
import { until } from "../../support/wait";
import { VISIBLE, liveStore } from "../helpers/live";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ALICE = "0x00000000000000000000000000000000000a11ce";
const BOB = "0x0000000000000000000000000000000000000b0b";

describe("<NotificationUpdater />", function () {
  let hedger: MockHedger;
  beforeEach(async () => {
    hedger = await startMockHedger();
  });
  afterEach(() => hedger.close());

  it("renders nothing, fetches and connects while mounted, follows the account, and stops on unmount", async () => {
    const fetched = hedger.record(ALICE, VISIBLE);
    const live = liveStore();
    const props = { baseUrl: hedger.baseUrl, appName: "react-test", socketUrl: hedger.socketUrl, whitelisted: true, fetchData: true, timestamp: 0 };
    let renderer!: TestRenderer.ReactTestRenderer;
    await act(async () => {
      renderer = TestRenderer.create(
        <Provider store={live.store}>
          <NotificationUpdater account={ALICE} {...props} />
        </Provider>
      );
    });
    expect(renderer.toJSON()).to.equal(null);
    await until("fetched and subscribed", () => hedger.subscribers(ALICE) === 1 && live.state().unreadNotifications.some((n) => n.id === fetched.id));

    await act(async () => {
      renderer.update(
        <Provider store={live.store}>
          <NotificationUpdater account={BOB} {...props} />
        </Provider>
      );
    });
    await until("switched to bob", () => hedger.subscribers(BOB) === 1 && hedger.subscribers(ALICE) === 0);

    await act(async () => renderer.unmount());
    expect(live.state().connectionStatus).to.equal("closed");
    await until("socket closed", () => hedger.subscribers() === 0);
  });

  it("mounted with no props, runs with its provider's settings: nothing until an account, then fetch and socket; a prop wins", async () => {
    const fetched = hedger.record(ALICE, VISIBLE);
    const live = liveStore();
    const settings = { baseUrl: hedger.baseUrl, appName: "react-test", socketUrl: hedger.socketUrl, whitelisted: true, timestamp: 0, storage: null };
    const app = (account: string | undefined, whitelisted?: boolean) => (
      <Provider store={live.store}>
        <NotificationUpdaterProvider {...settings} account={account}>
          <div>
            <NotificationUpdater whitelisted={whitelisted} />
          </div>
        </NotificationUpdaterProvider>
      </Provider>
    );
    let renderer!: TestRenderer.ReactTestRenderer;
    await act(async () => {
      renderer = TestRenderer.create(app(undefined));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([hedger.requests.length, hedger.connectionCount], "no account yet: no fetch, no socket").to.deep.equal([0, 0]);

    await act(async () => renderer.update(app(ALICE)));
    await until("fetched and subscribed", () => hedger.subscribers(ALICE) === 1 && live.state().unreadNotifications.some((n) => n.id === fetched.id));
    expect(hedger.requests[0]).to.deep.include({ appName: "react-test" });

    await act(async () => renderer.update(app(ALICE, false)));
    await until("the prop's whitelisted: false closes the socket", () => hedger.subscribers() === 0);
    await act(async () => renderer.unmount());
  });

  it("an account without a baseUrl is logged as an error, and nothing starts", async () => {
    const live = liveStore();
    let renderer!: TestRenderer.ReactTestRenderer;
    await act(async () => {
      renderer = TestRenderer.create(
        <Provider store={live.store}>
          <NotificationUpdaterProvider account={ALICE} appName="x" logger={live.logger}>
            <NotificationUpdater />
          </NotificationUpdaterProvider>
        </Provider>
      );
    });
    expect(live.logger.errors).to.deep.equal(["notifications: <NotificationUpdater /> has an account but no baseUrl; set it on the updater or its provider"]);
    expect(hedger.requests).to.have.length(0);
    await act(async () => renderer.unmount());
  });

  it("useNotifications(account, fetchData, baseUrl, timestamp, dispatch) fetches only when fetchData is set", async () => {
    const stored = hedger.record(ALICE, VISIBLE);
    const live = liveStore();
    function Fetcher({ fetchData }: { fetchData: boolean }) {
      useNotifications(ALICE, fetchData, hedger.baseUrl, 0, useDispatch<ThunkDispatch<NotificationsRootState, unknown, NotificationsAction>>(), "hook-test");
      return null;
    }
    let renderer!: TestRenderer.ReactTestRenderer;
    await act(async () => {
      renderer = TestRenderer.create(
        <Provider store={live.store}>
          <Fetcher fetchData={false} />
        </Provider>
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hedger.requests).to.have.length(0);
    await act(async () => {
      renderer.update(
        <Provider store={live.store}>
          <Fetcher fetchData={true} />
        </Provider>
      );
    });
    await until("fetched", () => live.state().unreadNotifications.some((n) => n.id === stored.id));
    expect(hedger.requests[0]).to.deep.include({ start: 0, size: 10, appName: "hook-test" });
    expect(hedger.requests[0].body).to.deep.equal({ address: ALICE, modify_time_gte: 0 });
    await act(async () => renderer.unmount());
  });
});
