// A mocha file run by side-by-side.test.ts in a mocha of its own: two tracks whose first tests could
// only pass side by side (track a's first test waits for track b's), a failing test, a failing before
// hook, and the order each track ran its steps in, written to SIDE_BY_SIDE_LOG.
import fs from "fs";
import { sideBySide } from "./side-by-side";

const log: string[] = [];
let releaseA!: () => void;
const aMayGo = new Promise<void>((resolve) => (releaseA = resolve));

describe("side-by-side fixture", () => {
  const tracks = sideBySide();
  before(() => tracks.start());
  after(async () => {
    await tracks.settled();
    fs.writeFileSync(process.env.SIDE_BY_SIDE_LOG!, JSON.stringify(log));
  });

  {
    const { describe, before, beforeEach, after, it } = tracks.track();
    describe("a", () => {
      before(() => log.push("a:before"));
      beforeEach(() => log.push("a:beforeEach"));
      after(() => log.push("a:after"));
      it("waits for b's first test", async () => {
        await aMayGo;
        log.push("a:1");
      });
      it("fails", () => {
        log.push("a:2");
        throw new Error("a:2 failed");
      });
      it("runs after a failed test", () => log.push("a:3"));
    });
  }
  {
    const { describe, before, after, it } = tracks.track();
    describe("b", () => {
      it("releases a", () => {
        log.push("b:1");
        releaseA();
      });
      describe("under a failing before hook", () => {
        before(() => {
          throw new Error("hook broke");
        });
        after(() => log.push("b:inner-after"));
        it("is failed by the hook", () => log.push("b:never"));
      });
      it("runs after the describe whose hook failed", () => log.push("b:2"));
    });
  }
});
