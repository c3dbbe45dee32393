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
        avg_price_open: "65000.10",
        avg_price_close: 0,
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
      avgPriceOpen: "65000.10",
      avgPriceClose: null,
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
      errorCode: null,
      stateType: null,
    });
  });

  it("leaves optional fields out when absent or null, and keeps error_code, null when the hedger sends none", () => {
    const absent = toNotification(wire(), recordingLogger())!;
    expect(absent).to.not.have.any.keys("version", "tempQuoteId", "orderType", "avgPriceOpen", "avgPriceClose");
    expect(absent.errorCode).to.equal(null);
    const nulls = toNotification(wire({ version: null, temp_quote_id: null, order_type: null, error_code: null }), recordingLogger())!;
    expect(nulls).to.not.have.any.keys("version", "tempQuoteId", "orderType");
    expect(nulls.errorCode).to.equal(null);
    expect(toNotification(wire({ error_code: 0 }), recordingLogger())!.errorCode).to.equal(0);
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

  it("accepts an item with only a quote_id, only an id, or only a temp_quote_id", () => {
    expect(toNotification(wire({ id: undefined }), recordingLogger())).to.include({ id: null, quoteId: "7" });
    expect(toNotification(wire({ quote_id: undefined }), recordingLogger())).to.include({ id: "w1", quoteId: null });
    expect(toNotification(wire({ id: undefined, quote_id: null, temp_quote_id: -172 }), recordingLogger())).to.include({
      id: null,
      quoteId: null,
      tempQuoteId: -172,
    });
  });

  it("ignores fields it does not know", () => {
    const logger = recordingLogger();
    const n = toNotification(wire({ symbol: "BTCUSDT", leverage: 20, extra: { nested: [1] } }), logger)!;
    expect(n).to.deep.equal(toNotification(wire(), recordingLogger()));
    expect(logger.warnings).to.deep.equal([]);
  });

  describe("amounts", () => {
    const amount = (value: unknown) => {
      const logger = recordingLogger();
      const n = toNotification(wire({ filled_amount_open: value, avg_price_open: value }), logger)!;
      return { open: n.filledAmountOpen, avg: n.avgPriceOpen, warnings: logger.warnings };
    };
    const cases: Array<[string, unknown, string | null]> = [
      ["a decimal string passes through unchanged", "12.50", "12.50"],
      ["a long decimal string keeps every digit", "123456789012345678901234567890.000000000000000001", "123456789012345678901234567890.000000000000000001"],
      ["the number 0 (the hedgers' 'no value') is null", 0, null],
      ["-0 is null", -0, null],
      ["a number is its decimal string", 1.5, "1.5"],
      ["a negative number stays negative", -2.25, "-2.25"],
      ["a number past 1e21 is written out in digits", 1e21, "1000000000000000000000"],
      ["a small number is written out in digits", 1e-7, "0.0000001"],
      ["null is null", null, null],
    ];
    for (const [name, value, stored] of cases) {
      it(name, () => {
        const { open, avg, warnings } = amount(value);
        expect([open, avg]).to.deep.equal([stored, stored]);
        expect(warnings).to.deep.equal([]);
      });
    }
    const refused: Array<[string, unknown]> = [
      ["NaN as a string", "NaN"],
      ["a number with a unit", "12 USDT"],
      ["an object", { value: "1" }],
      ["a boolean", true],
      ["an infinite number", Infinity],
    ];
    for (const [name, value] of refused) {
      it(`${name} is null, with one warning naming the field, and the notification is kept`, () => {
        const { open, avg, warnings } = amount(value);
        expect([open, avg]).to.deep.equal([null, null]);
        expect(warnings).to.have.length(1);
        expect(warnings[0])
          .to.match(/left out 2 field\(s\): filled_amount_open must be a decimal/)
          .and.contain("avg_price_open");
      });
    }
  });

  describe("time", () => {
    it("reads a numeric string of unix seconds", () => {
      expect(toNotification(wire({ create_time: "1700000000", modify_time: "1700000050" }), recordingLogger())).to.include({
        createTime: "1700000000",
        modifyTime: "1700000050",
      });
    });
    it("takes create_time for a missing modify_time, and modify_time for a missing create_time", () => {
      expect(toNotification(wire({ modify_time: undefined }), recordingLogger())).to.include({ createTime: "1700000000", modifyTime: "1700000000" });
      expect(toNotification(wire({ create_time: null }), recordingLogger())).to.include({ createTime: "1700000100", modifyTime: "1700000100" });
    });
    it("reads a time in milliseconds as the second it falls in", () => {
      const logger = recordingLogger();
      expect(toNotification(wire({ create_time: 1_700_000_000_123, modify_time: "1700000100999" }), logger)).to.include({
        createTime: "1700000000",
        modifyTime: "1700000100",
      });
      expect(logger.warnings).to.deep.equal([]);
    });
    it("keeps a time ahead of the client's clock as the hedger gives it (the ingest bounds lastUpdateTimestamp)", () => {
      const ahead = Math.floor(Date.now() / 1000) + 86_400;
      const logger = recordingLogger();
      expect(toNotification(wire({ create_time: ahead, modify_time: ahead }), logger)).to.include({ modifyTime: String(ahead) });
      expect(logger.warnings).to.deep.equal([]);
    });

    it("takes create_time for an unusable modify_time, with one warning naming it", () => {
      const logger = recordingLogger();
      expect(toNotification(wire({ modify_time: -1 }), logger)).to.include({ modifyTime: "1700000000" });
      expect(logger.warnings).to.have.length(1);
      expect(logger.warnings[0]).to.match(/modify_time must be unix seconds, got -1/);
    });
  });

  const unusable: Array<[string, unknown, RegExp]> = [
    ["null", null, /not a JSON object but null/],
    ["a number", 5, /not a JSON object but 5/],
    ["a string", "hello", /not a JSON object/],
    ["an array", [wire()], /not a JSON object but an array/],
    ["no id, temp_quote_id or quote_id", wire({ id: null, quote_id: null }), /no id, temp_quote_id or quote_id/],
    ["an empty id and no quote_id", wire({ id: "", quote_id: null }), /no id, temp_quote_id or quote_id/],
    ["an object for its only identity", wire({ id: { x: 1 }, quote_id: null }), /no id, temp_quote_id or quote_id/],
    ["no time at all", wire({ create_time: undefined, modify_time: undefined }), /no usable modify_time or create_time/],
    ["two unusable times", wire({ create_time: "soon", modify_time: Infinity }), /no usable modify_time or create_time/],
  ];
  for (const [name, raw, message] of unusable) {
    it(`drops ${name} with one warning, without throwing`, () => {
      const logger = recordingLogger();
      expect(toNotification(raw, logger)).to.equal(null);
      expect(logger.warnings).to.have.length(1);
      expect(logger.warnings[0]).to.match(/^notifications: dropped a notification that cannot be one: /);
      expect(logger.warnings[0]).to.match(message);
    });
  }

  const leftOut: Array<[string, Record<string, unknown>, string, unknown, RegExp]> = [
    ["a numeric id is its string", { id: 12 }, "id", "12", /^$/],
    ["a numeric string quote_id is read", { quote_id: "7" }, "quoteId", "7", /^$/],
    ["a fractional quote_id", { quote_id: 7.5 }, "quoteId", null, /quote_id must be an integer, got 7.5/],
    [
      "an object counterparty_address",
      { counterparty_address: {} },
      "counterpartyAddress",
      null,
      /counterparty_address must be a string or null, got an object/,
    ],
    ["a boolean action_status", { action_status: true, state_type: "report" }, "actionStatus", null, /action_status must be a string or null, got true/],
    ["a numeric state_type", { state_type: 1 }, "stateType", null, /state_type must be a string or null/],
    ["a word for a version", { version: "two" }, "version", undefined, /version must be a number/],
    ["a word for an error_code", { error_code: "E1" }, "errorCode", null, /error_code must be a number/],
    ["a fractional temp_quote_id", { temp_quote_id: 1.5 }, "tempQuoteId", undefined, /temp_quote_id must be an integer/],
    ["an array for order_type", { order_type: [1] }, "orderType", undefined, /order_type must be a number, got an array/],
  ];
  for (const [name, fields, key, stored, message] of leftOut) {
    it(`keeps the notification for ${name}${message.source === "^$" ? "" : ", left out with one warning"}`, () => {
      const logger = recordingLogger();
      const n = toNotification(wire(fields), logger) as unknown as Record<string, unknown>;
      expect(n).to.not.equal(null);
      expect(n[key]).to.equal(stored);
      if (message.source === "^$") expect(logger.warnings).to.deep.equal([]);
      else {
        expect(logger.warnings).to.have.length(1);
        expect(logger.warnings[0])
          .to.match(/^notifications: left out 1 field\(s\): /)
          .and.match(message);
      }
    });
  }

  it("names the item by id, temp_quote_id and quote_id", () => {
    const logger = recordingLogger();
    toNotification(wire({ id: "zz", quote_id: 3, temp_quote_id: -3, version: "x" }), logger);
    expect(logger.warnings[0]).to.contain('id "zz"').and.contain("temp_quote_id -3").and.contain("quote_id 3");
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
  it("keeps the usable items of a batch, tells what it left out in one warning, and silently drops OTHER", () => {
    const logger = recordingLogger();
    const kept = parseNotificationResponses(
      [
        wire({ id: "ok1" }),
        wire({ id: "late", modify_time: "soon" }),
        wire({ id: "other", action_status: "pending" }),
        17,
        wire({ id: "ok2", state_type: "report" }),
        wire({ id: undefined, quote_id: undefined }),
      ],
      logger
    );
    expect(kept.map((n) => [n.id, n.notificationType])).to.deep.equal([
      ["ok1", NotificationType.SUCCESS],
      ["late", NotificationType.SUCCESS],
      ["ok2", NotificationType.PARTIAL_FILL],
    ]);
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0]).to.match(/^notifications: dropped 2 of 6 notifications that cannot be one: not a JSON object but 17; it has no id/);
    expect(logger.warnings[0]).to.match(/left out 1 field\(s\): modify_time must be unix seconds, got "soon" \(id "late"/);
  });

  it("lists three reasons at most, and counts the rest", () => {
    const logger = recordingLogger();
    expect(
      parseNotificationResponses(
        Array.from({ length: 50_000 }, () => ({})),
        logger
      )
    ).to.deep.equal([]);
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0])
      .to.match(/dropped 50000 of 50000 notifications/)
      .and.contain("; and 49997 more");
    expect(logger.warnings[0].length).to.be.below(400);
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
