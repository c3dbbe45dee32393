// A stream to hand code that writes to a terminal or a pipe, and what a terminal would show after
// its writes: the few escape codes the multi-chain display emits (cursor up, carriage return, clear
// to the end of the screen) are interpreted; any other escape code fails the test.

export interface FakeStream {
  writes: string[];
  write(text: string): boolean;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
}

export function fakeStream(terminal?: { columns?: number; rows?: number }): FakeStream {
  const writes: string[] = [];
  const stream: FakeStream = { writes, write: (text) => (writes.push(text), true) };
  if (terminal !== undefined) Object.assign(stream, { isTTY: true, columns: terminal.columns ?? 80, rows: terminal.rows ?? 24 });
  return stream;
}

/** Every line written, split on newlines, without the empty piece after the last one. */
export function linesOf(stream: FakeStream): string[] {
  const lines = stream.writes.join("").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The screen (an endless one: lines scroll up, never off) after `text` was written to it. */
export function screenOf(text: string): string[] {
  const lines = [""];
  let row = 0;
  let column = 0;
  for (let at = 0; at < text.length;) {
    // eslint-disable-next-line no-control-regex -- an escape sequence starts with ESC
    const code = /^\u001b\[(\d*)([A-Za-z])/.exec(text.slice(at));
    if (code !== null) {
      const count = code[1] === "" ? 1 : Number(code[1]);
      if (code[2] === "A") row = Math.max(0, row - count);
      else if (code[2] === "J") {
        lines[row] = lines[row].slice(0, column);
        lines.length = row + 1;
      } else throw new Error(`unexpected escape code ${JSON.stringify(code[0])}`);
      at += code[0].length;
      continue;
    }
    const char = text[at++];
    if (char === "\u001b") throw new Error(`unexpected escape at ${at - 1}: ${JSON.stringify(text.slice(at - 1, at + 8))}`);
    if (char === "\n") {
      row += 1;
      column = 0;
      if (lines.length <= row) lines.push("");
    } else if (char === "\r") column = 0;
    else {
      const line = lines[row].padEnd(column);
      lines[row] = line.slice(0, column) + char + line.slice(column + 1);
      column += 1;
    }
  }
  if (lines[lines.length - 1] === "" && row === lines.length - 1) lines.pop();
  return lines;
}

// eslint-disable-next-line no-control-regex -- ESC itself
export const hasEscape = (text: string): boolean => /\u001b/.test(text);
