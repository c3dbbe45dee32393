// The Node snippet of docs/live-notifications.md ("In Node", the ```js run block), as printed, in the
// consumer project that installed the packed tarball: `node live.mjs` imports the package by its
// name and `ws`, connects to the mock hedger (this repository's, on a free loopback port) through
// the URLs the snippet reads from its environment, receives a notification live, marks it as read
// and exits by itself.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { startMockHedger, type MockHedger, type MockNotification } from "../../src/mock-hedger";
import { codeBlocks, readDoc } from "../docs/markdown";
import { INSTALL_TIMEOUT_MS } from "../hardhat/helpers/hosts";
import { childEnv, runProcess, type ExitedRun } from "../support/processes";
import { until, HANG_GUARD_MS } from "../support/wait";
import { consumer } from "./consumer";

const DOC = "docs/live-notifications.md";
const ACCOUNT = "0x00000000000000000000000000000000000a11ce";
const LIMIT_MS = HANG_GUARD_MS;

describe(`${DOC}: the Node snippet runs as printed`, function () {
  let snippet: string;
  let dir: string;
  let hedger: MockHedger;
  let run: ExitedRun;
  let emitted: MockNotification;
  let restRequestsAtEmit: number;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    const blocks = codeBlocks(readDoc(DOC)).filter((block) => block.info === "js run");
    expect(blocks, `${DOC} needs exactly one \`\`\`js run block`).to.have.length(1);
    snippet = blocks[0].code;
    const project = await consumer();
    dir = path.join(project.dir, "docs-snippets");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "live.mjs"), `${snippet}\n`);

    hedger = await startMockHedger();
    const env = childEnv({ HEDGER_SOCKET_URL: hedger.socketUrl, HEDGER_BASE_URL: hedger.baseUrl, ACCOUNT });
    const running = runProcess(process.execPath, ["live.mjs"], { cwd: dir, env, limitMs: LIMIT_MS, onLimit: "kill" });
    const exitedEarly = running.then((ran) => {
      throw new Error(`node live.mjs exited before it subscribed and backfilled (code ${ran.code}):\n${ran.output}`);
    });
    // Subscribed, and its backfill answered (empty): what is emitted now can only arrive over the socket.
    await Promise.race([
      until("the snippet's subscription and backfill", () => hedger.subscribers(ACCOUNT) === 1 && hedger.requests.length > 0, LIMIT_MS),
      exitedEarly,
    ]);
    restRequestsAtEmit = hedger.requests.length;
    emitted = hedger.emit(ACCOUNT, { state_type: "alert", action_status: "success", last_seen_action: "SendQuote" });
    run = await running;
  });

  after(async () => {
    await hedger?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is a Node script: the package by its name, ws as the WebSocket, markAsRead(n), no window", () => {
    expect(snippet).to.match(/^import WebSocket from "ws";$/m);
    expect(snippet).to.match(/^} from "multiaccount-kit\/notifications";$/m);
    expect(snippet).to.include("createNotificationsMiddleware({ WebSocket })");
    expect(snippet).to.include("store.dispatch(markAsRead(n));");
    expect(snippet).to.not.match(/\bwindow\b|\.\.\/|src\//);
  });

  it("exits 0 by itself, having received the notification live and marked it as read", () => {
    const output = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
    expect(run.signal, `killed after ${LIMIT_MS} ms: something kept the process alive\n${output}`).to.equal(null);
    expect(run.code, output).to.equal(0);
    expect(run.stderr, output).to.equal("");
    expect(run.stdout.trim().split("\n"), output).to.deep.equal([
      `waiting for a notification to ${ACCOUNT}`,
      `received ${emitted.id}: Success`,
      `read: ${emitted.id}; unread: 0`,
    ]);
  });

  it("what the mock hedger saw: one subscription to the account, the backfill before the emit, and no socket left", async () => {
    expect(hedger.subscriptionLog).to.deep.equal([[ACCOUNT]]);
    expect(hedger.requests.length, "no REST request came after the emit").to.equal(restRequestsAtEmit);
    expect(hedger.requests[0].appName).to.equal("my-node-app");
    expect(hedger.requests[0].body.address).to.equal(ACCOUNT);
    await until("the snippet's socket closed", () => hedger.subscribers() === 0);
  });
});
