// The installed tarball from both module systems: the ESM and CommonJS builds give the same
// results; both copies loaded at once still behave as one package (the dual-package hazard); and
// TypeScript resolves every entry point's types under node10, node16 (CommonJS and ESM files) and
// bundler resolution.
import { expect } from "chai";
import path from "path";
import { fileURLToPath } from "url";
import { consumer, runNode, type Consumer, type Ran } from "./consumer";

interface Run {
  resolved: string[];
  exports: string[];
  reactExports: string[];
  result: { unread: string[]; read: string[]; state: unknown };
}

async function json<T>(project: Consumer, script: string): Promise<T> {
  const ran = await runNode(project.dir, script);
  expect(ran.code, ran.output).to.equal(0);
  return JSON.parse(ran.stdout) as T;
}

describe("the installed package from ESM and CommonJS", () => {
  let project: Consumer;

  before(async () => {
    project = await consumer();
  });

  it("`import` loads the .mjs build, `require` the .js build, and the reducer gives the same results", async () => {
    const esm = await json<Run>(project, "run/reducer.mjs");
    const cjs = await json<Run>(project, "run/reducer.cjs");
    const dist = path.join(project.installed, "dist", "notifications");
    expect(esm.resolved.map((url) => fileURLToPath(url))).to.deep.equal([path.join(dist, "index.mjs"), path.join(dist, "react", "index.mjs")]);
    expect(cjs.resolved).to.deep.equal([path.join(dist, "index.js"), path.join(dist, "react", "index.js")]);
    expect(esm.result.unread).to.deep.equal(["n2b", "n3"]);
    expect(esm.result.read).to.deep.equal(["n1"]);
    expect(cjs.result).to.deep.equal(esm.result);
    expect(cjs.exports).to.deep.equal(esm.exports);
    expect(cjs.reactExports).to.deep.equal(esm.reactExports);
    expect(esm.reactExports).to.include("useUnreadNotifications");
  });

  it("both copies in one process act as one package: errors, running fetches, the flag, the middleware", async () => {
    const seen = await json<Record<string, unknown>>(project, "run/both-copies.mjs");
    expect(seen).to.deep.equal({
      twoCopies: true,
      errors: {
        thrownByCjsIsEsmInputError: true,
        thrownByCjsIsEsmBase: true,
        thrownByCjsIsError: true,
        esmInputErrorIsCjsInputError: true,
        cjsBaseIsEsmInputError: false,
        plainErrorIsEsmBase: false,
        appSubclassIsCjsInputError: true,
        cjsInputErrorIsAppSubclass: false,
      },
      // The second account's fetch, through the other copy, aborted the first; its late answer is dropped.
      fetches: { firstAborted: true, unread: ["for-b"] },
      flag: { firstCleared: true, stillSetAfterFirstDelay: true, clearedAfterSecond: true },
      updater: "started",
      mixed: ["mixed"],
    });
  });

  describe("TypeScript in the consumer (its own typescript) type-checks an import from every entry point", () => {
    // The three runs at once: each is a few seconds of mostly one core.
    const runs: Record<string, Promise<Ran>> = {};
    const tsc = (resolution: string) => runs[resolution];
    const read = (ran: { stdout: string }, file: string) => ran.stdout.split("\n").includes(path.join(project.installed, "dist", file));

    before(() => {
      for (const resolution of ["node10", "node16", "bundler"]) {
        runs[resolution] = runNode(project.dir, path.join(project.dir, "node_modules", "typescript", "bin", "tsc"), [
          "-p",
          `tsconfig.${resolution}.json`,
          "--listFiles",
        ]);
      }
    });

    it("node10: through typesVersions, the CommonJS declarations", async () => {
      const ran = await tsc("node10");
      expect(ran.code, ran.output).to.equal(0);
      expect(read(ran, "notifications/index.d.ts")).to.equal(true);
      expect(read(ran, "notifications/index.d.mts")).to.equal(false);
    });

    it("node16: a CommonJS file gets the .d.ts declarations, an ES module the .d.mts ones", async () => {
      const ran = await tsc("node16");
      expect(ran.code, ran.output).to.equal(0);
      for (const file of [
        "notifications/index.d.ts",
        "notifications/react/index.d.ts",
        "notifications/index.d.mts",
        "notifications/react/index.d.mts",
        "hardhat/hardhat2/index.d.ts",
        "hardhat/hardhat3/index.d.mts",
      ]) {
        expect(read(ran, file), file).to.equal(true);
      }
    });

    it("bundler: the `import` condition's declarations", async () => {
      const ran = await tsc("bundler");
      expect(ran.code, ran.output).to.equal(0);
      expect(read(ran, "notifications/react/index.d.mts")).to.equal(true);
      expect(read(ran, "notifications/index.d.ts")).to.equal(false);
    });
  });
});
