// The `npx hardhat help <task>` text that docs/tasks.md shows for each task. The test
// test/docs/help.test.ts checks that the docs match it; running this file rewrites the blocks:
//   npx ts-node --transpile-only scripts/docs/help.ts
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import {
  TASK_ADDRESSES_SHOW,
  TASK_DEPLOY_MULTIACCOUNT,
  TASK_DEPLOY_PROTOCOL_STAND_IN,
  TASK_HANDOVER_MULTIACCOUNT,
  TASK_UPGRADE_MULTIACCOUNT,
} from "../../src/hardhat/constants";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const HELP_DOC = path.join(REPO_ROOT, "docs/tasks.md");
export const HELP_TASKS = [TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT, TASK_ADDRESSES_SHOW, TASK_DEPLOY_PROTOCOL_STAND_IN, TASK_HANDOVER_MULTIACCOUNT];

/** The HTML comment that stands right before a task's fenced help block in the docs. */
export function helpMarker(task: string): string {
  return `<!-- hardhat help ${task} -->`;
}

/**
 * The help text as the docs show it: trailing whitespace removed from each line, without the
 * "Hardhat version" and "For global options help" lines (they change with Hardhat, not with us),
 * and without blank lines at either end.
 */
export function normalizeHelp(text: string): string {
  const lines = text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => !/^Hardhat version /.test(line) && !/^For global options help/.test(line));
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}

/** Runs this repository's Hardhat 2 CLI (`hardhat help <task>`) and returns the normalized text. */
export function hardhatHelp(task: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {};
  // Mocha's ts-node settings and mocha's own variables must not leak into the child.
  for (const [key, value] of Object.entries(process.env)) if (!/TS_NODE|MOCHA/.test(key)) env[key] = value;
  const cli = path.join(REPO_ROOT, "node_modules/hardhat/internal/cli/cli.js");
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, "help", task], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`hardhat help ${task} failed: ${error.message}\n${stderr}`));
      else resolve(normalizeHelp(stdout));
    });
  });
}

export interface HelpBlock {
  /** Offsets of the block's content (between the opening fence line and the closing fence). */
  start: number;
  end: number;
  text: string;
}

/** The fenced block right after `helpMarker(task)`, or undefined when the marker or block is missing. */
export function findHelpBlock(markdown: string, task: string): HelpBlock | undefined {
  const marker = markdown.indexOf(helpMarker(task));
  if (marker < 0) return undefined;
  const fence = /\n(```+)[^\n]*\n/g;
  fence.lastIndex = marker;
  const open = fence.exec(markdown);
  if (open === null) return undefined;
  // Only blank lines may separate the marker from its block.
  if (markdown.slice(marker + helpMarker(task).length, open.index).trim() !== "") return undefined;
  const start = open.index + open[0].length;
  const close = markdown.indexOf(`\n${open[1]}`, start - 1);
  if (close < 0) return undefined;
  const end = close + 1;
  return { start, end, text: markdown.slice(start, end) };
}

async function main(): Promise<void> {
  let markdown = fs.readFileSync(HELP_DOC, "utf8");
  const texts = await Promise.all(HELP_TASKS.map((task) => hardhatHelp(task)));
  HELP_TASKS.forEach((task, i) => {
    const block = findHelpBlock(markdown, task);
    if (block === undefined) throw new Error(`${HELP_DOC} has no fenced block after ${helpMarker(task)}`);
    markdown = markdown.slice(0, block.start) + texts[i] + "\n" + markdown.slice(block.end);
  });
  fs.writeFileSync(HELP_DOC, markdown);
  console.log(`Updated the help of ${HELP_TASKS.join(", ")} in ${path.relative(REPO_ROOT, HELP_DOC)}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
