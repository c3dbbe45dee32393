// The multi-chain display: each chain's lines prefixed with its network, every line and status
// redacted with every network's secrets; off a terminal plain lines only, on one a live status line
// per chain kept below the lines, redrawn in place (the screen is read back by interpreting the
// escape codes written), at most once per throttle interval.
import { expect } from "chai";
import { createChainDisplay, type Timer } from "../../../../src/hardhat/internal/output/chain-display";
import { fakeStream, hasEscape, linesOf, screenOf, type FakeStream } from "../../../support/terminal";

const SECRET = "alchemy-key-0123456789abcdef";

/** Timers that fire when the test says so. */
function manualTimer(): { timer: Timer; pending: () => number; fire: () => void } {
  let due: (() => void)[] = [];
  const timer: Timer = (run) => {
    due.push(run);
    return () => (due = due.filter((queued) => queued !== run));
  };
  return {
    timer,
    pending: () => due.length,
    fire: () => {
      const now = due;
      due = [];
      for (const run of now) run();
    },
  };
}

const screen = (stream: FakeStream) => screenOf(stream.writes.join(""));

describe("the multi-chain display", () => {
  describe("off a terminal", () => {
    it("prefixes each line of a chain (a message of several lines too) with its network, padded to the longest name", () => {
      const out = fakeStream();
      const display = createChainDisplay(["bsc", "arbitrum"], { secrets: [], out, err: fakeStream() });
      display.logger("bsc").info("Deployer: 0xabc");
      display.logger("arbitrum").info("Network:  arbitrum\nChain:    42161");
      display.log.info("a line of the run itself");
      expect(linesOf(out)).to.deep.equal([
        "bsc      | Deployer: 0xabc",
        "arbitrum | Network:  arbitrum",
        "arbitrum | Chain:    42161",
        "a line of the run itself",
      ]);
    });

    it("sends warnings and errors to the error stream, prefixed", () => {
      const [out, err] = [fakeStream(), fakeStream()];
      const display = createChainDisplay(["bsc", "base"], { secrets: [], out, err });
      display.logger("base").warn("Warning: could not verify");
      display.logger("bsc").error("failed: no code");
      expect(linesOf(out)).to.deep.equal([]);
      expect(linesOf(err)).to.deep.equal(["base | Warning: could not verify", "bsc  | failed: no code"]);
    });

    it("writes a status change as an ordinary prefixed line, once per change, and no escape code at all", () => {
      const out = fakeStream();
      const timer = manualTimer();
      const display = createChainDisplay(["bsc", "base"], { secrets: [], out, err: fakeStream(), timer: timer.timer });
      display.status("bsc", "preflight: checking");
      display.status("bsc", "preflight: checking");
      display.logger("base").info("a line");
      display.status("base", "sending");
      display.close();
      expect(linesOf(out)).to.deep.equal(["bsc  | status: preflight: checking", "base | a line", "base | status: sending"]);
      expect(hasEscape(out.writes.join(""))).to.equal(false);
      expect(timer.pending()).to.equal(0);
    });

    it("redacts every network's secrets from lines, statuses and the run's own lines", () => {
      const [out, err] = [fakeStream(), fakeStream()];
      const display = createChainDisplay(["bsc", "base"], { secrets: [SECRET], out, err });
      display.logger("bsc").info(`calling https://bsc.example/v2/${SECRET}`);
      display.logger("base").error(`refused: https://base.example/${SECRET}`);
      display.status("base", `retrying ${SECRET}`);
      display.log.info(`table cell ${SECRET}`);
      const all = out.writes.join("") + err.writes.join("");
      expect(all).not.to.include(SECRET);
      expect(all.match(/<redacted>/g)).to.have.length(4);
      expect(display.redact(`x ${SECRET}`)).to.equal("x <redacted>");
    });
  });

  describe("on a terminal", () => {
    it("keeps one status line per chain below the lines, as they scroll", () => {
      const out = fakeStream({ columns: 60 });
      const timer = manualTimer();
      const display = createChainDisplay(["bsc", "base"], { secrets: [], out, err: out, timer: timer.timer });
      display.status("bsc", "preflight: checking");
      timer.fire();
      expect(screen(out)).to.deep.equal(["bsc  | preflight: checking", "base | waiting"]);
      display.logger("base").info("Deployer: 0xabc");
      display.logger("bsc").warn("Warning: slow endpoint");
      display.status("base", "sending");
      timer.fire();
      expect(screen(out)).to.deep.equal(["base | Deployer: 0xabc", "bsc  | Warning: slow endpoint", "bsc  | preflight: checking", "base | sending"]);
    });

    it("redraws at most once per interval, however many statuses change", () => {
      const out = fakeStream({ columns: 80 });
      const timer = manualTimer();
      const display = createChainDisplay(["bsc", "base", "arbitrum"], { secrets: [], out, err: out, timer: timer.timer });
      display.status("bsc", "one");
      display.status("base", "two");
      display.status("arbitrum", "three");
      display.status("bsc", "four");
      expect(timer.pending()).to.equal(1);
      expect(out.writes).to.deep.equal([]);
      timer.fire();
      expect(screen(out)).to.deep.equal(["bsc      | four", "base     | two", "arbitrum | three"]);
      expect(out.writes).to.have.length(1);
    });

    it("cuts a status line to the terminal's width, so that it never wraps", () => {
      const out = fakeStream({ columns: 30 });
      const timer = manualTimer();
      const display = createChainDisplay(["bsc"], { secrets: [], out, err: out, timer: timer.timer });
      display.status("bsc", "failed: " + "x".repeat(100));
      timer.fire();
      const [line] = screen(out);
      expect(line).to.equal("bsc | failed: xxxxxxxxxxxx...");
      expect(line.length).to.equal(29);
    });

    it("shows no more status lines than the terminal has rows", () => {
      const out = fakeStream({ columns: 80, rows: 5 });
      const timer = manualTimer();
      const networks = ["a", "b", "c", "d", "e", "f"];
      const display = createChainDisplay(networks, { secrets: [], out, err: out, timer: timer.timer });
      display.status("a", "sending");
      timer.fire();
      expect(screen(out)).to.deep.equal(["a | sending", "b | waiting", "... and 4 more chains"]);
    });

    it("close() removes the status lines and cancels a pending redraw; later lines are plain", () => {
      const out = fakeStream({ columns: 80 });
      const timer = manualTimer();
      const display = createChainDisplay(["bsc", "base"], { secrets: [], out, err: out, timer: timer.timer });
      display.logger("bsc").info("a line");
      display.status("bsc", "done");
      display.close();
      expect(timer.pending()).to.equal(0);
      display.log.info("summary");
      expect(screen(out)).to.deep.equal(["bsc  | a line", "summary"]);
    });

    it("redacts the status lines too", () => {
      const out = fakeStream({ columns: 200 });
      const timer = manualTimer();
      const display = createChainDisplay(["bsc"], { secrets: [SECRET], out, err: out, timer: timer.timer });
      display.status("bsc", `retrying https://bsc.example/${SECRET}`);
      timer.fire();
      expect(screen(out)).to.deep.equal(["bsc | retrying https://bsc.example/<redacted>"]);
      expect(out.writes.join("")).not.to.include(SECRET);
    });
  });
});
