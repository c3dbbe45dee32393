// What a multi-chain run prints: each chain's lines prefixed with its network's name, every line
// redacted with every network's secrets, and on a terminal one live status line per chain kept
// below the lines as they scroll (redrawn in place, at most once per throttle interval). Off a
// terminal (CI, a pipe, a test) no escape code is written at all: a status change is an ordinary
// prefixed line. No colours.
import { createLogger, type Logger } from "./log";
import { redact } from "./redact";

/** The part of a stream the display writes to (process.stdout, a test's fake). */
export interface TextStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** The terminal's width: live lines are cut to it, as a wrapped line would break the redraw. */
  columns?: number;
  /** The terminal's height: no more live lines than fit. */
  rows?: number;
}

/** Schedules `run` after `ms`; returns what cancels it. */
export type Timer = (run: () => void, ms: number) => () => void;

export interface ChainDisplayOptions {
  /** Every network's secrets (and the config's): redacted from every line and status, whichever chain it comes from. */
  secrets: readonly string[];
  /** Info lines and the live status lines (default process.stdout). */
  out?: TextStream;
  /** Warnings and errors (default process.stderr). */
  err?: TextStream;
  /** Live status lines; default: when `out` is a terminal. */
  live?: boolean;
  /** Status changes are redrawn at most this often (default 100 ms). */
  throttleMs?: number;
  timer?: Timer;
}

export interface ChainDisplay {
  /** Lines of the run itself, unprefixed: the tables, the summary. */
  readonly log: Logger;
  /** Lines of one chain, each prefixed with its network's name. */
  logger(network: string): Logger;
  /** The chain's live status ("checking", "deploying", "done"). */
  status(network: string, text: string): void;
  redact(text: string): string;
  /** Removes the live status lines; what follows prints as plain lines. */
  close(): void;
}

const ESC = "\u001b[";
const DEFAULT_THROTTLE_MS = 100;
const SEPARATOR = " | ";

const realTimer: Timer = (run, ms) => {
  const handle = setTimeout(run, ms);
  handle.unref?.();
  return () => clearTimeout(handle);
};

/** The live block: a status line per chain at the bottom of the terminal, under the scrolling lines. */
class LiveBlock {
  private drawn = 0;
  private cancelRedraw: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly out: TextStream,
    private readonly lines: () => string[],
    private readonly throttleMs: number,
    private readonly timer: Timer
  ) {}

  /** Writes `text` (whole lines) above the block, then the block again. */
  print(stream: TextStream, text: string): void {
    this.erase();
    stream.write(text);
    this.draw();
  }

  /** A status changed: redraw soon, once for every change until then. */
  changed(): void {
    if (this.closed || this.cancelRedraw !== undefined) return;
    this.cancelRedraw = this.timer(() => {
      this.cancelRedraw = undefined;
      this.erase();
      this.draw();
    }, this.throttleMs);
  }

  close(): void {
    this.cancelRedraw?.();
    this.cancelRedraw = undefined;
    this.erase();
    this.closed = true;
  }

  /** Up to the block's first line, then clear to the end of the screen. */
  private erase(): void {
    if (this.drawn > 0) this.out.write(`${ESC}${this.drawn}A\r${ESC}J`);
    this.drawn = 0;
  }

  private draw(): void {
    if (this.closed) return;
    const width = Math.max(10, (this.out.columns ?? 80) - 1);
    let lines = this.lines();
    const room = Math.max(1, (this.out.rows ?? 24) - 2);
    if (lines.length > room) lines = [...lines.slice(0, room - 1), `... and ${lines.length - room + 1} more chains`];
    this.out.write(lines.map((line) => (line.length > width ? line.slice(0, width - 3) + "..." : line)).join("\n") + "\n");
    this.drawn = lines.length;
  }
}

export function createChainDisplay(networks: readonly string[], options: ChainDisplayOptions): ChainDisplay {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const width = Math.max(0, ...networks.map((network) => network.length));
  const statuses = new Map<string, string>(networks.map((network) => [network, "waiting"]));
  const prefix = (network: string) => network.padEnd(width) + SEPARATOR;
  const liveLines = () => networks.map((network) => prefix(network) + statuses.get(network)!);
  const block = (options.live ?? out.isTTY === true) ? new LiveBlock(out, liveLines, options.throttleMs ?? DEFAULT_THROTTLE_MS, options.timer ?? realTimer) : undefined;
  const write = (stream: TextStream, text: string) => (block === undefined ? stream.write(text) : block.print(stream, text));
  const sink = (lead: string): Logger => {
    const lines = (stream: TextStream) => (message: string) => write(stream, message.split("\n").map((line) => `${lead}${line}`.trimEnd() + "\n").join(""));
    return { info: lines(out), warn: lines(err), error: lines(err) };
  };
  const clean = (text: string) => redact(text, options.secrets);
  return {
    log: createLogger(options.secrets, sink("")),
    logger: (network) => createLogger(options.secrets, sink(prefix(network))),
    status(network, text) {
      const shown = clean(text).split("\n")[0];
      if (statuses.get(network) === shown) return;
      statuses.set(network, shown);
      if (block === undefined) write(out, `${prefix(network)}status: ${shown}\n`);
      else block.changed();
    },
    redact: clean,
    close: () => block?.close(),
  };
}
