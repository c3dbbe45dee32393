// When a batch is applied (frames.ts), and how much of a burst one frame takes (intake.ts): in a
// visible page the next task for a trickle and the next animation frame during a burst (more than
// BURST_ITEMS within FRAME_MS), the next task in a hidden page, the next timer tick without a page; a frame parses messages for FRAME_BUDGET_MS, and leaves the rest to the next frame.
import { expect } from "chai";
import { BURST_ITEMS, FRAME_MS, nextFrame } from "../../../src/notifications/live/frames";
import { FRAME_BUDGET_MS, buildIntakeHandler } from "../../../src/notifications/live/intake";
import type { PageEventTarget } from "../../../src/notifications/live/page-lifecycle";
import { manualTimers } from "../../support/manual-timers";
import { until } from "../../support/wait";
import { wire } from "../helpers/fixtures";
import { VISIBLE, liveContext } from "../helpers/live";

/** A page whose animation frames come when the test says so. */
function fakePage(visibilityState: "visible" | "hidden") {
  const frames: Array<() => void> = [];
  const page = {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    document: { visibilityState, addEventListener: () => undefined, removeEventListener: () => undefined },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
  };
  const frame = () => {
    for (const callback of frames.splice(0)) callback();
  };
  return { page: page as unknown as PageEventTarget, frames, frame };
}

/** Lets a MessageChannel message (the next task) be delivered. */
async function nextTask(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
}

const message = (i: number) => JSON.stringify(wire({ ...VISIBLE, id: `f${i}`, quote_id: i }));

/** The clock stands still unless a test moves it: how much a frame parses depends on the test, never on the machine's load. */
function setup(page?: PageEventTarget, clock: { now(): number } = { now: () => 0 }) {
  const { timers, pending, fireAll } = manualTimers();
  const live = liveContext({ timers, page, clock });
  const intake = buildIntakeHandler(live.ctx, { noticeIngest: () => undefined });
  let updates = 0;
  live.store.subscribe(() => updates++);
  return { ...live, intake, pending, fireAll, updates: () => updates, count: () => live.state().unreadNotifications.length };
}

/** After the next task, runs the page's frames until none is asked for: how many items each (the task first) applied. */
async function framesUntilDone(count: () => number, frames: readonly unknown[], frame: () => void): Promise<number[]> {
  await nextTask();
  const perFrame: number[] = [count()];
  while (frames.length > 0) {
    const before = count();
    frame();
    perFrame.push(count() - before);
  }
  return perFrame;
}
describe("live: one store update per frame", () => {
  it("in a visible page, applies a message in the next task, not waiting for a frame", async () => {
    const { page, frames } = fakePage("visible");
    const t = setup(page);
    t.intake.receive(message(1));
    expect(frames, "no frame asked for").to.have.length(0);
    await nextTask();
    await until("applied", () => t.count() === 1);
    expect(t.updates()).to.equal(1);
  });

  it("in a visible page, a steady trickle (one message every 10 ms) is applied message by message, each in the next task, never waiting for a frame", async () => {
    const { page, frames } = fakePage("visible");
    let now = 0;
    const t = setup(page, { now: () => now });
    for (let i = 1; i <= 50; i++) {
      t.intake.receive(message(i));
      expect(frames, `no frame asked for message ${i}`).to.have.length(0);
      await nextTask();
      expect(t.count()).to.equal(i);
      now += 10;
    }
    expect(t.updates()).to.equal(50);
  });

  it(`in a visible page, once more than ${BURST_ITEMS} messages arrive within ${FRAME_MS} ms (a burst), what arrives next waits for the animation frame, in one update`, async () => {
    const { page, frames, frame } = fakePage("visible");
    const t = setup(page, { now: () => 0 });
    for (let i = 1; i <= BURST_ITEMS + 1; i++) t.intake.receive(message(i));
    expect(frames, "the first message asked for the next task").to.have.length(0);
    await nextTask();
    expect(t.updates(), "what arrived together: one update").to.equal(1);
    for (let i = BURST_ITEMS + 2; i <= 500; i++) t.intake.receive(message(i));
    expect(frames, "one frame asked for").to.have.length(1);
    await nextTask();
    expect(t.count(), "nothing applied before the frame").to.equal(BURST_ITEMS + 1);
    frame();
    expect(t.count()).to.equal(500);
    expect(t.updates()).to.equal(2);
    // The fallback timer does nothing once the frame ran.
    t.fireAll();
    expect(t.updates()).to.equal(2);
  });

  it(`a burst stays one in the next ${FRAME_MS} ms window (the window before counts), and ends after a quiet window`, async () => {
    const { page, frames, frame } = fakePage("visible");
    let now = 0;
    const t = setup(page, { now: () => now });
    for (let i = 1; i <= BURST_ITEMS + 1; i++) t.intake.receive(message(i));
    await nextTask();
    now += FRAME_MS;
    t.intake.receive(message(100));
    expect(frames, "the window before was a burst").to.have.length(1);
    frame();
    now += 3 * FRAME_MS;
    t.intake.receive(message(101));
    expect(frames, "after a quiet window: the next task").to.have.length(0);
    await nextTask();
    expect(t.count()).to.equal(BURST_ITEMS + 3);
  });

  it(`in a visible page whose frame does not come within ${FRAME_MS} ms during a burst (hidden meanwhile, or given few frames), applies it when the fallback timer fires`, async () => {
    const { page, frames } = fakePage("visible");
    const t = setup(page, { now: () => 0 });
    for (let i = 1; i <= BURST_ITEMS + 1; i++) t.intake.receive(message(i));
    await nextTask();
    t.intake.receive(message(100));
    expect(frames).to.have.length(1);
    expect([...t.pending.values()].map((p) => p.ms)).to.deep.equal([FRAME_MS]);
    t.fireAll();
    expect(t.count()).to.equal(BURST_ITEMS + 2);
  });

  it("in a hidden page, where no frame comes, applies it in the next task (a MessageChannel message), in one update", async () => {
    const { page, frames } = fakePage("hidden");
    const t = setup(page);
    for (let i = 1; i <= 50; i++) t.intake.receive(message(i));
    expect(frames).to.have.length(0);
    expect(t.pending.size, "no timer: a hidden page's timers are throttled").to.equal(0);
    await nextTask();
    expect(t.count()).to.equal(50);
    expect(t.updates()).to.equal(1);
  });

  it("without a page (Node), applies it at the next timer tick", () => {
    const t = setup();
    for (let i = 1; i <= 50; i++) t.intake.receive(message(i));
    expect([...t.pending.values()].map((p) => p.ms)).to.deep.equal([0]);
    t.fireAll();
    expect(t.count()).to.equal(50);
    expect(t.updates()).to.equal(1);
  });

  it("a cancelled frame applies nothing", () => {
    const { page, frame } = fakePage("visible");
    const t = setup(page);
    let ran = 0;
    const cancel = nextFrame(t.ctx, () => ran++, true);
    cancel();
    frame();
    t.fireAll();
    expect(ran).to.equal(0);
  });

  it(`parses for at most ${FRAME_BUDGET_MS} ms per frame and leaves the rest, in order, to the next frames`, async () => {
    const { page, frames, frame } = fakePage("visible");
    // Each message read costs 1 ms on this clock.
    let now = 0;
    const t = setup(page, { now: () => now++ });
    for (let i = 1; i <= 100; i++) t.intake.receive(message(i));
    // The first message asked for the next task; the budget leaves a backlog, which waits for frames.
    const perFrame = await framesUntilDone(t.count, frames, frame);
    expect(t.count()).to.equal(100);
    expect(Math.max(...perFrame), "messages per frame").to.be.at.most(FRAME_BUDGET_MS);
    expect(t.updates(), "one update per frame").to.equal(perFrame.length);
    expect(t.state().unreadNotifications.map((n) => n.id)).to.deep.equal(Array.from({ length: 100 }, (_, k) => `f${100 - k}`));
  });

  it(`converts one large message across frames, ${FRAME_BUDGET_MS} ms at a time, in order, with one warning for what it dropped`, async () => {
    const { page, frames, frame } = fakePage("visible");
    // Each look at the clock costs 1 ms: a frame looks FRAME_BUDGET_MS times.
    let now = 0;
    const t = setup(page, { now: () => now++ });
    const items = Array.from({ length: 2000 }, (_, i) => (i % 100 === 99 ? 7 : wire({ ...VISIBLE, id: `m${i}`, quote_id: i })));
    t.intake.receive(JSON.stringify(items));
    const perFrame = await framesUntilDone(t.count, frames, frame);
    expect(t.count()).to.equal(1980);
    expect(perFrame.length, "frames").to.be.greaterThan(2);
    expect(Math.max(...perFrame), "items per frame").to.be.below(1000);
    expect(t.updates(), "one update per frame").to.equal(perFrame.length);
    expect(t.state().unreadNotifications[0].id).to.equal("m1998");
    expect(t.logger.warnings).to.have.length(1);
    expect(t.logger.warnings[0]).to.match(/^notifications: dropped 20 of 2000 notifications that cannot be one: not a JSON object but 7; .*; and 17 more$/);
  });

  it("a message of 500,000 numbers costs one warning, and the messages after it are applied", async () => {
    const t = setup();
    t.intake.receive(`[${new Array(500_000).fill(1).join(",")}]`);
    t.intake.receive(message(1));
    t.intake.flush();
    expect(t.count()).to.equal(1);
    expect(t.logger.warnings).to.have.length(1);
    expect(t.logger.warnings[0]).to.contain("dropped 500000 of 500000 notifications").and.contain("and 499997 more");
  });

  it("discard drops a message half converted: nothing of it reaches the store later", async () => {
    const { page, frames, frame } = fakePage("visible");
    let now = 0;
    const t = setup(page, { now: () => now++ });
    t.intake.receive(JSON.stringify(Array.from({ length: 2000 }, (_, i) => wire({ ...VISIBLE, id: `d${i}`, quote_id: i }))));
    await nextTask();
    const applied = t.count();
    expect(applied).to.be.within(1, 1999);
    t.intake.discard();
    while (frames.length > 0) frame();
    t.fireAll();
    expect(t.count()).to.equal(applied);
  });

  it("flush (a disconnect) applies everything pending at once, whatever the budget", () => {
    let now = 0;
    const t = setup(undefined, { now: () => (now += 100) });
    for (let i = 1; i <= 20; i++) t.intake.receive(message(i));
    t.intake.flush();
    expect(t.count()).to.equal(20);
    expect(t.pending.size).to.equal(0);
  });
});
