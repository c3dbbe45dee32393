// What plugins print straight to the console during a multi-chain run in one process (Hardhat 3):
// each whole line reaches the chain whose work printed it, across awaits, timers and callbacks and
// whatever two chains print at once; a line printed outside any chain's work goes to the run's log.
// Fake streams stand in for stdout and stderr; a chain-display over them shows what an operator sees.
import { expect } from "chai";
import { createChainDisplay, type ChainDisplay } from "../../../../src/hardhat/internal/output/chain-display";
import { captureConsole, type CapturedStream, type ConsoleCapture } from "../../../../src/hardhat/internal/output/console-capture";
import { Console } from "console";

const SECRET = "infura-key-00112233445566778899";

/** A process stream: what reaches it through its own write (and the listener calls a Console makes around a write). */
function stream(): CapturedStream & { text: string } {
  const target = {
    text: "",
    isTTY: false,
    once: () => target,
    removeListener: () => target,
    listenerCount: () => 0,
    write(chunk: string | Uint8Array): boolean {
      target.text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return true;
    },
  };
  return target;
}

describe("console capture: what plugins print, routed to each chain's prefixed, redacted lines", () => {
  let stdout: ReturnType<typeof stream>;
  let stderr: ReturnType<typeof stream>;
  let capture: ConsoleCapture;
  let display: ChainDisplay;
  /** A Console over the captured streams, as plugins' console.log and console.warn write. */
  let console: Console;
  /** stdout's own write, before the capture. */
  let ownWrite: CapturedStream["write"];

  beforeEach(() => {
    stdout = stream();
    stderr = stream();
    ownWrite = stdout.write;
    const routes: { display?: ChainDisplay } = {};
    capture = captureConsole((network) => (network === undefined ? routes.display!.log : routes.display!.logger(network)), { stdout, stderr });
    display = routes.display = createChainDisplay(["bsc", "base"], { secrets: [SECRET], out: capture.out, err: capture.err });
    console = new Console(stdout as unknown as NodeJS.WritableStream, stderr as unknown as NodeJS.WritableStream);
  });
  afterEach(() => capture.restore());

  it("two chains printing at once, across awaits and timers: each line under its own network, stderr kept apart", async () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
    await Promise.all([
      capture.within("bsc", async () => {
        console.log("Verifying implementation: 0x01");
        await tick();
        console.warn("bsc warns");
        await new Promise<void>((resolve) => setTimeout(() => resolve(console.log("from a bsc timer")), 0));
      }),
      capture.within("base", async () => {
        await tick();
        console.log("Verifying implementation: 0x02");
        await tick();
      }),
    ]);
    expect(stdout.text.split("\n").filter(Boolean).sort()).to.deep.equal(
      ["bsc  | Verifying implementation: 0x01", "base | Verifying implementation: 0x02", "bsc  | from a bsc timer"].sort()
    );
    expect(stderr.text).to.equal("bsc  | bsc warns\n");
  });

  it("a line written in pieces, one chain's pieces between the other's, comes out whole under each", async () => {
    const write = (text: string) => (stdout as unknown as { write(text: string): boolean }).write(text);
    capture.within("bsc", () => write("Linking proxy "));
    capture.within("base", () => write("base half, "));
    capture.within("bsc", () => write("0xabc\nsecond bsc line\n"));
    capture.within("base", () => write("then the rest\n"));
    expect(stdout.text).to.equal("bsc  | Linking proxy 0xabc\nbsc  | second bsc line\nbase | base half, then the rest\n");
  });

  it("Buffers and callbacks as streams take them; what is left unfinished prints at restore, and write is given back", async () => {
    const write = stdout.write as unknown as (chunk: unknown, encoding?: unknown, callback?: () => void) => boolean;
    await new Promise<void>((resolve) => capture.within("base", () => write.call(stdout, Buffer.from("a buffer line\nno newline yet"), resolve)));
    capture.restore();
    expect(stdout.text).to.equal("base | a buffer line\nbase | no newline yet\n");
    expect(stdout.write).to.equal(ownWrite);
    stdout.write("plain again\n" as never);
    expect(stdout.text.endsWith("plain again\n")).to.equal(true);
  });

  it("redacts what a plugin prints, and a line outside any chain's work goes to the run's log, unprefixed", () => {
    capture.within("bsc", () => console.log(`HHE80005: could not reach https://bsc.example/v3/${SECRET}`));
    console.log(`outside: ${SECRET}`);
    expect(stdout.text).to.equal("bsc  | HHE80005: could not reach https://bsc.example/v3/<redacted>\noutside: <redacted>\n");
  });

  it("the display's own lines go around the capture (no prefix twice)", () => {
    capture.within("base", () => display.logger("base").info("Network: base (chain 8453)"));
    display.log.info("network  chain");
    expect(stdout.text).to.equal("base | Network: base (chain 8453)\nnetwork  chain\n");
  });
});
