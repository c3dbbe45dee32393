// The loopback verifier: a test explorer whose answers are Sourcify's matching engine's (engine.cjs),
// never canned ones, behind three faces on one port:
//
// - Etherscan API V2 at /v2/api (a `chainid` in the query, an `apikey`): verifysourcecode,
//   checkverifystatus, verifyproxycontract, checkproxyverification, getsourcecode, and logs/getLogs
//   (the upgrades plugin finds a proxy's creation that way), answered from the chain's node.
// - Blockscout's Etherscan-compatible API at /blockscout/<chainId>/api: the same actions, no key.
// - Sourcify's v2 API: GET /v2/contract/<chainId>/<address>, POST /v2/verify/<chainId>/<address>,
//   GET /v2/verify/<verificationId>; and its older API under /sourcify-legacy (hardhat-verify 2's):
//   GET /sourcify-legacy/check-all-by-addresses, POST /sourcify-legacy.
//
// Started by test/hardhat/helpers/verifier.ts on Node.js 22 with an IPC channel: it sends
// `{ type: "listening", port }`, then a `{ type: "request" }` for every request and a
// `{ type: "verdict" }` for every verification. The parent sends `{ type: "chain", chainId, url }`
// to add a chain, `{ type: "disturb", status: 429 | "pending", times, action? }` for the next `times`
// requests (only those for that Etherscan-style `action`, when given) to be answered 429 (Too Many
// Requests) or "pending" (a status check only), `{ type:
// "forget", face }` for a face to hold nothing verified any more (an explorer of a fresh chain), and
// `{ type: "ping", id }`, answered `{ type: "pong", id }` after every message sent before it.
"use strict";

const http = require("http");
const { setLibSourcifyLoggerLevel } = require("@ethereum-sourcify/lib-sourcify");
const { chains, contracts, tell } = require("./state.cjs");
const { etherscanFace } = require("./etherscan-face.cjs");
const { sourcifyFace, legacySourcifyFace } = require("./sourcify-face.cjs");

setLibSourcifyLoggerLevel(0);

/** The disturbances asked for, in order: `{ status, times, action }`. */
const disturbances = [];

/** A request's answer: `{ status, body }`, or undefined (404). */
async function route(method, url, body) {
  if (url.pathname === "/v2/api") return etherscanFace("etherscan", url, body);
  const blockscout = /^\/blockscout\/(\d+)\/api$/.exec(url.pathname);
  if (blockscout) return etherscanFace("blockscout", url, body, blockscout[1]);
  if (url.pathname.startsWith("/v2/")) return sourcifyFace(method, url, body);
  if (url.pathname === "/sourcify-legacy" || url.pathname.startsWith("/sourcify-legacy/")) return legacySourcifyFace(method, url, body, "/sourcify-legacy");
  return undefined;
}

/** The first disturbance asked for that applies to this request, used up one request at a time (only by requests for its `action`, when it names one). */
function disturbed(url, action) {
  const statusCheck = /checkverifystatus|checkproxyverification|^\/v2\/verify\/[^/]+$/.test(url.search + url.pathname);
  const disturbance = disturbances.find(
    (one) => one.times > 0 && (one.action === undefined || one.action === action) && (one.status !== "pending" || statusCheck)
  );
  if (disturbance === undefined) return undefined;
  disturbance.times--;
  return disturbance.status;
}

async function handle(req, body, res) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const form = req.method === "POST" && !String(req.headers["content-type"]).includes("json") ? Object.fromEntries(new URLSearchParams(body)) : {};
  // A JSON body's plain string fields (Sourcify's `address`, `chain`), for the record.
  const json = req.method === "POST" && String(req.headers["content-type"]).includes("json") ? jsonFields(body) : {};
  const params = { ...Object.fromEntries(url.searchParams), ...form, ...json };
  const disturb = disturbed(url, params.action);
  let answer;
  if (disturb === 429)
    answer = { status: 429, body: { status: "0", message: "NOTOK", result: "Max rate limit reached, please use API Key for higher rate limit" } };
  else answer = await route(req.method, url, body).catch((error) => ({ status: 500, body: { error: error.message } }));
  if (disturb === "pending" && answer !== undefined) answer = pendingAnswer(url, answer);
  const status = answer?.status ?? 404;
  tell({
    type: "request",
    method: req.method,
    path: url.pathname,
    module: params.module ?? "",
    action: params.action ?? "",
    chainid: params.chainid,
    // The parameters as sent, but a source's text (its length stands for it).
    params: { ...params, ...(params.sourceCode === undefined ? {} : { sourceCode: `(${params.sourceCode.length} characters)` }) },
    status,
    answer: answer?.body,
  });
  // A connection per request: solc compiles on this thread and blocks it for seconds, after which an
  // idle kept-alive socket would be closed just as a client reuses it (ECONNRESET).
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify(answer?.body ?? { error: "not found" }));
}

function jsonFields(body) {
  try {
    return Object.fromEntries(Object.entries(JSON.parse(body)).filter(([, value]) => typeof value === "string"));
  } catch {
    return {};
  }
}

/** A status check answered as still pending, on either face. */
function pendingAnswer(url, answer) {
  if (url.pathname.startsWith("/v2/verify/")) return { status: 200, body: { ...answer.body, isJobCompleted: false, error: undefined } };
  return { status: 200, body: { status: "0", message: "NOTOK", result: "Pending in queue" } };
}

process.on("message", (message) => {
  if (message.type === "chain") chains.set(String(message.chainId), message.url);
  if (message.type === "disturb") disturbances.push({ status: message.status, times: message.times, action: message.action });
  if (message.type === "forget") for (const key of [...contracts.keys()]) if (key.startsWith(`${message.face}:`)) contracts.delete(key);
  if (message.type === "ping") tell({ type: "pong", id: message.id });
});

const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => handle(req, body, res).catch((error) => res.destroy(error)));
});
server.listen(0, "127.0.0.1", () => tell({ type: "listening", port: server.address().port }));
// The parent gone (the test process ended or was killed): stop too.
process.on("disconnect", () => process.exit(0));
