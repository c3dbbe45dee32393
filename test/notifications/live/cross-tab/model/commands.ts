// The commands the model-based test draws: tabs opening, closing, crashing, freezing and resuming;
// the hedger emitting (in order, each frame twice, or reversed), dropping every socket, and
// restarting; reads and read-alls in any running tab. Each one acts on the model and on the real
// world, then waits until nothing is under way between the tabs.
import fc from "fast-check";
import type { MockNotification } from "../../../../../src/mock-hedger";
import { readAllNotifications, readOneNotification } from "../../../../../src/notifications";
import { until } from "../../../../support/wait";
import { VISIBLE } from "../../../helpers/live";
import { freeze, frozen, openTab, pick, read, removeTab, resume, running, type Model, type Reads } from "./model";
import type { World } from "./world";

type Command = fc.AsyncCommand<Model, World>;

/** How often each command ran (past its check), over every sequence of this process. */
export const coverage = new Map<string, number>();
const ran = (what: string) => coverage.set(what, (coverage.get(what) ?? 0) + 1);

export class OpenTab implements Command {
  check = (m: Readonly<Model>) => m.tabs.length < 4;
  async run(m: Model, w: World) {
    ran("open");
    w.open(openTab(m).key);
    await w.settle("open");
  }
  toString = () => "open a tab";
}

export class CloseTab implements Command {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => running(m).length > 0;
  async run(m: Model, w: World) {
    ran("close");
    const { key } = pick(running(m), this.slot);
    removeTab(m, key);
    w.close(key);
    await w.settle("close");
  }
  toString = () => `close running tab #${this.slot}`;
}

export class CrashTab implements Command {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => m.tabs.length > 0;
  async run(m: Model, w: World) {
    ran("crash");
    const { key } = pick(m.tabs, this.slot);
    removeTab(m, key);
    w.crash(key);
    await w.settle("crash");
  }
  toString = () => `crash tab #${this.slot}`;
}

/** `withEvent`: Chromium's freeze, whose freeze event runs first; without: a page stopped with no warning (a debugger, a suspended process). */
export class FreezeTab implements Command {
  constructor(
    readonly slot: number,
    readonly withEvent = false
  ) {}
  check = (m: Readonly<Model>) => running(m).length > 0;
  async run(m: Model, w: World) {
    ran(this.withEvent ? "freeze with its event" : "freeze");
    const { key } = pick(running(m), this.slot);
    freeze(m, key, this.withEvent);
    await w.freeze(key, this.withEvent);
    await w.settle("freeze");
  }
  toString = () => `freeze running tab #${this.slot}${this.withEvent ? " with its freeze event" : ""}`;
}

export class ResumeTab implements Command {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => frozen(m).length > 0;
  async run(m: Model, w: World) {
    ran("resume");
    const { key } = pick(frozen(m), this.slot);
    resume(m, key);
    w.resume(key);
    await w.settle("resume");
  }
  toString = () => `resume frozen tab #${this.slot}`;
}

/** A new notification, or a newer version of the `n`-th one emitted so far. */
export type Emission = "new" | number;
export type Delivery = "in order" | "each twice" | "reversed";

function emitOne(m: Model, w: World, what: Emission, send: boolean): MockNotification {
  const known = [...m.items.entries()];
  const fields =
    what === "new" || known.length === 0 ? { ...VISIBLE } : { ...VISIBLE, id: known[what % known.length][0], quote_id: known[what % known.length][1] };
  const record = send ? w.hedger.emit(w.account, fields) : w.hedger.record(w.account, fields);
  m.items.set(record.id, record.quote_id);
  return record;
}

const describe = (list: Emission[]) => list.map((e) => (e === "new" ? "new" : `update #${e}`)).join(" + ");

export class Emit implements Command {
  constructor(
    readonly list: Emission[],
    readonly delivery: Delivery
  ) {}
  check = () => true;
  async run(m: Model, w: World) {
    ran(`emit ${this.delivery}`);
    const expected = w.wire.received + w.hedger.subscribers(w.account) * this.list.length;
    w.wire.duplicate = this.delivery === "each twice";
    if (this.delivery === "reversed") w.wire.hold();
    try {
      for (const what of this.list) emitOne(m, w, what, true);
      await w.framesArrived(expected);
    } finally {
      w.wire.duplicate = false;
      w.wire.release();
    }
    await w.settle("emit");
  }
  toString = () => `emit [${describe(this.list)}] ${this.delivery}`;
}

/** Every socket cut; `before` emitted while the leader reconnects, `after` once it subscribed again, while it backfills. */
export class DropConnections implements Command {
  constructor(
    readonly before: Emission[],
    readonly after: Emission[]
  ) {}
  check = () => true;
  async run(m: Model, w: World) {
    ran("drop");
    w.hedger.dropConnections();
    for (const what of this.before) emitOne(m, w, what, true);
    const leader = w.leader();
    if (leader !== undefined && !leader.runtime.frozen) await until("the leader subscribed again", () => w.hedger.subscribers(w.account) > 0);
    const expected = w.wire.received + w.hedger.subscribers(w.account) * this.after.length;
    for (const what of this.after) emitOne(m, w, what, true);
    await w.framesArrived(expected);
    await w.settle("drop");
  }
  toString = () => `drop every socket: emit [${describe(this.before)}] then once resubscribed [${describe(this.after)}]`;
}

export class RestartHedger implements Command {
  constructor(readonly meanwhile: Emission[]) {}
  check = () => true;
  async run(m: Model, w: World) {
    ran("restart");
    await w.hedger.goDown();
    for (const what of this.meanwhile) emitOne(m, w, what, false);
    await w.hedger.up();
    await w.settle("restart");
  }
  toString = () => `restart the hedger: record [${describe(this.meanwhile)}] while down`;
}

/** REST answers held back (a slow backfill), or let through: a held backfill lands after the live frames of the commands between. */
export class SlowRest implements Command {
  constructor(readonly slow: boolean) {}
  check = () => true;
  async run(_m: Model, w: World) {
    ran(this.slow ? "hold REST answers" : "release REST answers");
    if (this.slow) w.rest.hold();
    else w.rest.release();
    await w.settle("rest");
  }
  toString = () => (this.slow ? "hold the REST answers back" : "release the REST answers");
}

export class ReadOne implements Command {
  constructor(
    readonly slot: number,
    readonly item: number
  ) {}
  check = (m: Readonly<Model>) => running(m).length > 0;
  async run(m: Model, w: World) {
    const { key } = pick(running(m), this.slot);
    const tab = w.tab(key);
    const unread = tab.state().unreadNotifications;
    if (unread.length === 0) return;
    ran("read one");
    const n = unread[this.item % unread.length];
    tab.dispatch(readOneNotification(n));
    read(m, key, new Map([[n.id as string, Number(n.modifyTime)]]));
    await w.settle("read");
  }
  toString = () => `read unread item #${this.item} in running tab #${this.slot}`;
}

export class ReadAll implements Command {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => running(m).length > 0;
  async run(m: Model, w: World) {
    ran("read all");
    const { key } = pick(running(m), this.slot);
    const tab = w.tab(key);
    const reads: Reads = new Map(tab.state().unreadNotifications.map((n) => [n.id as string, Number(n.modifyTime)]));
    tab.dispatch(readAllNotifications());
    read(m, key, reads);
    await w.settle("read all");
  }
  toString = () => `read all in running tab #${this.slot}`;
}

const slot = fc.nat(7);
const emissions = (max: number) => fc.array(fc.oneof(fc.constant<Emission>("new"), fc.nat(15)), { minLength: 0, maxLength: max });

const emit = fc
  .tuple(
    emissions(4).filter((l) => l.length > 0),
    fc.constantFrom<Delivery>("in order", "each twice", "reversed")
  )
  .map(([list, delivery]) => new Emit(list, delivery));

/** The command arbitraries, each as often as its weight: tabs opening and the hedger emitting most. */
export const COMMANDS: fc.Arbitrary<Command>[] = (
  [
    [fc.constant(null).map(() => new OpenTab()), 3],
    [slot.map((s) => new CloseTab(s)), 1],
    [slot.map((s) => new CrashTab(s)), 1],
    [slot.map((s) => new FreezeTab(s)), 1],
    [slot.map((s) => new FreezeTab(s, true)), 1],
    [slot.map((s) => new ResumeTab(s)), 2],
    [emit, 4],
    [fc.tuple(emissions(3), emissions(3)).map(([before, after]) => new DropConnections(before, after)), 1],
    [emissions(3).map((list) => new RestartHedger(list)), 1],
    [fc.boolean().map((slow) => new SlowRest(slow)), 2],
    [fc.tuple(slot, fc.nat(15)).map(([s, item]) => new ReadOne(s, item)), 3],
    [slot.map((s) => new ReadAll(s)), 2],
  ] as const
).flatMap(([arbitrary, weight]): fc.Arbitrary<Command>[] => Array.from({ length: weight }, () => arbitrary));
