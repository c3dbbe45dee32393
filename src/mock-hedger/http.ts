// The mock hedger's HTTP side: the REST endpoint `POST {basePath}/position-state/{start}/{size}`,
// the `/__mock/...` control routes, CORS for other origins, and an optional static folder.
import type http from "http";
import type { NotificationResponse } from "../notifications/wire/types";
import type { NotificationRecords } from "./records";
import type { MockHedger, RestRequest } from "./types";

export interface HttpParts {
  basePath: string;
  staticDir: string | undefined;
  records: NotificationRecords;
  /** Where every REST request is recorded. */
  requests: RestRequest[];
  /** What the control routes act on. */
  hedger: MockHedger;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function replyJson(res: http.ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}

export function createRequestHandler(parts: HttpParts): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const escaped = parts.basePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const restPath = new RegExp(`^${escaped}/position-state/(\\d+)/(\\d+)$`);
  return (req, res) => void route(parts, restPath, req, res);
}

async function route(parts: HttpParts, restPath: RegExp, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
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
  const rest = restPath.exec(pathname);
  const control = /^\/__mock\/(\w+)$/.exec(pathname);
  try {
    if (rest && req.method === "POST") return await handleRest(parts, req, res, Number(rest[1]), Number(rest[2]));
    if (control && req.method === "POST") return await handleControl(parts, req, res, control[1]);
    if (await serveStatic(parts.staticDir, req, res)) return;
    res.writeHead(404);
    res.end();
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
}

async function handleRest(parts: HttpParts, req: http.IncomingMessage, res: http.ServerResponse, start: number, size: number): Promise<void> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse((await readBody(req)) || "{}");
  } catch {
    return replyJson(res, 400, { error: "body is not JSON" });
  }
  parts.requests.push({ start, size, appName: req.headers["app-name"] as string | undefined, body });
  replyJson(res, 200, { position_state: parts.records.page(body, start, size) });
}

async function handleControl(parts: HttpParts, req: http.IncomingMessage, res: http.ServerResponse, action: string): Promise<void> {
  const raw = await readBody(req);
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const { hedger } = parts;
  const notification = (body.notification ?? {}) as Partial<NotificationResponse>;
  switch (action) {
    case "emit":
      return replyJson(res, 200, hedger.emit(String(body.account), notification));
    case "burst": {
      const sent = hedger.burst(String(body.account), Number(body.count), notification);
      return replyJson(res, 200, { count: sent.length, first: sent[0]?.id ?? null, last: sent.at(-1)?.id ?? null });
    }
    case "record":
      return replyJson(res, 200, hedger.record(String(body.account), notification));
    case "instant": {
      const order = hedger.emitInstant(String(body.account), notification);
      return replyJson(res, 200, { temporary: order.temporary, confirmed: order.confirm() });
    }
    case "drop":
      hedger.dropConnections();
      return replyJson(res, 200, { dropped: true });
    case "down":
      replyJson(res, 200, { down: true, ms: body.ms ?? null });
      res.on("finish", () => void hedger.goDown(typeof body.ms === "number" ? body.ms : undefined));
      return;
    case "state":
      return replyJson(res, 200, { subscribers: hedger.subscribers(), accounts: parts.records.accounts() });
    default:
      res.writeHead(404);
      res.end();
  }
}

/** A Map, since the key comes from the request's path (docs/contributing/design.md#wire-format). */
const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  [".html", "text/html"],
  [".js", "text/javascript"],
  [".css", "text/css"],
  [".map", "application/json"],
]);

async function serveStatic(staticDir: string | undefined, req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  if (staticDir === undefined || req.method !== "GET") return false;
  const fs = await import("fs");
  const path = await import("path");
  const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  const file = path.resolve(staticDir, "." + (urlPath === "/" ? "/index.html" : urlPath));
  if (!file.startsWith(path.resolve(staticDir)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
  res.writeHead(200, { "content-type": CONTENT_TYPES.get(path.extname(file)) ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
  return true;
}
