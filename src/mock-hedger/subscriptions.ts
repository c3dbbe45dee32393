// The mock hedger's WebSocket side: which socket subscribed to which accounts (through the message
// `{"address":[...]}`), pushes to them, and abrupt drops.
import type { WebSocket } from "ws";
import { accountKey } from "./records";

export class Subscriptions {
  /** Every subscription message received, oldest first. */
  readonly log: string[][] = [];
  /** Connections accepted so far. */
  connectionCount = 0;
  private readonly sockets = new Map<WebSocket, Set<string>>();

  constructor(private readonly say: (line: string) => void) {}

  accept(socket: WebSocket): void {
    this.connectionCount += 1;
    this.sockets.set(socket, new Set());
    socket.on("message", (data) => this.subscribe(socket, data.toString()));
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => this.sockets.delete(socket));
  }

  private subscribe(socket: WebSocket, text: string): void {
    let message: { address?: unknown };
    try {
      message = JSON.parse(text) as { address?: unknown };
    } catch {
      return; // not a subscription: ignored, like a real hedger
    }
    if (!Array.isArray(message.address)) return;
    const accounts = message.address.map(String);
    this.log.push(accounts);
    this.sockets.set(socket, new Set(accounts.map(accountKey)));
    this.say(`subscribed ${accounts.join(", ")}`);
  }

  /** Sends `data` to every open socket subscribed to `account`; returns how many. */
  send(account: string, data: string): number {
    let sent = 0;
    for (const [socket, accounts] of this.sockets) {
      if (accounts.has(accountKey(account)) && socket.readyState === socket.OPEN) {
        socket.send(data);
        sent += 1;
      }
    }
    return sent;
  }

  /** Open sockets subscribed to `account` (to any account when omitted). */
  subscribers(account?: string): number {
    let count = 0;
    for (const accounts of this.sockets.values()) {
      if (account === undefined ? accounts.size > 0 : accounts.has(accountKey(account))) count += 1;
    }
    return count;
  }

  /** Cuts every socket, with no close frame. */
  dropAll(): void {
    for (const socket of this.sockets.keys()) socket.terminate();
    this.sockets.clear();
  }
}
