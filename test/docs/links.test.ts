// Every relative link in README.md and docs/*.md points at a file that exists, and every #anchor
// into a Markdown file names one of its headings. Web and mail links are not followed.
import { expect } from "chai";
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
});
