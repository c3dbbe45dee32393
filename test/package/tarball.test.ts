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
