// Every relative link in README.md and docs/*.md points at a file that exists, and every #anchor
// into a Markdown file names one of its headings. Web and mail links are not followed. The docs
// that the package ships (README.md and docs/, see package.json "files") link only to what the
// package ships: a reader of node_modules/multiaccount-kit has no src/, test/ or scripts/, so a
// file of the repository alone is named in code font, not linked (the docs say so at their top).
import { expect } from "chai";
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { REPO_ROOT, anchors, docFiles, githubSlug, links, readDoc } from "./markdown";

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i; // http:, https:, mailto: and any other scheme

function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  for (const { target, line } of links(readDoc(file))) {
    if (EXTERNAL.test(target)) continue;
    const hash = target.indexOf("#");
    const filePart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = filePart === "" ? path.join(REPO_ROOT, file) : path.resolve(REPO_ROOT, path.dirname(file), filePart);
    const where = `${file}:${line}: ${target}`;
    if (!resolved.startsWith(REPO_ROOT + path.sep) && resolved !== REPO_ROOT) {
      problems.push(`${where} leaves the repository`);
      continue;
    }
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: ${path.relative(REPO_ROOT, resolved)} does not exist`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith(".md")) continue;
    if (!anchors(fs.readFileSync(resolved, "utf8")).has(anchor)) {
      problems.push(`${where}: ${path.relative(REPO_ROOT, resolved)} has no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}

/** The files `npm pack` puts in the package, from the repository root (no build: the docs link to nothing under dist/). */
function packedFiles(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Set((JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path));
}

/** The relative links of `markdown` (the doc `file`) whose target is neither a shipped file nor a folder holding one. */
function linksOutsidePackage(file: string, markdown: string, shipped: Set<string>): string[] {
  const outside: string[] = [];
  for (const { target } of links(markdown)) {
    if (EXTERNAL.test(target) || target.startsWith("#")) continue;
    const filePart = decodeURIComponent(target.split("#")[0]);
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart)).replace(/\/$/, "");
    if (!shipped.has(resolved) && ![...shipped].some((f) => f.startsWith(`${resolved}/`))) outside.push(target);
  }
  return outside;
}

describe("docs: links", () => {
  it("GitHub's heading anchors", () => {
    expect(githubSlug("Task `deploy-multiaccount`")).to.equal("task-deploy-multiaccount");
    expect(githubSlug("Config section `multiAccount`")).to.equal("config-section-multiaccount");
    expect(githubSlug("Safety rules, and our own choices (CREATE2)")).to.equal("safety-rules-and-our-own-choices-create2");
    expect(githubSlug("Reconnect and backfill — no lost notifications")).to.equal("reconnect-and-backfill--no-lost-notifications");
    expect([...anchors("# A\n## A\n```\n# not a heading\n```\n## B.c")]).to.deep.equal(["a", "a-1", "bc"]);
  });

  it("finds the links outside code", () => {
    const found = links('See [a](docs/a.md) and `[b](b.md)`.\n```\n[c](c.md)\n```\n[d](d.md#x "title")');
    expect(found.map((l) => l.target)).to.deep.equal(["docs/a.md", "d.md#x"]);
  });

  for (const file of docFiles()) {
    it(`${file}: every relative link and anchor resolves`, () => {
      expect(brokenLinks(file)).to.deep.equal([]);
    });
  }

  describe("in the package", () => {
    let shipped: Set<string>;
    before(() => {
      shipped = packedFiles();
    });

    it("finds a link to a file the package does not ship, and lets links to shipped files and folders through", () => {
      const doc = "[a](../src/x.ts) [b](../examples/browser) [c](notifications.md#what-it-is) [d](../test/) [e](#local) [f](https://example.com/src)";
      expect(linksOutsidePackage("docs/x.md", doc, shipped)).to.deep.equal(["../src/x.ts", "../test/"]);
      expect(shipped.has("docs/notifications.md") && shipped.has("README.md"), "the docs are in the package").to.equal(true);
    });

    for (const file of docFiles()) {
      it(`${file}: links only to what the package ships, if it ships`, () => {
        if (!shipped.has(file)) return;
        expect(linksOutsidePackage(file, readDoc(file), shipped)).to.deep.equal([]);
      });
    }
  });
});
