// `npm run bench` from a fresh clone: the every-chain benchmark compiles the deployer fixture first,
// and the fixture imports the package by its name, so the link must be there before that compile.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { prepareFixture } from "../../../scripts/bench/every-chain";
import { REPO_ROOT } from "./environment";
import type { RunResult } from "./processes";

describe("the every-chain benchmark on a fresh clone", () => {
  it("links the package into the fixture before it compiles it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-bench-fixture-"));
    try {
      const seen: string[] = [];
      await prepareFixture(dir, async (project, args) => {
        const installed = path.join(project, "node_modules", "multiaccount-kit", "package.json");
        seen.push(`${args.join(" ")}: ${fs.existsSync(installed) ? fs.realpathSync(installed) : "not installed"}`);
        return { code: 0, output: "" } as RunResult;
      });
      expect(seen).to.deep.equal([`compile --quiet: ${fs.realpathSync(path.join(REPO_ROOT, "package.json"))}`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
