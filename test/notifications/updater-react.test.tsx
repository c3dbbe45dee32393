// <NotificationUpdater /> inside a real react-redux Provider, against the mock hedger.
import { expect } from "chai";
import { Provider } from "react-redux";
import TestRenderer, { act } from "react-test-renderer";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import { NotificationUpdater } from "../../src/notifications/react";
import { VISIBLE, eventually, liveStore } from "./live-helpers";

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
    const props = { baseUrl: hedger.restBaseUrl, appName: "react-test", wsUrl: hedger.wsUrl, whitelisted: true, fetchData: true, timestamp: 0 };
    let renderer!: TestRenderer.ReactTestRenderer;
    await act(async () => {
      renderer = TestRenderer.create(
        <Provider store={live.store}>
          <NotificationUpdater account={ALICE} {...props} />
        </Provider>
      );
    });
    expect(renderer.toJSON()).to.equal(null);
    await eventually("fetched and subscribed", () => hedger.subscribers(ALICE) === 1 && live.state().unreadNotifications.some((n) => n.id === fetched.id));

    await act(async () => {
      renderer.update(
        <Provider store={live.store}>
          <NotificationUpdater account={BOB} {...props} />
        </Provider>
      );
    });
    await eventually("switched to bob", () => hedger.subscribers(BOB) === 1 && hedger.subscribers(ALICE) === 0);

    await act(async () => renderer.unmount());
    expect(live.state().connectionStatus).to.equal("closed");
    await eventually("socket closed", () => hedger.subscribers() === 0);
  });
});
