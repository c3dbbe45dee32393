// wire/: a frame's items (a REST page, a WebSocket message) converted a few at a time, so that a large
// frame can be applied across tasks, with one warning for the whole frame about what it left out.
import type { NotificationsLogger } from "../effects";
import { NotificationType } from "../enums";
import type { NotificationDetails } from "../types";
import { convertItem, label } from "./convert";
import { FieldNotes } from "./fields";

/** What converting a frame's items left out, told in one warning. */
interface FrameReport {
  dropped: string[];
  droppedCount: number;
  ignored: string[];
  ignoredCount: number;
}

/** How many reasons one warning lists; the rest are counted. */
const LISTED = 3;

function noteItem(report: FrameReport, raw: unknown, notes: FieldNotes, unusable?: string): void {
  if (unusable !== undefined) {
    report.droppedCount++;
    if (report.dropped.length < LISTED) report.dropped.push(`${unusable}${label(raw)}`);
    return;
  }
  report.ignoredCount += notes.ignored.length;
  for (const why of notes.ignored) if (report.ignored.length < LISTED) report.ignored.push(`${why}${label(raw)}`);
}

function warnOnce(report: FrameReport, total: number, logger: NotificationsLogger): void {
  const more = (count: number, listed: string[]) => (count > listed.length ? `; and ${count - listed.length} more` : "");
  const parts: string[] = [];
  if (report.droppedCount > 0) {
    const what = total === 1 ? "a notification" : `${report.droppedCount} of ${total} notifications`;
    parts.push(`dropped ${what} that cannot be one: ${report.dropped.join("; ")}${more(report.droppedCount, report.dropped)}`);
  }
  if (report.ignoredCount > 0) parts.push(`left out ${report.ignoredCount} field(s): ${report.ignored.join("; ")}${more(report.ignoredCount, report.ignored)}`);
  if (parts.length > 0) logger.warn(`notifications: ${parts.join("; ")}`);
}

/**
 * A frame's items, converted on demand: `take(count, into)` converts the next `count` and pushes the
 * usable ones (OTHER left out, as no list shows it) into `into`; once the last is converted, one
 * warning says what the frame left out.
 */
export class FrameItems {
  private next = 0;
  private readonly report: FrameReport = { dropped: [], droppedCount: 0, ignored: [], ignoredCount: 0 };

  private readonly items: readonly unknown[];

  constructor(
    /** A REST page or socket message: one NotificationResponse or an array of them. */
    frame: unknown,
    private readonly logger: NotificationsLogger
  ) {
    this.items = Array.isArray(frame) ? frame : [frame];
  }

  get size(): number {
    return this.items.length;
  }

  get done(): boolean {
    return this.next >= this.items.length;
  }

  take(count: number, into: NotificationDetails[]): void;
  take(count: number, into: Array<NotificationDetails | null>, keepOther: true): void;
  take(count: number, into: Array<NotificationDetails | null>, keepOther = false): void {
    const end = Math.min(this.items.length, this.next + count);
    for (; this.next < end; this.next++) {
      const raw = this.items[this.next];
      const notes = new FieldNotes();
      const n = convertItem(raw, notes);
      if ("unusable" in n) {
        noteItem(this.report, raw, notes, n.unusable);
        if (keepOther) into.push(null);
        continue;
      }
      noteItem(this.report, raw, notes);
      if (keepOther || n.notificationType !== NotificationType.OTHER) into.push(n);
    }
    if (end === this.items.length && count > 0) warnOnce(this.report, this.items.length, this.logger);
  }
}
