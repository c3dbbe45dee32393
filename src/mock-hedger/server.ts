// A mock hedger for frontend work and tests: the REST endpoint and the WebSocket of the hedger
// notification service (decisions.md §1), scriptable to emit notifications, drop connections and go
// down for a while. Node only; never imported by the notifications module.
import http from "http";
import type { AddressInfo, Socket } from "net";
import { WebSocketServer, WebSocket } from "ws";
import type { NotificationResponse } from "../notifications/types";

export interface MockHedgerOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Path prefix of the REST endpoint, e.g. "/api". Default "". */
  basePath?: string;
  /** WebSocket path. Default "/ws/position-state-ws3". */
  wsPath?: string;
  /** Serve files from this folder at "/" (for a browser example on the same origin). */
  staticDir?: string;
  log?: (line: string) => void;
}

export interface RestRequest {
  start: number;
  size: number;
  appName: string | undefined;
  body: Record<string, unknown>;
}

export interface MockHedger {
  readonly port: number;
  /** `http://host:port` */
  readonly url: string;
  /** The `baseUrl` a client passes to getNotifications. */
  readonly restBaseUrl: string;
  readonly wsUrl: string;
  /** Every REST request received, oldest first. */
  readonly requests: RestRequest[];
  /** Every subscription message received (`{"address":[...]}`), oldest first. */
  readonly subscriptionLog: string[][];
  /** WebSocket connections accepted so far. */
  readonly connectionCount: number;
  /** Stores a notification for `account` and sends it to the sockets subscribed to that account. */
  emit(account: string, fields?: Partial<NotificationResponse>): NotificationResponse;
  /** Stores several and sends them to each subscriber as one JSON array message. */
  emitBatch(account: string, list: Array<Partial<NotificationResponse>>): NotificationResponse[];
  /** Stores a notification without sending it (as if it happened while the client was away). */
  record(account: string, fields?: Partial<NotificationResponse>): NotificationResponse;
  /** Sends a raw text frame to every socket subscribed to `account` (for malformed-input tests). */
  sendRaw(account: string, data: string): number;
  /** Stored notifications of `account`, oldest first. */
  history(account: string): NotificationResponse[];
  /** Number of open sockets subscribed to `account` (any account when omitted). */
  subscribers(account?: string): number;
  /** Cuts every WebSocket connection abruptly (no close frame). */
  dropConnections(): void;
  /** Stops listening (HTTP and WebSocket) and comes back on the same port after `ms`, or on up(). */
  goDown(ms?: number): Promise<void>;
  up(): Promise<void>;
  readonly isUp: boolean;
  close(): Promise<void>;
}

const ACTIONS = ["SendQuote", "RequestToClosePosition", "FillLimitOrderOpen", "RequestToCancelQuote", "LiquidatePosition"];
const STATUSES = ["success", "seen", "failed"];

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

export async function startMockHedger(options: MockHedgerOptions = {}): Promise<MockHedger> {
  const host = options.host ?? "127.0.0.1";
  const basePath = (options.basePath ?? "").replace(/\/+$/, "");
  const wsPath = options.wsPath ?? "/ws/position-state-ws3";
  const log = options.log ?? (() => undefined);
  const store = new Map<string, NotificationResponse[]>();
  const subscriptions = new Map<WebSocket, Set<string>>();
  const requests: RestRequest[] = [];
  const subscriptionLog: string[][] = [];
  let connectionCount = 0;
  const connections = new Set<Socket>();
  let counter = 0;
  let lastTime = 0;
  let port = options.port ?? 0;
  let server: http.Server | undefined;
  let wss: WebSocketServer | undefined;
  let reopenTimer: NodeJS.Timeout | undefined;

  const key = (account: string) => account.toLowerCase();

  function make(fields: Partial<NotificationResponse> = {}): NotificationResponse {
    counter += 1;
    // Strictly increasing modify times keep "newer" unambiguous for clients.
    const now = Math.max(Math.floor(Date.now() / 1000), lastTime + 1);
    lastTime = fields.modify_time !== undefined ? Math.max(lastTime, fields.modify_time) : now;
    return {
      id: `mock-${counter}`,
      quote_id: 1000 + counter,
      create_time: now,
      modify_time: now,
      counterparty_address: "0x0000000000000000000000000000000000000b0b",
      filled_amount_open: null,
      filled_amount_close: null,
      last_seen_action: ACTIONS[counter % ACTIONS.length],
      action_status: STATUSES[counter % STATUSES.length],
      failure_type: null,
      failure_message: null,
      error_code: null,
      state_type: "alert",
      version: 1,
      ...fields,
    };
  }

  function store_(account: string, record: NotificationResponse): NotificationResponse {
    const list = store.get(key(account)) ?? [];
    list.push(record);
    store.set(key(account), list);
    return record;
  }

  function send(account: string, data: string): number {
    let sent = 0;
    for (const [socket, accounts] of subscriptions) {
      if (accounts.has(key(account)) && socket.readyState === WebSocket.OPEN) {
        socket.send(data);
        sent += 1;
      }
    }
    return sent;
  }

  async function handleRest(req: http.IncomingMessage, res: http.ServerResponse, start: number, size: number) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}");
    } catch {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "body is not JSON" }));
      return;
    }
    const appName = req.headers["app-name"] as string | undefined;
    requests.push({ start, size, appName, body });
    const address = typeof body.address === "string" ? body.address : "";
    const modifyGte = Number(body.modify_time_gte ?? 0);
    const createGte = body.create_time_gte === undefined ? undefined : Number(body.create_time_gte);
    const quoteId = body.quote_id === undefined ? undefined : Number(body.quote_id);
    const matching = (store.get(key(address)) ?? [])
      .filter((n) => n.modify_time >= modifyGte)
      .filter((n) => createGte === undefined || n.create_time >= createGte)
      .filter((n) => quoteId === undefined || n.quote_id === quoteId)
      .sort((a, b) => a.modify_time - b.modify_time);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ position_state: matching.slice(start, start + size) }));
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, action: string) {
    const raw = await readBody(req);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const reply = (payload: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (action === "emit") return reply(api.emit(String(body.account), (body.notification ?? {}) as Partial<NotificationResponse>));
    if (action === "record") return reply(api.record(String(body.account), (body.notification ?? {}) as Partial<NotificationResponse>));
    if (action === "drop") {
      api.dropConnections();
      return reply({ dropped: true });
    }
    if (action === "down") {
      reply({ down: true, ms: body.ms ?? null });
      res.on("finish", () => void api.goDown(typeof body.ms === "number" ? body.ms : undefined));
      return;
    }
    if (action === "state") return reply({ subscribers: api.subscribers(), accounts: [...store.keys()] });
    res.writeHead(404);
    res.end();
  }

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    if (options.staticDir === undefined || req.method !== "GET") return false;
    const fs = await import("fs");
    const path = await import("path");
    const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.resolve(options.staticDir, "." + (urlPath === "/" ? "/index.html" : urlPath));
    if (!file.startsWith(path.resolve(options.staticDir)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
    const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".map": "application/json" };
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
    return true;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    // Real frontends call the hedger from another origin.
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-allow-headers", "content-type, app-name");
    res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
    if (req.method === "OPTIONS") {
      res.writeHead(204);
      res.end();
      return;
    }
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const rest = new RegExp(`^${basePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/position-state/(\\d+)/(\\d+)$`).exec(pathname);
    try {
      if (rest && req.method === "POST") return await handleRest(req, res, Number(rest[1]), Number(rest[2]));
      const control = /^\/__mock\/(\w+)$/.exec(pathname);
      if (control && req.method === "POST") return await handleControl(req, res, control[1]);
      if (await serveStatic(req, res)) return;
      res.writeHead(404);
      res.end();
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  }

  async function listen(): Promise<void> {
    server = http.createServer((req, res) => void handle(req, res));
    server.on("connection", (socket) => {
      connections.add(socket);
      socket.on("close", () => connections.delete(socket));
    });
    wss = new WebSocketServer({ server, path: wsPath });
    wss.on("connection", (socket) => {
      connectionCount += 1;
      subscriptions.set(socket, new Set());
      socket.on("message", (data) => {
        try {
          const message = JSON.parse(data.toString()) as { address?: unknown };
          if (Array.isArray(message.address)) {
            subscriptionLog.push(message.address.map(String));
            subscriptions.set(socket, new Set(message.address.map((a) => key(String(a)))));
            log(`subscribed ${message.address.join(", ")}`);
          }
        } catch {
          // not a subscription: ignore, like a real hedger
        }
      });
      socket.on("close", () => subscriptions.delete(socket));
      socket.on("error", () => subscriptions.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, host, () => {
        server!.off("error", reject);
        resolve();
      });
    });
    port = (server.address() as AddressInfo).port;
  }

  async function shutdown(): Promise<void> {
    if (server === undefined) return;
    const closing = server;
    server = undefined;
    for (const socket of subscriptions.keys()) socket.terminate();
    subscriptions.clear();
    wss?.close();
    wss = undefined;
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      for (const socket of connections) socket.destroy();
      connections.clear();
    });
  }

  const api: MockHedger = {
    get port() {
      return port;
    },
    get url() {
      return `http://${host}:${port}`;
    },
    get restBaseUrl() {
      return `http://${host}:${port}${basePath}`;
    },
    get wsUrl() {
      return `ws://${host}:${port}${wsPath}`;
    },
    requests,
    subscriptionLog,
    get connectionCount() {
      return connectionCount;
    },
    emit(account, fields) {
      const record = store_(account, make(fields));
      send(account, JSON.stringify(record));
      return record;
    },
    emitBatch(account, list) {
      const records = list.map((fields) => store_(account, make(fields)));
      send(account, JSON.stringify(records));
      return records;
    },
    record(account, fields) {
      return store_(account, make(fields));
    },
    sendRaw: send,
    history: (account) => [...(store.get(key(account)) ?? [])],
    subscribers(account) {
      let count = 0;
      for (const accounts of subscriptions.values()) if (account === undefined ? accounts.size > 0 : accounts.has(key(account))) count += 1;
      return count;
    },
    dropConnections() {
      for (const socket of subscriptions.keys()) socket.terminate();
      subscriptions.clear();
    },
    async goDown(ms) {
      clearTimeout(reopenTimer);
      await shutdown();
      log(`down${ms === undefined ? "" : ` for ${ms} ms`}`);
      if (ms !== undefined) reopenTimer = setTimeout(() => void api.up(), ms);
    },
    async up() {
      clearTimeout(reopenTimer);
      if (server !== undefined) return;
      await listen();
      log(`up at ${api.url}`);
    },
    get isUp() {
      return server !== undefined;
    },
    async close() {
      clearTimeout(reopenTimer);
      await shutdown();
    },
  };

  await listen();
  return api;
}
