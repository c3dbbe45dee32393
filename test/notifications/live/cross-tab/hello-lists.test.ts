// A tab that joins holding lists (back from a freeze, or from the back-forward cache) says hello
// with them, and its peers merge them as they merge an answer: a leader elected while it was away
// then knows what it holds, and announces none of it again when its own backfill brings it
// (docs/live-notifications.md#a-frozen-tab; the model-based test's sequence in model.test.ts).
import { expect } from "chai";
import { connectNotifications, ingestNotifications } from "../../../../src/notifications";
import { CROSS_TAB_PROTOCOL_VERSION as v, readMessage } from "../../../../src/notifications/live/cross-tab/protocol";
import { startMockHedger } from "../../../../src/mock-hedger";
import { FakePage, fakeOrigin } from "../../../support/cross-tab-fakes";
import { until } from "../../../support/wait";
import { note } from "../../helpers/fixtures";
import { tabStore } from "../../helpers/live";

const ACCOUNT = "0x00000000000000000000000000000000000d0d03";
const from = "tab-a";
const item = note({ id: "1" });

describe("live: a hello with the joining tab's lists", () => {
  it("is read with both lists, each notification checked", () => {
    expect(readMessage({ v, from, kind: "hello", unread: [item], read: [] })).to.deep.equal({ v, from, kind: "hello", unread: [item], read: [] });
  });
  it("is ignored with one list only", () => {
    expect(readMessage({ v, from, kind: "hello", unread: [item] })).to.equal(undefined);
  });
  it("is ignored with a notification of a bad shape", () => {
    expect(readMessage({ v, from, kind: "hello", unread: [{ ...item, id: 1 }], read: [] })).to.equal(undefined);
  });
  it("is ignored with a list that is not an array", () => {
    expect(readMessage({ v, from, kind: "hello", unread: [], read: "all" })).to.equal(undefined);
  });

  it("a tab with nothing says a bare hello; back from a freeze, its hello carries its lists, which a peer merges", async () => {
    const origin = fakeOrigin();
    const hedger = await startMockHedger({ port: 0 });
    const page = new FakePage();
    const a = tabStore(origin, { page });
    const b = tabStore(origin);
    try {
      const payload = { socketUrl: hedger.socketUrl, account: ACCOUNT, whitelisted: true, baseUrl: hedger.baseUrl };
      a.dispatch(connectNotifications(payload));
      await until("a leads", () => a.open() === 1);
      const hellos = () => origin.channels.posted.filter((m) => (m as { kind?: string }).kind === "hello") as Array<Record<string, unknown>>;
      expect(hellos()[0], "a bare hello").to.not.have.property("unread");
      page.document.dispatchEvent(new Event("freeze"));
      // Held only by a: it learned it while no peer listened.
      a.dispatch(ingestNotifications([note({ id: "kept", quoteId: "7" })]));
      b.dispatch(connectNotifications(payload));
      await until("b leads", () => b.open() === 1);
      page.document.dispatchEvent(new Event("resume"));
      await until("b holds what a held", () => b.state().unreadNotifications.some((n) => n.id === "kept"));
      expect((hellos().at(-1)!.unread as Array<{ id: string }>).map((n) => n.id)).to.deep.equal(["kept"]);
      expect(b.open(), "b still leads").to.equal(1);
    } finally {
      for (const t of [a, b]) t.dispatch({ type: "notifications/disconnect" });
      await hedger.close();
    }
  });
});
