// The npm solc build the plugin gives Hardhat: found by exact version, and its long version asked of
// the compiler only when read (loading solc costs about 0.3 s of processor time, which Hardhat 3 paid
// in every run for a field it never reads), and then kept in the solc output cache's folder, so that
// the next process reads it without loading solc. Each in a process of its own, so that no other test
// has loaded solc before.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { REPO_ROOT } from "../../helpers/environment";
import { childEnv, scriptResult } from "../../../support/processes";

const SCRIPT = `
const { findNpmSolcBuild } = require("./src/hardhat/internal/compiler/solc");
const loaded = () => Object.keys(require.cache).some((file) => /[\\\\/]solc[\\\\/]soljson\\.js$/.test(file));
const build = findNpmSolcBuild("0.8.24", [process.cwd()]);
const before = loaded();
const longVersion = build.longVersion;
const spread = { ...build };
console.log(JSON.stringify({ before, after: loaded(), longVersion, spread: spread.longVersion, compilerPath: build.compilerPath, missing: findNpmSolcBuild("0.8.1", [process.cwd()]) ?? null }));
`;

/** Reads the long version of a build kept in KEEP_IN; says whether solc was loaded for it. */
const KEEPING = `
const { findNpmSolcBuild } = require("./src/hardhat/internal/compiler/solc");
const loaded = () => Object.keys(require.cache).some((file) => /[\\\\/]solc[\\\\/]soljson\\.js$/.test(file));
const longVersion = findNpmSolcBuild("0.8.24", [process.cwd()], process.env.KEEP_IN).longVersion;
console.log(JSON.stringify({ longVersion, loaded: loaded() }));
`;

describe("the npm solc build", function () {
  it("is found by exact version; its long version loads the compiler only when read, and survives a copy", async () => {
    const seen = await scriptResult<{ before: boolean; after: boolean; longVersion: string; spread: string; compilerPath: string; missing: unknown }>(
      SCRIPT,
      REPO_ROOT
    );
    expect(seen.before, "solc loaded before longVersion was read").to.equal(false);
    expect(seen.after, "solc loaded once longVersion was read").to.equal(true);
    expect(seen.longVersion).to.match(/^0\.8\.24\+commit\.[0-9a-f]{8}$/);
    expect(seen.spread, "a copy of the build (as Hardhat 2 makes) keeps the long version").to.equal(seen.longVersion);
    expect(seen.compilerPath).to.match(/[\\/]solc[\\/]soljson\.js$/);
    expect(seen.missing, "no installed solc of another version").to.equal(null);
  });

  it("keeps its long version once asked: the next process reads it without loading solc", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-solc-long-"));
    try {
      const env = childEnv({ KEEP_IN: dir });
      const first = await scriptResult<{ longVersion: string; loaded: boolean }>(KEEPING, REPO_ROOT, env);
      expect(first.loaded, "the first process asks solc").to.equal(true);
      expect(first.longVersion).to.match(/^0\.8\.24\+commit\.[0-9a-f]{8}$/);
      expect(fs.readdirSync(dir).filter((name) => name.endsWith(".long-version"))).to.have.length(1);
      const second = await scriptResult<{ longVersion: string; loaded: boolean }>(KEEPING, REPO_ROOT, env);
      expect(second).to.deep.equal({ longVersion: first.longVersion, loaded: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
