// The real-shaped frames of fixtures/hedger-frames.ts, as JSON text: over REST (one page from a
// loopback server) and over a real WebSocket (one message each, through the middleware), every frame
// lands in the right list with the right type and modal flag, the instant order's confirmation takes
// its temporary frame's place, and nothing is dropped or warned about.
import { expect } from "chai";
import { startMockHedger, type MockHedger } from "../../../src/mock-hedger";
import { connectNotifications, disconnectNotifications, getNotifications, type NotificationDetails } from "../../../src/notifications";
import { startServer, type TestServer } from "../../support/loopback";
import { until } from "../../support/wait";
import { HEDGER_FRAMES, type HedgerFrame } from "../fixtures/hedger-frames";
import { newStore, recordingLogger, type TestDispatch } from "../helpers/fixtures";
import { liveStore } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000a11ce";

/**
 * What the lists must hold after every frame: each frame's notification once, unless a later frame
 * took its place (a confirmation, the quote's next report) or no list shows it.
 */
function expectLanded(unread: NotificationDetails[], read: NotificationDetails[], logged: string[]): void {
  expect(read, "nothing is read").to.deep.equal([]);
  expect(logged, "warnings").to.deep.equal([]);
  const replaced = new Set(HEDGER_FRAMES.map((f) => f.replaces).filter((name) => name !== undefined));
  const landing = HEDGER_FRAMES.filter((f) => f.list === "unread" && !replaced.has(f.name));
  expect(unread, "one row per notification").to.have.length(landing.length);
  for (const frame of HEDGER_FRAMES) {
    const wire = JSON.parse(frame.text) as { id?: string; temp_quote_id?: number };
    const stored = unread.filter((n) => (wire.id === undefined ? n.tempQuoteId === wire.temp_quote_id : n.id === wire.id));
    if (frame.list === "none") {
      expect(stored, frame.name).to.deep.equal([]);
      continue;
    }
    if (replaced.has(frame.name)) {
      expect(
        stored.every((n) => n.id !== null && n.id !== wire.id),
        `${frame.name}: its place taken`
      ).to.equal(true);
      continue;
    }
    expect(stored, frame.name).to.have.length(1);
    expect(stored[0], frame.name).to.include({ notificationType: frame.notificationType, showInModal: frame.showInModal, ...frame.stored });
  }
}

describe("frames as hedgers send them", () => {
  it(`${HEDGER_FRAMES.length} frames in one REST page land as they must`, async () => {
    let server: TestServer | undefined;
    try {
      // The page as a hedger writes it: the frames' own text, numbers and all.
      server = await startServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`{"position_state":[${HEDGER_FRAMES.map((f: HedgerFrame) => f.text).join(",")}]}`);
      });
      const logger = recordingLogger();
      const store = newStore({ logger });
      const result = await (store.dispatch as TestDispatch)(
        getNotifications({ baseUrl: server.baseUrl, account: ACCOUNT, timestamp: "", appName: "t", size: 100 })
      );
      expect(result.unreadNotifications.length).to.be.greaterThan(0);
      const { unreadNotifications, readNotifications } = store.getState().notifications;
      expectLanded(unreadNotifications, readNotifications, logger.warnings);
    } finally {
      await server?.close();
    }
  });

  describe("over the WebSocket, one message each", () => {
    let hedger: MockHedger;
    let live: ReturnType<typeof liveStore> | undefined;
    beforeEach(async () => {
      hedger = await startMockHedger();
    });
    afterEach(async () => {
      live?.dispatch(disconnectNotifications());
      await hedger.close();
    });

    it(`${HEDGER_FRAMES.length} messages land as they must`, async () => {
      live = liveStore({ backfill: false });
      live.dispatch(connectNotifications({ socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true }));
      await until("subscribed", () => hedger.subscribers(ACCOUNT) === 1);
      for (const frame of HEDGER_FRAMES) hedger.sendRaw(ACCOUNT, frame.text);
      const last = JSON.parse(HEDGER_FRAMES[HEDGER_FRAMES.length - 1].text) as { id: string };
      await until("the last frame", () => live!.state().unreadNotifications.some((n) => n.id === last.id));
      expectLanded(live.state().unreadNotifications, live.state().readNotifications, live.logger.warnings);
    });
  });
});
