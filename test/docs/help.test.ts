// docs/tasks.md shows each task's `npx hardhat help <task>`; this checks it is what Hardhat
// prints today. To bring the docs up to date: npx ts-node --transpile-only scripts/docs/help.ts
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { HELP_DOC, HELP_TASKS, REPO_ROOT, findHelpBlock, hardhatHelp, helpMarker, normalizeHelp } from "../../scripts/docs/help";

describe("docs: task help", () => {
  const doc = path.relative(REPO_ROOT, HELP_DOC);
  let printed: Map<string, string>;

  before(async () => {
    // One Hardhat process per task, all at once.
    const texts = await Promise.all(HELP_TASKS.map((task) => hardhatHelp(task)));
    printed = new Map(HELP_TASKS.map((task, i) => [task, texts[i]]));
  });

  it("normalizes only what Hardhat changes on its own", () => {
    const raw = "Hardhat version 2.29.1\n\nUsage: x  \n\n  --a\tA \n\nFor global options help run: hardhat help\n\n";
    expect(normalizeHelp(raw)).to.equal("Usage: x\n\n  --a\tA");
  });

  for (const task of HELP_TASKS) {
    it(`${task}: the docs show what \`hardhat help ${task}\` prints`, () => {
      const block = findHelpBlock(fs.readFileSync(HELP_DOC, "utf8"), task);
      expect(block, `${doc} needs a fenced block right after ${helpMarker(task)}`).to.not.equal(undefined);
      expect(printed.get(task)).to.contain(`Usage: hardhat [GLOBAL OPTIONS] ${task}`);
      expect(normalizeHelp(block!.text), `${doc} is out of date for ${task}; run npx ts-node --transpile-only scripts/docs/help.ts`).to.equal(
        printed.get(task)
      );
    });
  }
});
