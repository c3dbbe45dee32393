// Wire strings that name Object.prototype's members ("__proto__", "constructor", ...) must come
// out of the wire as the plain strings they are: never a function, never a prototype, always data
// a BroadcastChannel can clone (docs/contributing/design.md#wire-format).
import { expect } from "chai";
import {
  NotificationMessages,
  NotificationType,
  getNotifications,
  ingestNotifications,
  toNotification,
  type NotificationDetails,
} from "../../../src/notifications";
import { sendJson, startServer } from "../../support/loopback";
import { HOSTILE, expectPlainNotification, newStore, recordingLogger, wire, type TestDispatch } from "../helpers/fixtures";

describe("hostile wire strings", () => {
  for (const value of HOSTILE) {
    it(`last_seen_action ${JSON.stringify(value)} is stored as that plain string`, () => {
      const logger = recordingLogger();
      const n = toNotification(wire({ last_seen_action: value }), logger);
      expect(n).to.not.equal(null);
      expectPlainNotification(n);
      expect(n!.lastSeenAction).to.equal(value);
      expect(logger.warnings).to.deep.equal([]);
    });
  }

  it("action_status, failure_type, state_type, id and the free-text fields keep each hostile string as a plain string", () => {
    const fields = ["action_status", "failure_type", "state_type", "id", "counterparty_address", "failure_message"] as const;
    const camel: Record<(typeof fields)[number], keyof NotificationDetails> = {
      action_status: "actionStatus",
      failure_type: "failureType",
      state_type: "stateType",
      id: "id",
      counterparty_address: "counterpartyAddress",
      failure_message: "failureMessage",
    };
    for (const field of fields) {
      for (const value of HOSTILE) {
        const n = toNotification(wire({ [field]: value }), recordingLogger());
        expectPlainNotification(n);
        expect(n![camel[field]], `${field} ${value}`).to.equal(value);
      }
    }
  });

  it("an amount that is a hostile string is left out (null), never stored as that string", () => {
    for (const value of HOSTILE) {
      const logger = recordingLogger();
      const n = toNotification(wire({ filled_amount_open: value }), logger);
      expectPlainNotification(n);
      expect(n!.filledAmountOpen, value).to.equal(null);
      expect(logger.warnings, value).to.have.length(1);
    }
  });

  it("NotificationMessages gives undefined for every hostile string, and its messages for known actions", () => {
    for (const value of HOSTILE) expect((NotificationMessages as Record<string, unknown>)[value], value).to.equal(undefined);
    expect(NotificationMessages.SendQuote).to.equal("Open Order");
  });

  it("a REST page of hostile strings in every enum field lands in the store as plain, cloneable data", async () => {
    const items = HOSTILE.map((value, i) =>
      wire({ id: value, quote_id: 100 + i, last_seen_action: value, failure_type: value, state_type: "report", modify_time: 1_700_000_100 + i })
    );
    const server = await startServer((_req, res) => sendJson(res, { position_state: items }));
    try {
      const store = newStore({ logger: recordingLogger() });
      await (store.dispatch as TestDispatch)(getNotifications({ baseUrl: server.baseUrl, account: "0xabc", timestamp: "", appName: "t" }));
      const { unreadNotifications } = store.getState().notifications;
      expect(unreadNotifications.map((n) => n.id).sort()).to.deep.equal([...HOSTILE].sort());
      for (const n of unreadNotifications) {
        expectPlainNotification(n);
        expect(n.notificationType).to.equal(NotificationType.PARTIAL_FILL);
      }
      // The same items again are replays: the lists keep one of each.
      store.dispatch(ingestNotifications(unreadNotifications.map((n) => ({ ...n }))));
      expect(store.getState().notifications.unreadNotifications).to.have.length(HOSTILE.length);
    } finally {
      await server.close();
    }
  });
});
