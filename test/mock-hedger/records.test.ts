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
