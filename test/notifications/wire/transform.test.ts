// toNotification, groupingNotification and parseNotificationResponses: every NotificationType
// rule, every field conversion, and every way an item can be malformed.
import { expect } from "chai";
import {
  ActionStatus,
  LastSeenAction,
  NotificationType,
  OrderType,
  StateType,
  groupingNotification,
  parseNotificationResponses,
  toNotification,
} from "../../../src/notifications";
import { note, recordingLogger, wire } from "../helpers/fixtures";

describe("toNotification", () => {
  it("converts every wire field to its camelCase store form", () => {
    const logger = recordingLogger();
    const n = toNotification(
      wire({
        id: "abc",
        quote_id: 42,
        create_time: 1700000000,
        modify_time: 1700000123,
        counterparty_address: "0x1234",
        filled_amount_open: "0.000000000000000001",
        filled_amount_close: "123456789012345678901234567890.5",
        last_seen_action: "FillLimitOrderOpen",
        action_status: "success",
        failure_type: "Solvency Problem",
        failure_message: "not enough",
        error_code: 17,
        state_type: "alert",
        version: 3,
        temp_quote_id: 9,
        order_type: 1,
      }),
      logger
    );
    expect(n).to.deep.equal({
      id: "abc",
      quoteId: "42",
      createTime: "1700000000",
      modifyTime: "1700000123",
      counterpartyAddress: "0x1234",
      filledAmountOpen: "0.000000000000000001",
      filledAmountClose: "123456789012345678901234567890.5",
      lastSeenAction: "FillLimitOrderOpen",
      actionStatus: "success",
      failureType: "Solvency Problem",
      failureMessage: "not enough",
      errorCode: 17,
      stateType: "alert",
      version: 3,
      tempQuoteId: 9,
      orderType: OrderType.MARKET,
      notificationType: NotificationType.SUCCESS,
      showInModal: true,
    });
    expect(logger.warnings).to.deep.equal([]);
  });

  it('keeps a null quote_id as null, never the string "null"', () => {
    const n = toNotification(wire({ quote_id: null }), recordingLogger());
    expect(n?.quoteId).to.equal(null);
  });

  it("keeps nulls of nullable fields and reads absent ones as null", () => {
    const raw: Record<string, unknown> = { id: "x", create_time: 1, modify_time: 2 };
    const n = toNotification(raw, recordingLogger());
    expect(n).to.include({
      quoteId: null,
      counterpartyAddress: null,
      filledAmountOpen: null,
      filledAmountClose: null,
      lastSeenAction: null,
      actionStatus: null,
      failureType: null,
      failureMessage: null,
      stateType: null,
    });
  });

  it("leaves optional fields out when absent or null, except error_code, which keeps its null", () => {
    const absent = toNotification(wire(), recordingLogger())!;
    expect(absent).to.not.have.any.keys("version", "tempQuoteId", "orderType", "errorCode");
    const nulls = toNotification(wire({ version: null, temp_quote_id: null, order_type: null, error_code: null }), recordingLogger())!;
    expect(nulls).to.not.have.any.keys("version", "tempQuoteId", "orderType");
    expect(nulls.errorCode).to.equal(null);
  });

  it("maps order_type 1 to Market and any other number to Limit", () => {
    expect(toNotification(wire({ order_type: 1 }), recordingLogger())?.orderType).to.equal(OrderType.MARKET);
    expect(toNotification(wire({ order_type: 0 }), recordingLogger())?.orderType).to.equal(OrderType.LIMIT);
    expect(toNotification(wire({ order_type: 2 }), recordingLogger())?.orderType).to.equal(OrderType.LIMIT);
  });

  it("normalizes FailedToPutOnBinance to FailedToPutOnExchange", () => {
    const n = toNotification(wire({ last_seen_action: "FailedToPutOnBinance" }), recordingLogger());
    expect(n?.lastSeenAction).to.equal(LastSeenAction.FAILED_TO_PUT_ON_EXCHANGE);
  });

  it("keeps unknown enum strings as they are", () => {
    const n = toNotification(
      wire({ last_seen_action: "SomethingNew", failure_type: "odd", action_status: "pending", state_type: "digest" }),
      recordingLogger()
    );
    expect(n).to.include({ lastSeenAction: "SomethingNew", failureType: "odd", actionStatus: "pending", stateType: "digest" });
    expect(n?.notificationType).to.equal(NotificationType.OTHER);
  });

  it("treats an empty id as no id", () => {
    expect(toNotification(wire({ id: "" }), recordingLogger())?.id).to.equal(null);
  });

  it("accepts an item with only a quote_id, or only an id", () => {
    expect(toNotification(wire({ id: undefined }), recordingLogger())).to.include({ id: null, quoteId: "7" });
    expect(toNotification(wire({ quote_id: undefined }), recordingLogger())).to.include({ id: "w1", quoteId: null });
  });

  const malformed: Array<[string, unknown, RegExp]> = [
    ["null", null, /JSON object, got null/],
    ["a number", 5, /JSON object, got 5/],
    ["a string", "hello", /JSON object/],
    ["an array", [wire()], /JSON object, got an array/],
    ["neither id nor quote_id", wire({ id: null, quote_id: null }), /neither id nor quote_id/],
    ["neither id nor quote_id (both absent)", wire({ id: undefined, quote_id: undefined }), /neither id nor quote_id/],
    ["an empty id and no quote_id", wire({ id: "", quote_id: null }), /neither id nor quote_id/],
    ["a numeric id", wire({ id: 12 }), /id must be a string or null, got 12/],
    ["a string quote_id", wire({ quote_id: "7" }), /quote_id must be an integer, got "7"/],
    ["a fractional quote_id", wire({ quote_id: 7.5 }), /quote_id must be an integer/],
    ["a string create_time", wire({ create_time: "1700000000" }), /create_time must be unix seconds/],
    ["a missing modify_time", wire({ modify_time: undefined }), /modify_time must be unix seconds/],
    ["a null modify_time", wire({ modify_time: null }), /modify_time must be unix seconds/],
    ["a negative modify_time", wire({ modify_time: -1 }), /modify_time must be unix seconds/],
    ["a non-finite modify_time", wire({ modify_time: Infinity }), /modify_time must be unix seconds/],
    ["a numeric amount", wire({ filled_amount_open: 1.5 }), /filled_amount_open must be a string or null, got 1.5/],
    ["an object counterparty_address", wire({ counterparty_address: {} }), /counterparty_address must be a string or null, got object/],
    ["a boolean action_status", wire({ action_status: true }), /action_status must be a string or null/],
    ["a numeric state_type", wire({ state_type: 1 }), /state_type must be a string or null/],
    ["a string version", wire({ version: "2" }), /version must be a number/],
    ["a string error_code", wire({ error_code: "E1" }), /error_code must be a number/],
    ["a fractional temp_quote_id", wire({ temp_quote_id: 1.5 }), /temp_quote_id must be an integer/],
    ["a string order_type", wire({ order_type: "1" }), /order_type must be a number/],
  ];
  for (const [name, raw, message] of malformed) {
    it(`drops ${name} with one warning, without throwing`, () => {
      const logger = recordingLogger();
      expect(toNotification(raw, logger)).to.equal(null);
      expect(logger.warnings).to.have.length(1);
      expect(logger.warnings[0]).to.match(/^notifications: dropped a malformed notification/);
      expect(logger.warnings[0]).to.match(message);
    });
  }

  it("names the item it dropped by id and quote_id", () => {
    const logger = recordingLogger();
    toNotification(wire({ id: "zz", quote_id: 3, version: "x" }), logger);
    expect(logger.warnings[0]).to.contain('id "zz"').and.contain("quote_id 3");
  });
});

describe("groupingNotification", () => {
  const base = note({ notificationType: NotificationType.OTHER, showInModal: false });
  const table: Array<[string, Partial<typeof base>, NotificationType, boolean]> = [
    ["report gives PARTIAL_FILL, not in the modal", { stateType: StateType.REPORT, actionStatus: ActionStatus.SUCCESS }, NotificationType.PARTIAL_FILL, false],
    [
      "report wins over a liquidation",
      { stateType: StateType.REPORT, lastSeenAction: LastSeenAction.LIQUIDATE_POSITION },
      NotificationType.PARTIAL_FILL,
      false,
    ],
    [
      "alert with LiquidatePosition gives LIQUIDATION_ALERT",
      { stateType: StateType.ALERT, lastSeenAction: LastSeenAction.LIQUIDATE_POSITION, actionStatus: ActionStatus.FAILED },
      NotificationType.LIQUIDATION_ALERT,
      true,
    ],
    [
      "alert with another action follows actionStatus",
      { stateType: StateType.ALERT, lastSeenAction: LastSeenAction.SEND_QUOTE, actionStatus: ActionStatus.SEEN },
      NotificationType.SEEN_BY_HEDGER,
      true,
    ],
    [
      "LiquidatePosition without alert follows actionStatus",
      { stateType: null, lastSeenAction: LastSeenAction.LIQUIDATE_POSITION, actionStatus: ActionStatus.SUCCESS },
      NotificationType.SUCCESS,
      true,
    ],
    ["failed gives HEDGER_ERROR", { stateType: null, actionStatus: ActionStatus.FAILED }, NotificationType.HEDGER_ERROR, true],
    ["seen gives SEEN_BY_HEDGER", { stateType: null, actionStatus: ActionStatus.SEEN }, NotificationType.SEEN_BY_HEDGER, true],
    ["success gives SUCCESS", { stateType: null, actionStatus: ActionStatus.SUCCESS }, NotificationType.SUCCESS, true],
    ["an unknown actionStatus gives OTHER", { stateType: null, actionStatus: "pending" }, NotificationType.OTHER, true],
    ["a null actionStatus gives OTHER", { stateType: null, actionStatus: null }, NotificationType.OTHER, true],
    ["an unknown stateType follows actionStatus", { stateType: "digest", actionStatus: ActionStatus.FAILED }, NotificationType.HEDGER_ERROR, true],
  ];
  for (const [name, fields, type, showInModal] of table) {
    it(name, () => {
      const input = Object.freeze({ ...base, ...fields });
      const out = groupingNotification(input);
      expect(out.notificationType).to.equal(type);
      expect(out.showInModal).to.equal(showInModal);
      expect(out).to.not.equal(input);
      expect(input.notificationType, "input untouched").to.equal(NotificationType.OTHER);
      expect({ ...out, notificationType: input.notificationType, showInModal: input.showInModal }).to.deep.equal(input);
    });
  }
});

describe("parseNotificationResponses", () => {
  it("keeps the usable items of a batch, warns about malformed ones and silently drops OTHER", () => {
    const logger = recordingLogger();
    const kept = parseNotificationResponses(
      [
        wire({ id: "ok1" }),
        wire({ id: "bad", modify_time: "soon" }),
        wire({ id: "other", action_status: "pending" }),
        17,
        wire({ id: "ok2", state_type: "report" }),
      ],
      logger
    );
    expect(kept.map((n) => [n.id, n.notificationType])).to.deep.equal([
      ["ok1", NotificationType.SUCCESS],
      ["ok2", NotificationType.PARTIAL_FILL],
    ]);
    expect(logger.warnings).to.have.length(2);
    expect(logger.warnings[0]).to.contain('id "bad"');
    expect(logger.warnings[1]).to.contain("got 17");
  });

  it("accepts a single NotificationResponse as well as an array", () => {
    const kept = parseNotificationResponses(wire({ id: "single" }), recordingLogger());
    expect(kept.map((n) => n.id)).to.deep.equal(["single"]);
  });

  it("returns nothing for a message that is not a notification", () => {
    const logger = recordingLogger();
    expect(parseNotificationResponses("ping", logger)).to.deep.equal([]);
    expect(logger.warnings).to.have.length(1);
  });
});
