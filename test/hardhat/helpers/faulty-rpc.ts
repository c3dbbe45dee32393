// A JSON-RPC endpoint on loopback that fails a share of the calls made to it, the ways public and
// free-tier endpoints do, in front of a real node. Deterministic: a seed decides which calls fail and
// how. Every call is logged (arrival time, method, fault, whether the node saw it), so that tests can
// check what crossed the wire: which sends reached the node, when calls came after a 429.
import http from "http";
import type { AddressInfo, Socket } from "net";
import { seededRandom } from "../../support/seeded-random";

/**
 * - `429`: answered "Too Many Requests" with a Retry-After header, not forwarded.
 * - `reset`: the connection is dropped before the call is forwarded.
 * - `lost`: the call is forwarded and takes effect, then the connection is dropped: the answer is lost.
 * - `stall`: nothing for `stallMs`, then the call is forwarded and answered (if the client still waits).
 * - `down`: the connection is dropped, as `reset`; used for an endpoint that stays down.
 * - `nonce too low`: the call is forwarded and takes effect, and answered with the JSON-RPC error
 *   "nonce too low", as a load balancer answers when another of its backends already took the send.
 */
/**
 * `multiAccount.rpc` for runs through this proxy: short waits, so that the faults cost little, yet long
 * enough that a node slowed down by a busy machine is not taken for a lost answer (at 0.6 s, a
 * deploy's `eth_estimateGas` timed out nine times in a row at a load average of 11 on 2 cores): each
 * attempt 1.5 s at most, a call 20 s at most.
 */
export const FAST_RETRIES = { retries: 8, minDelay: 20, maxDelay: 300, timeout: 1500, totalTimeout: 20_000 };
/** A stall outlasts an attempt's time limit (FAST_RETRIES), so that it is a fault and not only a delay. */
export const STALL_MS = 2000;

export type FaultKind = "429" | "reset" | "lost" | "stall" | "down" | "nonce too low";
/** The kinds a random draw picks from, when a plan names none. */
export const DRAWN_KINDS: readonly FaultKind[] = ["429", "reset", "lost", "stall"];

export interface CallInfo {
  /** 0-based index of the call, in arrival order. */
  index: number;
  method: string;
  params: unknown[];
  /** Sends (eth_sendRawTransaction, eth_sendTransaction) forwarded to the node before this call. */
  sendsForwarded: number;
  /** The request's path and query, as the client sent them (`/v3/KEY?apikey=...`): what a provider may echo. */
  path: string;
}

/** A JSON-RPC error object, as a provider answers a call it refuses. */
export interface RpcErrorAnswer {
  code: number;
  message: string;
  data?: unknown;
}

export interface FaultPlan {
  seed?: number;
  /** Share of calls that fail, 0..1, drawn from the seed. */
  rate?: number;
  /** Kinds drawn from, equally likely. Default all four: 429, reset, lost, stall. */
  kinds?: FaultKind[];
  retryAfterSeconds?: number;
  stallMs?: number;
  /** Decides a call by hand: a kind, "pass" to forward it untouched, or undefined for the random draw. */
  rule?: (call: CallInfo) => FaultKind | "pass" | undefined;
  /**
   * Refuses a call the way a provider does (HTTP 200 with a JSON-RPC error), without forwarding it;
   * undefined lets the call through to `rule` and the random draw.
   */
  refuse?: (call: CallInfo) => RpcErrorAnswer | undefined;
  /**
   * A transaction the node holds but the endpoint does not show yet (an index behind its blocks):
   * eth_getTransactionByHash and eth_getTransactionReceipt answer null while this returns true.
   * `lookups` counts the earlier lookups of that hash by either method.
   */
  hide?: (hash: string, lookups: number) => boolean;
  /** Hidden transactions are left out of eth_getBlockByNumber/ByHash answers too (a backend blocks behind). */
  hideInBlocks?: boolean;
}

export interface CallLog extends CallInfo {
  /** Date.now() when the request arrived. */
  at: number;
  fault?: FaultKind;
  /** The JSON-RPC error it was refused with (FaultPlan.refuse). */
  refused?: RpcErrorAnswer;
  /** Date.now() when a 429 was answered. */
  answeredAt?: number;
  /** The node executed it. */
  forwarded: boolean;
  /** Its answer left a transaction out (see FaultPlan.hide). */
  hid?: boolean;
}

export interface FaultyRpc {
  url: string;
  calls: CallLog[];
  setPlan(plan: FaultPlan): void;
  /** Forgets the log and the counters (the plan stays). */
  reset(): void;
  /** The endpoint goes away: connections are refused until up(). */
  down(): Promise<void>;
  /** The endpoint is back, on the same URL. */
  up(): Promise<void>;
  close(): Promise<void>;
}

const LOOKUPS = new Set(["eth_getTransactionByHash", "eth_getTransactionReceipt"]);
const BLOCKS = new Set(["eth_getBlockByNumber", "eth_getBlockByHash"]);

const SENDS = new Set(["eth_sendRawTransaction", "eth_sendTransaction"]);

export async function startFaultyRpc(target: string): Promise<FaultyRpc> {
  let plan: FaultPlan = {};
  let random = seededRandom(0);
  let calls: CallLog[] = [];
  let sendsForwarded = 0;
  let lookups = new Map<string, number>();
  const sockets = new Set<Socket>();

  /** The node's answer, with what plan.hide conceals taken out. */
  const conceal = (call: CallLog, text: string): string => {
    const hide = plan.hide;
    if (hide === undefined || !(LOOKUPS.has(call.method) || (plan.hideInBlocks && BLOCKS.has(call.method)))) return text;
    const answer = JSON.parse(text) as { result?: { transactions?: (string | { hash: string })[] } | null };
    if (LOOKUPS.has(call.method)) {
      const hash = String(call.params[0]).toLowerCase();
      const seen = lookups.get(hash) ?? 0;
      lookups.set(hash, seen + 1);
      if (answer.result === null || answer.result === undefined || !hide(hash, seen)) return text;
      call.hid = true;
      return JSON.stringify({ ...answer, result: null });
    }
    const transactions = answer.result?.transactions;
    if (transactions === undefined) return text;
    const shown = transactions.filter((tx) => {
      const hash = (typeof tx === "string" ? tx : tx.hash).toLowerCase();
      return !hide(hash, lookups.get(hash) ?? 0);
    });
    if (shown.length === transactions.length) return text;
    call.hid = true;
    return JSON.stringify({ ...answer, result: { ...answer.result, transactions: shown } });
  };

  const forward = async (body: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    return { status: response.status, text: await response.text() };
  };

  const draw = (call: CallInfo): FaultKind | undefined => {
    const byHand = plan.rule?.(call);
    if (byHand === "pass") return undefined;
    if (byHand !== undefined) return byHand;
    // Two draws per call whatever happens, so that a seed gives the same faults at the same indexes.
    const roll = random();
    const pick = random();
    if (plan.rate === undefined || roll >= plan.rate) return undefined;
    const kinds = plan.kinds ?? DRAWN_KINDS;
    return kinds[Math.floor(pick * kinds.length)];
  };

  async function relay(request: http.IncomingMessage, response: http.ServerResponse, body: string, at: number): Promise<void> {
    let parsed: { method?: string; params?: unknown[] } | unknown[];
    try {
      parsed = JSON.parse(body);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const single = Array.isArray(parsed) ? undefined : parsed;
    const call: CallInfo = {
      index: calls.length,
      method: single?.method ?? "batch",
      params: single?.params ?? [],
      sendsForwarded,
      path: request.url ?? "/",
    };
    const log: CallLog = { ...call, at, forwarded: false };
    calls.push(log);
    const refused = plan.refuse?.(call);
    if (refused !== undefined) {
      log.refused = refused;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ jsonrpc: "2.0", id: single ? (single as { id?: unknown }).id : null, error: refused }));
      return;
    }
    const fault = draw(call);
    log.fault = fault;
    const isSend = SENDS.has(call.method);
    try {
      switch (fault) {
        case "429": {
          log.answeredAt = Date.now();
          const retryAfter = String(plan.retryAfterSeconds ?? 1);
          response.writeHead(429, { "content-type": "application/json", "retry-after": retryAfter });
          response.end(
            JSON.stringify({ jsonrpc: "2.0", id: single ? (single as { id?: unknown }).id : null, error: { code: -32005, message: "Too Many Requests" } })
          );
          return;
        }
        case "reset":
        case "down":
          request.socket.destroy();
          return;
        case "lost": {
          if (isSend) sendsForwarded++;
          log.forwarded = true;
          await forward(body);
          request.socket.destroy();
          return;
        }
        case "nonce too low": {
          if (isSend) sendsForwarded++;
          log.forwarded = true;
          await forward(body);
          const id = single ? (single as { id?: unknown }).id : null;
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: "nonce too low" } }));
          return;
        }
        case "stall":
          await new Promise((resolve) => setTimeout(resolve, plan.stallMs ?? 3000));
          break;
        default:
          break;
      }
      if (isSend) sendsForwarded++;
      log.forwarded = true;
      const answer = await forward(body);
      if (response.destroyed || request.socket.destroyed) return;
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(answer.status === 200 ? conceal(log, answer.text) : answer.text);
    } catch {
      request.socket.destroy();
    }
  }

  const server = http.createServer((request, response) => {
    const at = Date.now();
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    // relay catches its own failures; anything else drops the connection too.
    request.on("end", () => {
      relay(request, response, body, at).catch(() => request.socket.destroy());
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return calls;
    },
    setPlan(next) {
      plan = next;
      random = seededRandom(next.seed ?? 0);
    },
    reset() {
      calls = [];
      sendsForwarded = 0;
      lookups = new Map();
    },
    down: () => (server.listening ? stop() : Promise.resolve()),
    up: () => (server.listening ? Promise.resolve() : new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
