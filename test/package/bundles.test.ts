// What a frontend pays: the installed tarball bundled by esbuild for browsers (minified, the peer
// dependencies left external), for one import alone and for each entry whole. The gzipped sizes are
// held under budgets (docs/contributing/benchmarks.md, "Bundle size"), and a bundle of the reducer and two
// selectors must hold no code of the live connection, the fetch or the backoff.
import { expect } from "chai";
import { build } from "esbuild";
import fs from "fs";
import path from "path";
import zlib from "zlib";
import { consumer, type Consumer } from "./consumer";

interface Bundle {
  code: string;
  minified: number;
  gzipped: number;
  inputs: string[];
}

async function bundle(project: Consumer, contents: string): Promise<Bundle> {
  const manifest = JSON.parse(fs.readFileSync(path.join(project.installed, "package.json"), "utf8")) as { peerDependencies: Record<string, string> };
  const peers = Object.keys(manifest.peerDependencies);
  const result = await build({
    absWorkingDir: project.dir,
    stdin: { contents, resolveDir: project.dir, loader: "js", sourcefile: "app.js" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    external: [...peers, ...peers.map((peer) => `${peer}/*`)],
  });
  const bytes = result.outputFiles[0].contents;
  return {
    code: result.outputFiles[0].text,
    minified: bytes.length,
    gzipped: zlib.gzipSync(bytes).length,
    inputs: Object.keys(result.metafile.inputs),
  };
}

/**
 * Gzipped bytes (zlib's default level). The first is the target the module is held to, at most 5 KB;
 * the others a little above what they measured with the lenient wire reader and the first-load rule
 * (17,062 and 9,953 bytes), so that bloat shows.
 */
const BUDGETS = {
  "reducer + two selectors": {
    source: 'export { notificationsReducer, selectUnreadNotifications, selectReadNotifications } from "multiaccount-kit/notifications";',
    gzipped: 5_000,
  },
  "multiaccount-kit/notifications, all of it": { source: 'export * from "multiaccount-kit/notifications";', gzipped: 17_500 },
  "multiaccount-kit/notifications/react, all of it": { source: 'export * from "multiaccount-kit/notifications/react";', gzipped: 10_200 },
};

/**
 * Text that only the live connection, the fetch and the backoff hold (error and log messages, the
 * endpoint's path), so that finding it in a bundle means their code is there.
 */
const ONLY_IN = {
  "the middleware (giving up reconnecting)": "gave up reconnecting to",
  "the middleware (no WebSocket constructor)": "no WebSocket constructor",
  "the fetch (the endpoint's path)": "/position-state/",
  "the fetch (a body without position_state)": "without a position_state array",
  "the backoff (its option check)": "notifications: backoff.",
};

describe("bundles of the installed package (esbuild, browser, minified)", () => {
  let project: Consumer;
  const measured: Record<string, Bundle> = {};

  before(async () => {
    project = await consumer();
    for (const [name, { source }] of Object.entries(BUDGETS)) measured[name] = await bundle(project, source);
  });

  after(() => {
    for (const [name, b] of Object.entries(measured)) {
      console.log(`      ${name}: ${b.minified} B minified, ${b.gzipped} B gzipped (budget ${BUDGETS[name as keyof typeof BUDGETS].gzipped} B)`);
    }
  });

  for (const [name, { gzipped }] of Object.entries(BUDGETS)) {
    it(`${name}: at most ${gzipped} B gzipped`, () => {
      expect(measured[name].gzipped).to.be.at.most(gzipped);
    });
  }

  it("the reducer and two selectors come without the middleware, the fetch or the backoff (each found in the whole entry)", () => {
    const alone = measured["reducer + two selectors"];
    const whole = measured["multiaccount-kit/notifications, all of it"];
    for (const [holder, text] of Object.entries(ONLY_IN)) {
      expect(whole.code, `${holder} in the whole entry`).to.include(text);
      expect(alone.code, `${holder} with the reducer and two selectors`).to.not.include(text);
    }
    expect(
      alone.inputs.every((input) => input === "app.js" || input.endsWith(".mjs")),
      alone.inputs.join("\n")
    ).to.equal(true);
  });

  it("an app that both imports and requires the entries bundles one copy of them (the `module` condition)", async () => {
    const mixed = await bundle(
      project,
      [
        'import { notificationsReducer } from "multiaccount-kit/notifications";',
        'import { useUnreadNotifications } from "multiaccount-kit/notifications/react";',
        'const required = require("multiaccount-kit/notifications");',
        'const requiredReact = require("multiaccount-kit/notifications/react");',
        "export const same = [required.notificationsReducer === notificationsReducer, requiredReact.useUnreadNotifications === useUnreadNotifications];",
      ].join("\n")
    );
    const fromPackage = mixed.inputs.filter((input) => input.includes("multiaccount-kit/dist/"));
    expect(fromPackage.length).to.be.greaterThan(0);
    expect(fromPackage.filter((input) => !input.endsWith(".mjs"))).to.deep.equal([]);
  });
});
