// Message intake: each socket message is size-checked, parsed as JSON and converted like a REST page
// (one NotificationResponse or an array of them), and messages arriving together reach the store as
// one `notifications/ingest`. Bad messages are dropped with a warning; the connection stays. A
// frame may come as text, bytes (ArrayBuffer, a Buffer from `ws`) or a Blob (a browser socket left
// at binaryType "blob"); a Blob is read asynchronously, and the messages after it wait for it, so
// that the store sees them in the order they arrived.
import type { NotificationsLogger } from "../effects";
import { ingestNotifications } from "../state/actions";
import type { NotificationDetails } from "../types";
import { parseNotificationResponses } from "../wire/transform";
import { clearTimer } from "./context";
import type { FlagHandler } from "./flag";
import type { LiveContext } from "./types";

export interface IntakeHandler {
  /** One message from the current session's socket: applied with whatever else arrives meanwhile. */
  receive(data: unknown): void;
  /** Applies a batch (a message batch or a backfill page) in one store update. */
  ingest(batch: NotificationDetails[]): void;
  /** Applies what is pending now. */
  flush(): void;
  /** Drops what is pending: on an account switch, the old account's messages never reach the store. */
  discard(): void;
}

interface Intake {
  ctx: LiveContext;
  flag: Pick<FlagHandler, "noticeIngest">;
  pending: NotificationDetails[];
  flushTimer: unknown;
  /** While a Blob is read: the end of the reads queued behind it, which every message joins. */
  reading?: Promise<void>;
  /** Bumped by discard: the reads queued before it are dropped. */
  epoch: number;
}

const isBlob = (data: unknown): data is Blob => typeof (data as Blob | null)?.arrayBuffer === "function";

export function buildIntakeHandler(ctx: LiveContext, flag: Pick<FlagHandler, "noticeIngest">): IntakeHandler {
  const intake: Intake = { ctx, flag, pending: [], flushTimer: undefined, epoch: 0 };
  return {
    receive: (data) => receive(intake, data),
    ingest: (batch) => ingest(intake, batch),
    flush: () => flush(intake),
    discard: () => {
      intake.pending = [];
      intake.reading = undefined;
      intake.epoch++;
      clearTimer(ctx, intake.flushTimer);
      intake.flushTimer = undefined;
    },
  };
}

function receive(intake: Intake, data: unknown): void {
  if (!isBlob(data) && intake.reading === undefined) return accept(intake, data);
  const { epoch } = intake;
  // Read only a Blob within the limit (parseMessage drops a larger one), after those before it.
  const bytes = isBlob(data) && data.size <= intake.ctx.options.maxMessageBytes ? data.arrayBuffer() : data;
  const reading: Promise<void> = Promise.resolve(intake.reading)
    .then(() => bytes)
    .then(
      (read) => {
        if (intake.epoch === epoch) accept(intake, read);
      },
      (error: Error) => intake.ctx.options.logger.warn(`notifications: dropped an unreadable Blob: ${error.message}`)
    )
    .then(() => {
      if (intake.reading === reading) intake.reading = undefined;
    });
  intake.reading = reading;
}

function accept(intake: Intake, data: unknown): void {
  const items = parseMessage(data, intake.ctx.options.maxMessageBytes, intake.ctx.options.logger);
  if (items.length === 0) return;
  for (const item of items) intake.pending.push(item);
  // Messages arriving together are applied as one store update.
  if (intake.flushTimer === undefined) intake.flushTimer = intake.ctx.options.timers.setTimeout(() => flush(intake), 0);
}

function flush(intake: Intake): void {
  clearTimer(intake.ctx, intake.flushTimer);
  intake.flushTimer = undefined;
  const batch = intake.pending;
  intake.pending = [];
  ingest(intake, batch);
}

function ingest(intake: Intake, batch: NotificationDetails[]): void {
  if (batch.length === 0) return;
  const { store } = intake.ctx;
  const unreadBefore = store.getState().notifications.unreadNotifications;
  store.dispatch(ingestNotifications(batch));
  intake.flag.noticeIngest(batch, unreadBefore);
}

/** The usable notifications of one message; a bad message gives none and a warning. */
export function parseMessage(data: unknown, maxBytes: number, logger: NotificationsLogger): NotificationDetails[] {
  const text = messageText(data, maxBytes);
  if (typeof text !== "string") {
    logger.warn(`notifications: dropped ${text.drop}`);
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    logger.warn(`notifications: dropped a message that is not JSON: ${text.slice(0, 80)}`);
    return [];
  }
  return parseNotificationResponses(json, logger);
}

/** Byte length of a UTF-8 string, computed only when the character count cannot decide. */
function exceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return new TextEncoder().encode(text).length > maxBytes;
}

function messageText(data: unknown, maxBytes: number): string | { drop: string } {
  if (typeof data === "string") return exceeds(data, maxBytes) ? { drop: `a message over ${maxBytes} bytes` } : data;
  const bytes =
    data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : undefined;
  if (bytes === undefined) return { drop: isBlob(data) ? `a message over ${maxBytes} bytes` : "a message that is neither text nor bytes" };
  if (bytes.byteLength > maxBytes) return { drop: `a message over ${maxBytes} bytes` };
  return new TextDecoder().decode(bytes);
}
