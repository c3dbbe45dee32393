// Real servers on 127.0.0.1, port 0, for tests: any server through listenOnLoopback, an HTTP server
// that records each request, a WebSocket server, and a TCP server that accepts and never answers.
import * as http from "http";
import * as net from "net";
import { WebSocketServer, type WebSocket } from "ws";

export interface Loopback {
  port: number;
  /** Closes the server and destroys the connections still open. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 with a free port, keeping track of connections so that close() never hangs. */
export async function listenOnLoopback(server: net.Server): Promise<Loopback> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Resolves when the client went away before a response was sent. */
  aborted: Promise<void>;
}

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server. `respond` gets each request after its body was read and writes the response (or holds it). */
export async function startServer(respond: (req: RecordedRequest, res: http.ServerResponse) => void | Promise<void>): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const aborted = new Promise<void>((resolve) => res.on("close", () => !res.writableFinished && resolve()));
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        aborted,
      };
      requests.push(recorded);
      void respond(recorded, res);
    });
  });
  const loopback = await listenOnLoopback(server);
  return { baseUrl: `http://127.0.0.1:${loopback.port}`, requests, close: loopback.close };
}

export function sendJson(res: http.ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export interface TestSocketServer {
  /** `ws://127.0.0.1:<port>/ws` */
  socketUrl: string;
  port: number;
  /** Every connection accepted, oldest first. */
  sockets: WebSocket[];
  /** Every text message received, oldest first. */
  messages: string[];
  close(): Promise<void>;
}

/** A real `ws` server on its own HTTP server. */
export async function startSocketServer(): Promise<TestSocketServer> {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, path: "/ws" });
  const sockets: WebSocket[] = [];
  const messages: string[] = [];
  wss.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("message", (data) => messages.push(data.toString()));
  });
  const loopback = await listenOnLoopback(server);
  return {
    socketUrl: `ws://127.0.0.1:${loopback.port}/ws`,
    port: loopback.port,
    sockets,
    messages,
    close: async () => {
      for (const socket of sockets) socket.terminate();
      wss.close();
      await loopback.close();
    },
  };
}

/** A TCP server that accepts connections and never answers (a hung endpoint). */
export async function startSilentServer(): Promise<Loopback & { accepted: () => number }> {
  let accepted = 0;
  const server = net.createServer(() => void (accepted += 1));
  const loopback = await listenOnLoopback(server);
  return { ...loopback, accepted: () => accepted };
}
