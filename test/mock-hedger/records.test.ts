// The mock hedger's defaults (docs/mock-hedger.md#defaults): what it fills in never changes how a
// client classifies a notification (its type, whether it shows in the modal, its title), so what a
// client shows is what the sender's own fields say.
import { expect } from "chai";
import fc from "fast-check";
import WebSocket from "ws";
import { startMockHedger, type MockHedger } from "../../src/mock-hedger";
import { NotificationRecords } from "../../src/mock-hedger/records";
import {
  ActionStatus,
  LastSeenAction,
  NotificationType,
  StateType,
  parseNotificationResponses,
  toNotification,
  type NotificationDetails,
  type NotificationResponse,
} from "../../src/notifications";
import { until } from "../support/wait";

const CLASSIFYING_FIELDS = ["state_type", "last_seen_action", "action_status"] as const;
const ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const silent = { warn: () => undefined, error: () => undefined };

/** What a client derives from the classifying fields: the type, the modal flag, and the title's action. */
function classification(n: NotificationDetails | null) {
  if (n === null) throw new Error("the record did not parse");
  return { notificationType: n.notificationType, showInModal: n.showInModal, lastSeenAction: n.lastSeenAction };
}

/** How the sender's fields alone classify: a record holding only them, an id and two times. */
function asSent(fields: Partial<NotificationResponse>) {
  return classification(toNotification({ id: "sent", create_time: 0, modify_time: 0, ...fields }, silent));
}

const text = (values: string[]) => fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 12 }), fc.constant(null));
const classifyingFields = fc.record(
  {
    state_type: text(Object.values(StateType)),
    last_seen_action: text([...Object.values(LastSeenAction), "FailedToPutOnBinance"]),
    action_status: text(Object.values(ActionStatus)),
  },
  { requiredKeys: [] }
);
const otherFields = fc.record(
  {
    quote_id: fc.oneof(fc.nat(), fc.constant(null)),
    counterparty_address: fc.constantFrom("0x0000000000000000000000000000000000000b0b", null),
    filled_amount_open: fc.oneof(fc.constantFrom("0", "1.5"), fc.constant(null)),
    failure_type: text(["Solvency Problem", "condition_missmatch"]),
    failure_message: fc.oneof(fc.string({ maxLength: 12 }), fc.constant(null)),
    error_code: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.constant(null)),
    version: fc.nat({ max: 5 }),
    order_type: fc.constantFrom(0, 1),
  },
  { requiredKeys: [] }
);

describe("mock hedger: the fields it fills in", () => {
  it("a notification that gives any classifying field is classified as its sender's fields alone", () => {
    fc.assert(
      fc.property(classifyingFields, otherFields, fc.nat({ max: 30 }), (classifying, other, earlier) => {
        fc.pre(Object.keys(classifying).length > 0);
        const records = new NotificationRecords();
        for (let i = 0; i < earlier; i++) records.make(); // every position of the generated cycle
        const fields = { ...other, ...classifying };
        const record = records.make(fields);
        for (const key of CLASSIFYING_FIELDS) if (!(key in classifying)) expect(record[key], `${key} was filled in`).to.equal(null);
        expect(classification(toNotification(record, silent))).to.deep.equal(asSent(fields));
      }),
      { numRuns: 500 }
    );
  });

  it("every other default leaves the classification as it was without it", () => {
    fc.assert(
      fc.property(classifyingFields, (classifying) => {
        fc.pre(Object.keys(classifying).length > 0);
        const record = new NotificationRecords().make(classifying);
        const meant = classification(toNotification(record, silent));
        for (const key of Object.keys(record) as (keyof NotificationResponse)[]) {
          if (key === "id" || key === "create_time" || key === "modify_time" || key in classifying) continue;
          const without: Partial<NotificationResponse> = { ...record };
          delete without[key];
          expect(classification(toNotification(without, silent)), `the default ${key}`).to.deep.equal(meant);
        }
      }),
      { numRuns: 200 }
    );
  });

  it("a notification that gives none of them is generated whole, and always visible", () => {
    const records = new NotificationRecords();
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const n = toNotification(records.make({ failure_message: "made up" }), silent);
      expect(n?.stateType).to.equal(StateType.ALERT);
      expect(n?.lastSeenAction).to.be.a("string");
      expect(n?.notificationType).to.not.equal(NotificationType.OTHER);
      seen.add(n!.notificationType);
    }
    // Documented: the generated ones go through successes, seen-by-hedger, errors and liquidation alerts.
    expect([...seen].sort()).to.deep.equal(
      [NotificationType.HEDGER_ERROR, NotificationType.LIQUIDATION_ALERT, NotificationType.SEEN_BY_HEDGER, NotificationType.SUCCESS].sort()
    );
  });
});

describe("mock hedger: a failed emit without last_seen_action, over HTTP, the socket and REST", () => {
  let hedger: MockHedger;
  let socket: WebSocket | undefined;

  before(async () => {
    hedger = await startMockHedger();
  });
  after(async () => {
    socket?.close();
    await hedger.close();
  });

  it("reaches the client as a hedger error without a made-up action, never as a liquidation alert", async () => {
    const frames: unknown[] = [];
    socket = new WebSocket(hedger.socketUrl);
    socket.on("message", (data: Buffer) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket!.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ address: [ACCOUNT] }));
    await until("the subscription", () => hedger.subscribers(ACCOUNT) === 1);

    // Five in a row: the generated actions come round in fives, LiquidatePosition among them.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${hedger.origin}/__mock/emit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: ACCOUNT, notification: { action_status: "failed", failure_message: `rejected ${i}` } }),
      });
      expect(res.status).to.equal(200);
    }
    await until("five frames", () => frames.length === 5);
    const page = await fetch(`${hedger.baseUrl}/position-state/0/10`, {
      method: "POST",
      headers: { "content-type": "application/json", "App-Name": "tests" },
      body: JSON.stringify({ address: ACCOUNT, modify_time_gte: 0 }),
    });
    const { position_state } = (await page.json()) as { position_state: unknown[] };

    for (const [how, received] of [
      ["socket", frames],
      ["REST", position_state],
    ] as const) {
      const parsed = parseNotificationResponses(received, silent);
      expect(
        parsed.map((n) => n.failureMessage),
        how
      ).to.deep.equal([0, 1, 2, 3, 4].map((i) => `rejected ${i}`));
      for (const n of parsed) {
        expect(classification(n), `${how}: ${n.id}`).to.deep.equal({
          notificationType: NotificationType.HEDGER_ERROR,
          showInModal: true,
          lastSeenAction: null,
        });
      }
    }
  });
});

describe("mock hedger: the shapes of its frames", () => {
  let hedger: MockHedger | undefined;
  afterEach(async () => hedger?.close());

  /** The account's frames as a subscribed socket receives them, raw. */
  async function subscribe(h: MockHedger): Promise<string[]> {
    const frames: string[] = [];
    const socket = new WebSocket(h.socketUrl);
    socket.on("message", (data: Buffer) => frames.push(data.toString()));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ address: [ACCOUNT] }));
    await until("the subscription", () => h.subscribers(ACCOUNT) === 1);
    return frames;
  }

  it("by default, as real hedgers send them: numeric 0 amounts, average prices, an order type and error code 0 on alerts; a string amount on reports", async () => {
    hedger = await startMockHedger();
    const frames = await subscribe(hedger);
    hedger.emit(ACCOUNT, { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" });
    hedger.emit(ACCOUNT, { state_type: "report", action_status: "success", last_seen_action: "FillLimitOrderOpen" });
    await until("two frames", () => frames.length === 2);
    const [alert, report] = frames.map((f) => JSON.parse(f) as Record<string, unknown>);
    expect(alert).to.include({ filled_amount_open: 0, filled_amount_close: 0, avg_price_open: 0, avg_price_close: 0, error_code: 0 });
    expect(alert.order_type).to.be.oneOf([0, 1]);
    expect(report.filled_amount_open)
      .to.be.a("string")
      .and.match(/^\d+\.\d+$/);
    expect(report.filled_amount_close).to.equal(0);
    // And the client keeps both, classified as their senders' fields say.
    const parsed = parseNotificationResponses(
      frames.map((f) => JSON.parse(f)),
      silent
    );
    expect(parsed.map((n) => [n.notificationType, n.filledAmountOpen])).to.deep.equal([
      [NotificationType.SUCCESS, null],
      [NotificationType.PARTIAL_FILL, report.filled_amount_open],
    ]);
  });

  it('with shape "strict": amounts null, and no average price, order type or error code', async () => {
    hedger = await startMockHedger({ shape: "strict" });
    const frames = await subscribe(hedger);
    hedger.emit(ACCOUNT, { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" });
    await until("a frame", () => frames.length === 1);
    const frame = JSON.parse(frames[0]) as Record<string, unknown>;
    expect(frame).to.include({ filled_amount_open: null, filled_amount_close: null, error_code: null });
    expect(frame).to.not.have.any.keys("avg_price_open", "avg_price_close", "order_type");
  });

  it("an instant order: a frame without an id under a negative temp_quote_id, then its confirmation, which takes its place in REST", async () => {
    hedger = await startMockHedger();
    const frames = await subscribe(hedger);
    const order = hedger.emitInstant(ACCOUNT);
    await until("the temporary frame", () => frames.length === 1);
    const temporary = JSON.parse(frames[0]) as Record<string, unknown>;
    expect(temporary).to.not.have.property("id");
    expect(temporary).to.include({ quote_id: null, last_seen_action: "InstantRFQ", action_status: "seen" });
    expect(temporary.temp_quote_id).to.be.a("number").and.below(0);
    const confirmed = order.confirm();
    await until("the confirmation", () => frames.length === 2);
    expect(JSON.parse(frames[1])).to.deep.equal(confirmed);
    expect(confirmed).to.include({ temp_quote_id: temporary.temp_quote_id, quote_id: -(temporary.temp_quote_id as number) });
    expect(confirmed.modify_time).to.be.above(temporary.modify_time as number);
    expect(hedger.history(ACCOUNT)).to.deep.equal([confirmed]);
    // Over HTTP too: POST /__mock/instant answers both frames.
    const res = await fetch(`${hedger.origin}/__mock/instant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account: ACCOUNT }),
    });
    const both = (await res.json()) as { temporary: Record<string, unknown>; confirmed: Record<string, unknown> };
    expect(both.temporary.temp_quote_id).to.equal(both.confirmed.temp_quote_id);
    await until("two more frames", () => frames.length === 4);
  });
});

describe("mock hedger: the times it gives", () => {
  it("single notifications get strictly increasing modify_times; a burst's share one second and never run ahead of the clock", () => {
    const records = new NotificationRecords();
    const before = Math.floor(Date.now() / 1000);
    const singles = [records.make(), records.make(), records.make()].map((n) => n.modify_time);
    expect(singles[1]).to.equal(singles[0] + 1);
    expect(singles[2]).to.equal(singles[1] + 1);
    const burst = [records.make({}, false), ...Array.from({ length: 5000 }, () => records.make({}, true))].map((n) => n.modify_time);
    expect(burst[0]).to.equal(singles[2] + 1);
    expect(new Set(burst).size, "the burst's times").to.equal(1);
    expect(burst[0]).to.be.at.most(Math.max(before + 4, Math.floor(Date.now() / 1000) + 4));
    expect(records.make().modify_time, "the next single after the burst").to.equal(burst[0] + 1);
  });
});
