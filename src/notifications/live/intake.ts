// Message intake: each socket message is size-checked, parsed as JSON and converted like a REST page
// (one NotificationResponse or an array of them), and messages arriving together reach the store as
// one `notifications/ingest`: in the next task while they trickle in, at most one per animation
// frame during a burst (frames.ts). A message is only queued when it arrives, and converted in the
// task or frame that applies it, for at most FRAME_BUDGET_MS, a few items at a time: what is left,
// of a message or of the queue, waits for the next frame, so that neither a burst of thousands nor
// one large message holds the page for long (docs/live-notifications.md#bursts). Bad messages are
// dropped with one warning each; the connection stays. A frame may come as text, bytes
// (ArrayBuffer, a Buffer from `ws`) or a Blob (a browser socket left at binaryType "blob"); a Blob
// is read asynchronously, and the messages after it wait for it, so that the store sees them in the
// order they arrived.
import type { NotificationsLogger } from "../effects";
import { ingestNotifications } from "../state/actions";
import type { NotificationDetails } from "../types";
import { FrameItems } from "../wire/frame";
import { parseWireJson } from "../wire/json";
import { parseNotificationResponses } from "../wire/transform";
import { announceNew } from "./announce";
import type { FlagHandler } from "./flag";
import { burstMeter, nextFrame } from "./frames";
import type { LiveContext } from "./types";

export interface IntakeHandler {
  /** One message from the current session's socket: applied with whatever else arrives meanwhile. */
  receive(data: unknown): void;
  /** Applies a batch of this tab's own socket or backfill in one store update, and announces what is new in it (announce.ts). */
  ingest(batch: NotificationDetails[]): void;
  /** Applies a batch another tab ingested (and announced, if new) in one store update. */
  ingestRelayed(batch: NotificationDetails[]): void;
  /** Applies what is pending now. */
  flush(): void;
  /** Drops what is pending: on an account switch, the old account's messages never reach the store. */
  discard(): void;
}

interface Intake {
  ctx: LiveContext;
  flag: Pick<FlagHandler, "noticeIngest">;
  /** Messages received and not converted yet, in the order they arrived. */
  pending: unknown[];
  /** The message being converted, when a frame's budget ran out inside it. */
  current?: FrameItems;
  /** Cancels the flush scheduled for what is pending. */
  cancel?: () => void;
  /** While a Blob is read: the end of the reads queued behind it, which every message joins. */
  reading?: Promise<void>;
  /** Bumped by discard: the reads queued before it are dropped. */
  epoch: number;
  /** How fast messages arrive: more than BURST_ITEMS a frame is a burst. */
  burst: (count: number) => boolean;
}

const isBlob = (data: unknown): data is Blob => typeof (data as Blob | null)?.arrayBuffer === "function";

export function buildIntakeHandler(ctx: LiveContext, flag: Pick<FlagHandler, "noticeIngest">): IntakeHandler {
  const intake: Intake = { ctx, flag, pending: [], epoch: 0, burst: burstMeter(ctx) };
  return {
    receive: (data) => receive(intake, data),
    ingest: (batch) => ingest(intake, batch, true),
    ingestRelayed: (batch) => ingest(intake, batch, false),
    flush: () => flush(intake),
    discard: () => {
      intake.pending = [];
      intake.current = undefined;
      intake.reading = undefined;
      intake.epoch++;
      intake.cancel?.();
      intake.cancel = undefined;
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

/** How long one frame may convert messages for; what is left waits for the next frame. */
export const FRAME_BUDGET_MS = 8;

/** How many items are converted between two looks at the clock. */
const ITEMS_PER_LOOK = 64;

function accept(intake: Intake, data: unknown): void {
  intake.pending.push(data);
  const backlog = intake.burst(1);
  // Messages arriving together are applied as one store update.
  intake.cancel ??= nextFrame(intake.ctx, () => flush(intake, FRAME_BUDGET_MS), backlog);
}

/** Converts what is pending, for at most `budgetMs` (at least a few items), and applies it as one batch. */
function flush(intake: Intake, budgetMs = Infinity): void {
  intake.cancel?.();
  intake.cancel = undefined;
  const { clock, maxMessageBytes, logger } = intake.ctx.options;
  const { pending } = intake;
  const deadline = clock.now() + budgetMs;
  const batch: NotificationDetails[] = [];
  let taken = 0;
  let first = true;
  while ((intake.current !== undefined || taken < pending.length) && (first || clock.now() < deadline)) {
    first = false;
    intake.current ??= openMessage(pending[taken++], maxMessageBytes, logger);
    intake.current?.take(ITEMS_PER_LOOK, batch);
    if (intake.current?.done) intake.current = undefined;
  }
  pending.splice(0, taken);
  ingest(intake, batch, true);
  // What the budget left is a backlog.
  if (intake.current !== undefined || pending.length > 0) intake.cancel = nextFrame(intake.ctx, () => flush(intake, budgetMs), true);
}

function ingest(intake: Intake, batch: NotificationDetails[], own: boolean): void {
  if (batch.length === 0) return;
  const { store } = intake.ctx;
  const unreadBefore = store.getState().notifications.unreadNotifications;
  const announce = own ? announceNew(intake.ctx, batch) : undefined;
  store.dispatch(ingestNotifications(batch));
  intake.flag.noticeIngest(batch, unreadBefore);
  announce?.();
}

/** The usable notifications of one message; a bad message gives none and a warning. */
export function parseMessage(data: unknown, maxBytes: number, logger: NotificationsLogger): NotificationDetails[] {
  const json = messageJson(data, maxBytes, logger);
  return json === NOT_JSON ? [] : parseNotificationResponses(json, logger);
}

/** One message's items, to convert a few at a time, or undefined (and a warning) for a bad message. */
function openMessage(data: unknown, maxBytes: number, logger: NotificationsLogger): FrameItems | undefined {
  const json = messageJson(data, maxBytes, logger);
  return json === NOT_JSON ? undefined : new FrameItems(json, logger);
}

const NOT_JSON = Symbol("not JSON");

function messageJson(data: unknown, maxBytes: number, logger: NotificationsLogger): unknown {
  const text = messageText(data, maxBytes);
  if (typeof text !== "string") {
    logger.warn(`notifications: dropped ${text.drop}`);
    return NOT_JSON;
  }
  try {
    return parseWireJson(text);
  } catch {
    logger.warn(`notifications: dropped a message that is not JSON: ${text.slice(0, 80)}`);
    return NOT_JSON;
  }
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
