// getAllNotifications paging against a real HTTP server on a loopback port.
import { expect } from "chai";
import { ApiState, NotificationsInputError, addUnreadNotification, getAllNotifications } from "../../../src/notifications";
import { sendJson, startServer, type TestServer } from "../../support/loopback";
import { ids, newStore, note, recordingLogger, wire } from "../helpers/fixtures";

const params = (baseUrl: string, more: Record<string, unknown> = {}) => ({
  baseUrl,
  account: "0xA1",
  timestamp: 0,
  appName: "test-app",
  ...more,
});

/** A hedger holding `total` notifications, served by offset like the real endpoint. */
async function pagedServer(total: number, failAtStart?: number): Promise<TestServer> {
  const all = Array.from({ length: total }, (_, i) => wire({ id: `n${i}`, quote_id: i, modify_time: 1700000000 + total - i }));
  return startServer((req, res) => {
    const [, , start, size] = req.url.split("/").map(Number);
    if (start === failAtStart) return sendJson(res, { error: "down" }, 500);
    sendJson(res, { position_state: all.slice(start, start + size) });
  });
}

const paths = (server: TestServer) => server.requests.map((r) => r.url);

describe("getAllNotifications", () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it("reads pages until a short one and merges them all in one update", async () => {
    server = await pagedServer(25);
    const store = newStore({ logger: recordingLogger() });
    let updates = 0;
    store.subscribe(() => updates++);
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl)));
    expect(paths(server)).to.deep.equal(["/position-state/0/10", "/position-state/10/10", "/position-state/20/10"]);
    expect(result.unreadNotifications).to.have.length(25);
    expect(ids(result.unreadNotifications).slice(0, 3)).to.deep.equal(["n0", "n1", "n2"]);
    expect(store.getState().notifications.unreadNotifications).to.have.length(25);
    expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.OK);
    expect(updates, "LOADING, the merge, OK").to.equal(3);
  });

  it("after a full last page, asks once more and stops at the empty page", async () => {
    server = await pagedServer(20);
    const store = newStore({ logger: recordingLogger() });
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl)));
    expect(paths(server)).to.deep.equal(["/position-state/0/10", "/position-state/10/10", "/position-state/20/10"]);
    expect(result.unreadNotifications).to.have.length(20);
  });

  it("starts at the start offset and steps by size", async () => {
    server = await pagedServer(30);
    const store = newStore({ logger: recordingLogger() });
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl, { start: 5, size: 20 })));
    expect(paths(server)).to.deep.equal(["/position-state/5/20", "/position-state/25/20"]);
    expect(result.unreadNotifications).to.have.length(25);
  });

  it("stops at maxPages and logs a warning saying more may exist", async () => {
    server = await pagedServer(100);
    const logger = recordingLogger();
    const store = newStore({ logger });
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl, { maxPages: 2 })));
    expect(paths(server)).to.deep.equal(["/position-state/0/10", "/position-state/10/10"]);
    expect(result.unreadNotifications).to.have.length(20);
    expect(logger.warnings).to.have.length(1);
    expect(logger.warnings[0])
      .to.match(/maxPages \(2\)/)
      .and.match(/more may exist/);
  });

  it("does not warn when the last allowed page is short", async () => {
    server = await pagedServer(15);
    const logger = recordingLogger();
    const store = newStore({ logger });
    await store.dispatch(getAllNotifications(params(server.baseUrl, { maxPages: 2 })));
    expect(logger.warnings).to.deep.equal([]);
  });

  it("defaults maxPages to 100", async () => {
    server = await pagedServer(2000);
    const logger = recordingLogger();
    const store = newStore({ logger });
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl, { size: 10 })));
    expect(server.requests).to.have.length(100);
    expect(result.unreadNotifications).to.have.length(1000);
    expect(logger.warnings[0]).to.match(/maxPages \(100\)/);
  });

  it("counts malformed items when deciding whether a page was the last", async () => {
    server = await startServer((req, res) => {
      const start = Number(req.url.split("/")[2]);
      const page = start === 0 ? [wire({ id: "a" }), { broken: true }] : [];
      sendJson(res, { position_state: page });
    });
    const store = newStore({ logger: recordingLogger() });
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl, { size: 2 })));
    expect(paths(server)).to.deep.equal(["/position-state/0/2", "/position-state/2/2"]);
    expect(ids(result.unreadNotifications)).to.deep.equal(["a"]);
  });

  it("a failing page resolves empty, logs, sets ERROR and changes no list", async () => {
    server = await pagedServer(40, 20);
    const logger = recordingLogger();
    const store = newStore({ logger });
    store.dispatch(addUnreadNotification(note({ id: "kept" })));
    const before = store.getState().notifications;
    const result = await store.dispatch(getAllNotifications(params(server.baseUrl)));
    expect(result).to.deep.equal({ unreadNotifications: [] });
    expect(store.getState().notifications.unreadNotifications).to.equal(before.unreadNotifications);
    expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.ERROR);
    expect(logger.errors[0]).to.match(/HTTP 500/);
  });

  it("rejects an invalid maxPages or an empty baseUrl", async () => {
    const store = newStore({ logger: recordingLogger() });
    for (const bad of [params("http://127.0.0.1:1", { maxPages: 0 }), params("")]) {
      const err = await store.dispatch(getAllNotifications(bad)).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(NotificationsInputError);
      expect(store.getState().notifications.notificationsStatus).to.equal(ApiState.ERROR);
    }
  });
});
