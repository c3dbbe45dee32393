// A mock hedger for frontend work and tests: the REST endpoint and the WebSocket of a hedger's
// notification service (docs/contributing/design.md#wire-format), scriptable to emit notifications, drop
// connections and go down for a while. Node only; the notifications module never imports it.
import http from "http";
import type { AddressInfo, Socket } from "net";
import { WebSocketServer } from "ws";
import type { NotificationResponse } from "../notifications/wire/types";
import { createRequestHandler } from "./http";
import { NotificationRecords } from "./records";
import { Subscriptions } from "./subscriptions";
import type { InstantOrder, MockHedger, MockHedgerOptions, MockNotification, RestRequest } from "./types";

class MockHedgerServer implements MockHedger {
  readonly requests: RestRequest[] = [];
  private readonly records: NotificationRecords;
  private readonly subscriptions: Subscriptions;
  private readonly host: string;
  private readonly basePath: string;
  private readonly socketPath: string;
  private readonly log: (line: string) => void;
  private currentPort: number;
  private server: http.Server | undefined;
  private wss: WebSocketServer | undefined;
  private readonly connections = new Set<Socket>();
  private reopenTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: MockHedgerOptions) {
    this.host = options.host ?? "127.0.0.1";
    this.basePath = (options.basePath ?? "").replace(/\/+$/, "");
    this.socketPath = options.socketPath ?? "/ws/position-state-ws3";
    this.log = options.log ?? (() => undefined);
    this.currentPort = options.port ?? 0;
    this.records = new NotificationRecords(options.shape ?? "real");
    this.subscriptions = new Subscriptions(this.log);
  }

  get port(): number {
    return this.currentPort;
  }
  get origin(): string {
    return `http://${this.host}:${this.currentPort}`;
  }
  get baseUrl(): string {
    return `${this.origin}${this.basePath}`;
  }
  get socketUrl(): string {
    return `ws://${this.host}:${this.currentPort}${this.socketPath}`;
  }
  get subscriptionLog(): string[][] {
    return this.subscriptions.log;
  }
  get connectionCount(): number {
    return this.subscriptions.connectionCount;
  }
  get isUp(): boolean {
    return this.server !== undefined;
  }

  emit(account: string, fields?: Partial<NotificationResponse>): MockNotification {
    const record = this.records.add(account, this.records.make(fields));
    this.subscriptions.send(account, JSON.stringify(record));
    return record;
  }
  emitBatch(account: string, list: Array<Partial<NotificationResponse>>): MockNotification[] {
    const records = list.map((fields) => this.records.add(account, this.records.make(fields)));
    this.subscriptions.send(account, JSON.stringify(records));
    return records;
  }
  emitInstant(account: string, fields?: Partial<NotificationResponse>): InstantOrder {
    const temporary = this.records.add(account, this.records.makeTemporary(fields));
    this.subscriptions.send(account, JSON.stringify(temporary));
    return {
      temporary,
      confirm: (more) => {
        const confirmed = this.records.makeConfirmed(temporary, more);
        this.records.replace(account, temporary, confirmed);
        this.subscriptions.send(account, JSON.stringify(confirmed));
        return confirmed;
      },
    };
  }
  burst(account: string, count: number, fields?: Partial<NotificationResponse>): MockNotification[] {
    const records: MockNotification[] = [];
    for (let i = 0; i < count; i++) {
      const record = this.records.add(account, this.records.make(fields, i > 0));
      records.push(record);
      this.subscriptions.send(account, JSON.stringify(record));
    }
    return records;
  }
  record(account: string, fields?: Partial<NotificationResponse>): MockNotification {
    return this.records.add(account, this.records.make(fields));
  }
  sendRaw(account: string, data: string): number {
    return this.subscriptions.send(account, data);
  }
  history(account: string): NotificationResponse[] {
    return this.records.history(account);
  }
  subscribers(account?: string): number {
    return this.subscriptions.subscribers(account);
  }
  dropConnections(): void {
    this.subscriptions.dropAll();
  }

  async goDown(ms?: number): Promise<void> {
    clearTimeout(this.reopenTimer);
    await this.shutdown();
    this.log(`down${ms === undefined ? "" : ` for ${ms} ms`}`);
    if (ms !== undefined) this.reopenTimer = setTimeout(() => void this.up(), ms);
  }
  async up(): Promise<void> {
    clearTimeout(this.reopenTimer);
    if (this.server !== undefined) return;
    await this.listen();
    this.log(`up at ${this.origin}`);
  }
  async close(): Promise<void> {
    clearTimeout(this.reopenTimer);
    await this.shutdown();
  }

  /** The first listen: like up(), without the "up at" line. */
  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const { basePath, records, requests } = this;
    const server = http.createServer(createRequestHandler({ basePath, staticDir: this.options.staticDir, records, requests, hedger: this }));
    server.on("connection", (socket) => {
      this.connections.add(socket);
      socket.on("close", () => this.connections.delete(socket));
    });
    this.wss = new WebSocketServer({ server, path: this.socketPath });
    this.wss.on("connection", (socket) => this.subscriptions.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.currentPort, this.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.currentPort = (server.address() as AddressInfo).port;
  }

  private async shutdown(): Promise<void> {
    if (this.server === undefined) return;
    const closing = this.server;
    this.server = undefined;
    this.subscriptions.dropAll();
    this.wss?.close();
    this.wss = undefined;
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      for (const socket of this.connections) socket.destroy();
      this.connections.clear();
    });
  }
}

/** Starts a mock hedger, listening once the promise resolves. */
export async function startMockHedger(options: MockHedgerOptions = {}): Promise<MockHedger> {
  const hedger = new MockHedgerServer(options);
  await hedger.start();
  return hedger;
}
