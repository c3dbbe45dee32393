// The notifications entries must bundle for browsers: no Hardhat, ethers, ws or Node built-in.
import { expect } from "chai";
import { build, type Metafile } from "esbuild";
import { builtinModules } from "module";
import * as path from "path";

const root = path.resolve(__dirname, "../..");
const FORBIDDEN = /(^|\/)node_modules\/(hardhat|@nomiclabs|@nomicfoundation|@openzeppelin|ethers|@ethersproject|ws)\//;

async function bundle(entry: string, external: string[] = []) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    external,
  });
  return { metafile: result.metafile, code: result.outputFiles[0].text };
}

function imports(metafile: Metafile): string[] {
  return Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
}

describe("browser bundle", () => {
  it("src/notifications/index.ts bundles from its own files alone", async () => {
    const { metafile, code } = await bundle("src/notifications/index.ts");
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).to.be.greaterThan(5);
    expect(inputs.filter((p) => !p.startsWith("src/notifications/"))).to.deep.equal([]);
    expect(inputs.filter((p) => FORBIDDEN.test(p))).to.deep.equal([]);
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(imports(metafile).filter((p) => builtins.has(p))).to.deep.equal([]);
    expect(code).to.not.match(/\brequire\(/);
    expect(code).to.contain("notifications/addUnreadNotification");
  });

  it("src/notifications/react bundles with react and react-redux as its only outside imports", async () => {
    const { metafile } = await bundle("src/notifications/react/index.ts", ["react", "react-redux"]);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((p) => !p.startsWith("src/notifications/"))).to.deep.equal([]);
    const outside = new Set(imports(metafile).filter((p) => !p.startsWith("src/") && !p.startsWith(".")));
    expect([...outside].sort()).to.deep.equal(["react", "react-redux"]);
  });

  it("would notice a Node built-in (the check itself works)", async () => {
    const failure = await bundle("test/notifications/fixtures/imports-node-builtin.ts").catch((err: Error) => err);
    expect(failure).to.be.instanceOf(Error);
    expect(String((failure as Error).message)).to.match(/"fs"/);
  });
});
