// The backfill on its own, against a real HTTP server on a loopback port: where it starts, how it
// pages, when it retries and gives up, and that a stopped or replaced session's results stay out.
import { expect } from "chai";
import type { ServerResponse } from "http";
import { updateTimestamp } from "../../../src/notifications";
import { BACKFILL_ATTEMPTS, BACKFILL_OVERLAP_SECONDS, backfillSince, buildBackfillHandler } from "../../../src/notifications/live/backfill";
import type { NotificationDetails } from "../../../src/notifications";
import { manualTimers } from "../../support/manual-timers";
import { sendJson, startServer, type RecordedRequest, type TestServer } from "../../support/loopback";
import { sleep, until } from "../../support/wait";
import { wire } from "../helpers/fixtures";
import { VISIBLE, liveContext, testSession } from "../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const stored = Array.from({ length: 5 }, (_, i) => wire({ ...VISIBLE, id: `s${i}`, quote_id: 100 + i, modify_time: 1_700_000_100 + i }));

/** `POST /position-state/{start}/{size}` over `stored`. */
function page(req: RecordedRequest, res: ServerResponse): void {
  const [, start, size] = /\/position-state\/(\d+)\/(\d+)$/.exec(req.url)!.map(Number);
  sendJson(res, { position_state: stored.slice(start, start + size) });
}

describe("live backfill", () => {
  let server: TestServer;
  let respond: (req: RecordedRequest, res: ServerResponse) => void;
  beforeEach(async () => {
    respond = page;
    server = await startServer((req, res) => respond(req, res));
  });
  afterEach(() => server.close());

  function setup(options: Parameters<typeof liveContext>[0] = {}, payload: object = { baseUrl: `${server.baseUrl}/api`, appName: "backfill-test" }) {
    const live = liveContext({ backfillPageSize: 2, ...options });
    const batches: NotificationDetails[][] = [];
    const backfill = buildBackfillHandler(live.ctx, (batch) => void batches.push(batch));
    const session = testSession(live.ctx, { account: ACCOUNT, ...payload });
    const ingested = () => batches.flat().map((n) => n.id);
    return { ...live, backfill, session, batches, ingested };
  }

  it("starts from the newest modifyTime seen, minus the overlap, or from the session's start", () => {
    expect(backfillSince("1700000500", 1_600_000_000)).to.equal(1_700_000_500 - BACKFILL_OVERLAP_SECONDS);
    expect(backfillSince("", 1_600_000_000)).to.equal(1_600_000_000 - BACKFILL_OVERLAP_SECONDS);
    expect(backfillSince("", 10)).to.equal(0);
  });

  it("reads pages until a short one, ingesting each as it arrives, with the wire format's request", async () => {
    const t = setup();
    t.store.dispatch(updateTimestamp("1700000200"));
    t.backfill.start(t.session);
    await until("the last page", () => t.batches.length === 3);
    expect(server.requests.map((r) => r.url)).to.deep.equal(["/api/position-state/0/2", "/api/position-state/2/2", "/api/position-state/4/2"]);
    expect(JSON.parse(server.requests[0].body)).to.deep.equal({ address: ACCOUNT, modify_time_gte: 1_700_000_200 - BACKFILL_OVERLAP_SECONDS });
    expect(server.requests[0].headers["app-name"]).to.equal("backfill-test");
    expect(t.ingested()).to.deep.equal(["s0", "s1", "s2", "s3", "s4"]);
  });

  it("never starts before the visit's own start (the connect payload's since): an earlier visit's last minute stays seen", async () => {
    const t = setup({}, { baseUrl: `${server.baseUrl}/api`, appName: "backfill-test", since: 1_700_000_201 });
    t.store.dispatch(updateTimestamp("1700000200"));
    t.backfill.start(t.session);
    await until("the last page", () => t.batches.length === 3);
    expect(JSON.parse(server.requests[0].body).modify_time_gte).to.equal(1_700_000_201);
  });

  it("stops at backfillMaxPages with a warning", async () => {
    const t = setup({ backfillMaxPages: 1 });
    t.backfill.start(t.session);
    await until("one page", () => t.batches.length === 1);
    await until("the warning", () => t.logger.warnings.some((w) => w.includes("backfill stopped at 1 pages of 2")));
    expect(server.requests).to.have.length(1);
  });

  it("without baseUrl or appName fetches nothing and warns once per session", async () => {
    const t = setup({}, { baseUrl: undefined, appName: undefined });
    t.backfill.start(t.session);
    t.backfill.start(t.session);
    await sleep(50);
    expect(server.requests).to.have.length(0);
    expect(t.logger.warnings.filter((w) => w.includes("no baseUrl/appName"))).to.have.length(1);
  });

  it("does nothing when the backfill option is off", async () => {
    const t = setup({ backfill: false });
    t.backfill.start(t.session);
    await sleep(50);
    expect(server.requests).to.have.length(0);
  });

  it("retries a failed backfill with backoff", async () => {
    let failures = 0;
    respond = (req, res) => (failures++ < 2 ? sendJson(res, { error: "busy" }, 503) : page(req, res));
    const t = setup({ backfillPageSize: 10 });
    t.backfill.start(t.session);
    await until("the page after two failures", () => t.batches.length === 1);
    expect(server.requests).to.have.length(3);
    expect(t.ingested()).to.have.length(5);
    expect(t.logger.warnings).to.deep.equal([]);
  });

  it(`gives up after ${BACKFILL_ATTEMPTS} attempts and says so`, async () => {
    respond = (_req, res) => sendJson(res, { error: "busy" }, 503);
    const t = setup();
    t.backfill.start(t.session);
    await until("the warning", () => t.logger.warnings.some((w) => w.includes(`backfill failed ${BACKFILL_ATTEMPTS} times`)));
    await sleep(100);
    expect(server.requests).to.have.length(BACKFILL_ATTEMPTS);
    expect(t.batches).to.have.length(0);
  });

  it("stop aborts the request in flight and nothing reaches the store", async () => {
    const held: ServerResponse[] = [];
    respond = (_req, res) => void held.push(res);
    const t = setup();
    t.backfill.start(t.session);
    await until("the request", () => held.length === 1);
    t.backfill.stop(t.session);
    await server.requests[0].aborted;
    page(server.requests[0], held[0]);
    await sleep(50);
    expect(t.batches).to.have.length(0);
  });

  it("stop also cancels a retry that is waiting", async () => {
    respond = (_req, res) => sendJson(res, { error: "busy" }, 503);
    const { timers, pending, fireAll } = manualTimers();
    const t = setup({ timers });
    t.backfill.start(t.session);
    await until("the retry to be scheduled", () => [...pending.values()].some((p) => p.ms !== t.ctx.options.fetchTimeoutMs));
    t.backfill.stop(t.session);
    fireAll();
    await sleep(50);
    expect(server.requests, "no second attempt").to.have.length(1);
  });

  it("drops a page that arrives after its session was replaced", async () => {
    const held: ServerResponse[] = [];
    respond = (_req, res) => void held.push(res);
    const t = setup();
    t.backfill.start(t.session);
    await until("the request", () => held.length === 1);
    testSession(t.ctx, { account: "0x0000000000000000000000000000000000000b0b" });
    page(server.requests[0], held[0]);
    await sleep(50);
    expect(t.batches).to.have.length(0);
    expect(t.logger.warnings).to.deep.equal([]);
  });
});
