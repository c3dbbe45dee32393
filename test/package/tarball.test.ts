// The packed tarball, as published: what it holds, then the two package linters. publint checks the
// package.json fields against the files; arethetypeswrong checks every entry point's types under
// node10, node16 from CommonJS and from ESM, and bundler resolution. Both must report nothing.
import { expect } from "chai";
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { REPO_ROOT } from "../hardhat/helpers/environment";
import { EnvError, MissingPrivateKeyError } from "../../src/hardhat/errors";
import { binScript, consumer, runNode, type Consumer } from "./consumer";

describe("the packed tarball: contents and package linters", () => {
  let project: Consumer;

  before(async () => {
    project = await consumer();
  });

  it("holds both builds of the notifications entries, and the docs and changelog the README links to", () => {
    const listing = execFileSync("tar", ["-tzf", project.tarball], { encoding: "utf8" }).split("\n");
    for (const entry of ["notifications", "notifications/react"]) {
      for (const file of ["index.js", "index.d.ts", "index.mjs", "index.d.mts"]) expect(listing).to.include(`package/dist/${entry}/${file}`);
    }
    const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    const linked = [...readme.matchAll(/\]\(((?:docs\/[^)#]+|CHANGELOG)\.md)(?:#[^)]*)?\)/g)].map((m) => m[1]);
    expect(linked).to.include("CHANGELOG.md");
    expect(linked.filter((file) => file.startsWith("docs/")).length).to.be.greaterThan(3);
    for (const file of new Set(linked)) expect(listing, file).to.include(`package/${file}`);
  });

  it("holds the examples, importing the package by its name, and no build output of theirs", () => {
    const listing = execFileSync("tar", ["-tzf", project.tarball], { encoding: "utf8" }).split("\n");
    const examples = listing.filter((entry) => entry.startsWith("package/examples/")).sort();
    expect(examples).to.deep.equal(
      [
        "package/examples/browser/app.ts",
        "package/examples/browser/build.ts",
        "package/examples/browser/index.html",
        "package/examples/notifications-store/index.ts",
        "package/examples/react/Notifications.tsx",
        "package/examples/react/README.md",
        "package/examples/react/build.ts",
        "package/examples/react/index.html",
        "package/examples/react/main.tsx",
        "package/examples/react/store.ts",
        "package/examples/redux-node/index.ts",
      ].sort()
    );
    const redux = fs.readFileSync(path.join(project.installed, "examples/redux-node/index.ts"), "utf8");
    expect(redux).to.include('} from "multiaccount-kit/notifications";');
    expect(redux).to.include('import { startMockHedger, type MockNotification } from "multiaccount-kit/mock-hedger";');
    for (const file of examples.filter((entry) => /\.tsx?$/.test(entry))) {
      const text = fs.readFileSync(path.join(project.installed, file.slice("package/".length)), "utf8");
      expect(text, file).to.not.match(/from "\.\.\/\.\.\/src/);
    }
  });

  it("ships no source maps, and nothing points at a map or a source it lacks", () => {
    // A map naming src/*.ts, which the package does not ship, turned Hardhat 2's stack frames into
    // paths that do not exist: the build makes none (tsconfig.build.json). The tarball's files are
    // read where the consumer installed them.
    const listing = execFileSync("tar", ["-tzf", project.tarball], { encoding: "utf8" }).split("\n");
    const files = listing.filter((entry) => entry.startsWith("package/") && !entry.endsWith("/")).map((entry) => entry.slice("package/".length));
    const shipped = new Set(files);
    const maps = files.filter((file) => file.endsWith(".map"));
    for (const map of maps) {
      const { sources = [], sourceRoot = "" } = JSON.parse(fs.readFileSync(path.join(project.installed, map), "utf8")) as {
        sources?: string[];
        sourceRoot?: string;
      };
      for (const source of sources) expect(shipped.has(path.posix.join(path.posix.dirname(map), sourceRoot, source)), `${map} names ${source}`).to.equal(true);
    }
    expect(maps).to.deep.equal([]);
    let scripts = 0;
    for (const file of files.filter((name) => /\.(c|m)?js$/.test(name))) {
      scripts++;
      for (const [, target] of fs.readFileSync(path.join(project.installed, file), "utf8").matchAll(/^\/\/# sourceMappingURL=(\S+)$/gm)) {
        if (!target.startsWith("data:")) expect(shipped.has(path.posix.join(path.posix.dirname(file), target)), `${file} points at ${target}`).to.equal(true);
      }
    }
    expect(scripts, "the scripts read").to.be.greaterThan(50);
  });

  it("holds .env.example, the template that the missing-PRIVATE_KEY and bad-variable messages name by its installed path", () => {
    const listing = execFileSync("tar", ["-tzf", project.tarball], { encoding: "utf8" }).split("\n");
    expect(listing).to.include("package/.env.example");
    for (const error of [new MissingPrivateKeyError("bsc"), new EnvError("BSC_RPC_URL", "must be an http(s) or ws(s) URL")]) {
      const named = /\((node_modules\/multiaccount-kit\/\S+) lists every variable\)/.exec(error.message);
      expect(named, error.message).to.not.equal(null);
      // The path as a project that installed the package sees it, from the project's root.
      expect(fs.readFileSync(path.join(project.dir, named![1]), "utf8")).to.equal(fs.readFileSync(path.join(REPO_ROOT, ".env.example"), "utf8"));
    }
  });

  it("publint: all good, no suggestion either", async () => {
    const ran = await runNode(project.dir, binScript(project.dir, "publint", "publint"), ["run", project.tarball, "--strict"]);
    expect(ran.code, ran.output).to.equal(0);
    expect(ran.output.trim().split("\n").pop(), ran.output).to.equal("All good!");
  });

  it("arethetypeswrong: no problem on any entry point", async () => {
    const ran = await runNode(project.dir, binScript(project.dir, "@arethetypeswrong/cli", "attw"), [
      project.tarball,
      "--format",
      "table-flipped",
      "--no-emoji",
      "--no-color",
    ]);
    expect(ran.code, ran.output).to.equal(0);
    expect(ran.output, ran.output).to.include("No problems found");
    for (const entry of ["hardhat", "hardhat/env", "hardhat/addresses", "notifications", "notifications/react", "mock-hedger"]) {
      expect(ran.output, ran.output).to.include(`"multiaccount-kit/${entry}"`);
    }
  });
});
