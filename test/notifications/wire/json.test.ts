// parseWireJson: an amount sent as a JSON number keeps the digits it was sent with, nothing inside a
// string is taken for a field, and absurd values are stored as plain data or left out with one
// warning, never thrown, never taking the rest of the frame with them.
import { expect } from "chai";
import { parseMessage } from "../../../src/notifications/live/intake";
import { parseWireJson } from "../../../src/notifications/wire/json";
import { getNotifications } from "../../../src/notifications";
import { sendJson, startServer } from "../../support/loopback";
import { newStore, recordingLogger, wire } from "../helpers/fixtures";

const MIB = 1024 * 1024;
/** A message's notifications, as the socket intake parses it. */
const parse = (value: unknown, logger = recordingLogger()) => ({
  items: parseMessage(typeof value === "string" ? value : JSON.stringify(value), 4 * MIB, logger),
  logger,
});
/** One frame's text with `filled_amount_open` written as `literal`. */
const withAmount = (literal: string) =>
  JSON.stringify(wire({ id: "a", filled_amount_open: "X" })).replace('"filled_amount_open":"X"', `"filled_amount_open":${literal}`);

describe("parseWireJson", () => {
  const kept: Array<[string, string]> = [
    ["12.50", "12.50"],
    ["0.000000000000000001", "0.000000000000000001"],
    ["123456789012345678901234567890.123456789", "123456789012345678901234567890.123456789"],
    ["-7", "-7"],
    ["1.5e3", "1500"],
    ["25E-4", "0.0025"],
  ];
  for (const [literal, stored] of kept) {
    it(`an amount written ${literal} is stored as "${stored}"`, () => {
      const { items, logger } = parse(withAmount(literal));
      expect(items[0].filledAmountOpen).to.equal(stored);
      expect(logger.warnings).to.deep.equal([]);
    });
  }

  for (const zero of ["0", "-0", "0.0", "0e5"]) {
    it(`an amount written ${zero} is the hedgers' "no value": null`, () => {
      expect(parse(withAmount(zero)).items[0].filledAmountOpen).to.equal(null);
    });
  }

  it("an amount of 1e400 is left out with one warning; the notification is kept", () => {
    const { items, logger } = parse(withAmount("1e400"));
    expect(items).to.have.length(1);
    expect(items[0].filledAmountOpen).to.equal(null);
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0]).to.match(/filled_amount_open must be a decimal amount, got 1e400/);
  });

  it("leaves text inside strings alone, escaped quotes and all", () => {
    const message = 'say \\"filled_amount_open\\":12.5 and \\"avg_price_open\\": 3';
    const text = JSON.stringify({ ...wire({ id: "s" }), failure_message: "placeholder" }).replace('"placeholder"', `"${message}"`);
    const parsed = parseWireJson(text.replace('"filled_amount_open":null', '"filled_amount_open":7.10')) as Record<string, unknown>;
    expect(parsed.failure_message).to.equal(JSON.parse(`"${message}"`));
    expect(parsed.filled_amount_open).to.not.equal(7.1);
  });

  it("parses a frame with no numeric amount exactly as JSON.parse does", () => {
    const text = JSON.stringify([wire({ id: "x", filled_amount_open: "5", filled_amount_close: 0 }), wire({ id: "y" })]);
    expect(parseWireJson(text)).to.deep.equal(JSON.parse(text));
  });
});

describe("absurd frames", () => {
  it("a 1 MB string field is stored as that plain string", () => {
    const { items, logger } = parse(wire({ id: "big", failure_message: "x".repeat(MIB) }));
    expect(items[0].failureMessage).to.have.length(MIB);
    expect(logger.warnings).to.deep.equal([]);
  });

  it("nested objects where scalars go are left out with one warning for the frame; the rest of the batch stays", () => {
    const { items, logger } = parse([
      wire({ id: "n1", counterparty_address: { nested: { deep: [1, 2] } }, error_code: [5], version: { v: 1 }, state_type: ["report"] }),
      wire({ id: "n2" }),
    ]);
    expect(items.map((n) => n.id)).to.deep.equal(["n1", "n2"]);
    expect(items[0]).to.include({ counterpartyAddress: null, errorCode: null, stateType: null });
    expect(items[0]).to.not.have.property("version");
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0]).to.match(/left out 4 field\(s\)/);
  });

  it('"NaN", "Infinity" and -0 in numeric fields are left out or read as the numbers they are', () => {
    const { items } = parse(wire({ id: "nan", version: "NaN", error_code: "Infinity", temp_quote_id: -0, quote_id: -0 }));
    expect(items[0]).to.not.have.property("version");
    expect(items[0]).to.include({ errorCode: null, quoteId: "0", tempQuoteId: 0 });
  });

  it("a time of 1e400 is no usable time: the frame is dropped with one warning naming it", () => {
    const text = JSON.stringify(wire({ id: "t", create_time: 1 }))
      .replace('"modify_time":1700000100', '"modify_time":1e400')
      .replace('"create_time":1', '"create_time":null');
    const { items, logger } = parse(text);
    expect(items).to.deep.equal([]);
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0]).to.match(
      /^notifications: dropped a notification that cannot be one: it has no usable modify_time or create_time \(unix seconds\) \(id "t"/
    );
  });
});

describe("the clock a frame cannot poison", () => {
  it("a frame whose modify_time is in milliseconds moves lastUpdateTimestamp to its second, not to 1.7 trillion", async () => {
    const server = await startServer((_req, res) =>
      sendJson(res, { position_state: [wire({ id: "ms", create_time: Date.now() - 5_000, modify_time: Date.now() })] })
    );
    try {
      const store = newStore({ logger: recordingLogger() });
      await store.dispatch(getNotifications({ baseUrl: server.baseUrl, account: "0xabc", timestamp: "", appName: "t" }));
      const stamp = Number(store.getState().notifications.lastUpdateTimestamp);
      expect(stamp).to.be.within(Math.floor(Date.now() / 1000) - 60, Math.floor(Date.now() / 1000) + 1);
    } finally {
      await server.close();
    }
  });
});
