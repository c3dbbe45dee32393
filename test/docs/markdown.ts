// Just enough Markdown for the docs tests: which files are docs, their fenced code blocks, their
// links and the anchors GitHub gives their headings.
import fs from "fs";
import path from "path";

export const REPO_ROOT = path.resolve(__dirname, "../..");

/** README.md and every docs/*.md, as paths relative to the repository root. */
/** README.md, the user docs (docs/*.md) and the contributor docs (docs/contributing/*.md). */
export function docFiles(): string[] {
  const inFolder = (folder: string) =>
    fs
      .readdirSync(path.join(REPO_ROOT, folder))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => `${folder}/${name}`);
  return ["README.md", ...inFolder("docs"), ...inFolder("docs/contributing")];
}

export function readDoc(file: string): string {
  return fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
}

export interface CodeBlock {
  /** The fence's info string, e.g. "ts compile". */
  info: string;
  code: string;
  /** 1-based line of the first line of code (the line after the opening fence). */
  line: number;
}

interface Line {
  text: string;
  /** Whether the line is a fence or inside a fenced block. */
  code: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

function classify(markdown: string): Line[] {
  const lines: Line[] = [];
  let open: string | undefined;
  for (const text of markdown.split(/\r?\n/)) {
    const fence = FENCE.exec(text);
    if (open === undefined) {
      if (fence) open = fence[1];
      lines.push({ text, code: fence !== null });
    } else {
      if (fence && fence[1][0] === open[0] && fence[1].length >= open.length && fence[2].trim() === "") open = undefined;
      lines.push({ text, code: true });
    }
  }
  return lines;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i]);
    if (!fence) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE.exec(lines[j]);
      if (close && close[1][0] === fence[1][0] && close[1].length >= fence[1].length && close[2].trim() === "") break;
      body.push(lines[j]);
    }
    blocks.push({ info: fence[2].trim(), code: body.join("\n"), line: i + 2 });
    i = j;
  }
  return blocks;
}

export interface Link {
  target: string;
  line: number;
}

/** Inline links `[text](target)` and images outside code blocks and code spans. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  classify(markdown).forEach(({ text, code }, index) => {
    if (code) return;
    const prose = text.replace(/(`+)[^`]*?\1/g, "");
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ target: match[1], line: index + 1 });
    }
  });
  return found;
}

/** GitHub's anchor for a heading's text (what github-slugger does to the rendered text). */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/`/g, "")
    .replace(/\*\*|__|\*/g, "")
    .replace(/<[^>]+>/g, "");
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a file offers: its headings' slugs (with GitHub's -1, -2 for repeats) and explicit ids. */
export function anchors(markdown: string): Set<string> {
  const result = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text, code } of classify(markdown)) {
    if (code) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const base = githubSlug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      result.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) result.add(id[1]);
  }
  return result;
}

/** The text of every inline code span and every heading outside code blocks: where a reference names things. */
export function namedInProse(markdown: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  classify(markdown).forEach(({ text, code }, index) => {
    if (code) return;
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(text);
    if (heading) found.push({ text: heading[1], line: index + 1 });
    for (const span of text.matchAll(/(`+)(.+?)\1/g)) found.push({ text: span[2], line: index + 1 });
  });
  return found;
}
