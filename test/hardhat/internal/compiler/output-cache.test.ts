// The solc output cache: an output is read back only for the same compiler and the same input, is
// kept only when whole and free of errors, never fails a compile, and stays within its size bound.
// Then on Hardhat 2 itself: a compile with a kept output runs no solc (a doctored entry shows up in the
// artifacts), and the build is byte for byte the one solc gives.
import { expect } from "chai";
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import {
  keepLongVersion,
  keptLongVersion,
  pruneSolcOutputCache,
  solcJsIdentity,
  solcOutputCacheDir,
  withSolcOutputCache,
  SOLC_CACHE_ENV,
  SOLC_CACHE_MAX_ENV,
} from "../../../../src/hardhat/internal/compiler/output-cache";
import { useEnvironment } from "../../helpers/environment";

const OUTPUT = { contracts: { "a.sol": { A: { evm: { bytecode: { object: "6080" } } } } }, sources: { "a.sol": { id: 0 } } };
const input = (content: string) => ({ language: "Solidity", sources: { "a.sol": { content } }, settings: { optimizer: { enabled: true } } });

/** A compile that counts its runs and answers `output`. */
function compiler(output: unknown = OUTPUT) {
  const compile = async () => {
    compile.runs++;
    return structuredClone(output);
  };
  compile.runs = 0;
  return compile;
}

const entries = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith(".json"));

describe("the solc output cache", () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-solc-cache-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives a kept output back for the same compiler and input, without compiling", async () => {
    const compile = compiler();
    const first = await withSolcOutputCache(dir, "solcjs sha256:aa", input("contract A {}"), compile);
    const second = await withSolcOutputCache(dir, "solcjs sha256:aa", input("contract A {}"), compile);
    expect(compile.runs).to.equal(1);
    expect(second).to.deep.equal(first).and.deep.equal(OUTPUT);
    expect(entries(dir)).to.have.length(1);
  });

  it("compiles another input, and the same input for another compiler", async () => {
    const compile = compiler();
    await withSolcOutputCache(dir, "solcjs sha256:aa", input("contract A {}"), compile);
    await withSolcOutputCache(dir, "solcjs sha256:aa", input("contract A { }"), compile);
    await withSolcOutputCache(dir, "solcjs sha256:bb", input("contract A {}"), compile);
    expect(compile.runs).to.equal(3);
    expect(entries(dir)).to.have.length(3);
  });

  it("takes settings that link no library (an empty `libraries`) for the same input, and a linked library for another", async () => {
    const compile = compiler();
    const withLibraries = (libraries: unknown) => ({ ...input("contract A {}"), settings: { optimizer: { enabled: true }, libraries } });
    await withSolcOutputCache(dir, "solcjs sha256:aa", input("contract A {}"), compile);
    await withSolcOutputCache(dir, "solcjs sha256:aa", withLibraries({}), compile);
    expect(compile.runs).to.equal(1);
    await withSolcOutputCache(dir, "solcjs sha256:aa", withLibraries({ "a.sol": { L: "0x0000000000000000000000000000000000000001" } }), compile);
    expect(compile.runs).to.equal(2);
  });

  it("keeps no output holding an error, and keeps one with warnings only", async () => {
    const failed = compiler({ errors: [{ severity: "warning" }, { severity: "error", message: "ParserError" }] });
    await withSolcOutputCache(dir, "c", input("contract A {"), failed);
    await withSolcOutputCache(dir, "c", input("contract A {"), failed);
    expect(failed.runs, "solc asked again for the erroneous input").to.equal(2);
    expect(entries(dir)).to.deep.equal([]);
    const warned = compiler({ ...OUTPUT, errors: [{ severity: "warning", message: "unused variable" }] });
    await withSolcOutputCache(dir, "c", input("contract B {}"), warned);
    await withSolcOutputCache(dir, "c", input("contract B {}"), warned);
    expect(warned.runs).to.equal(1);
  });

  it("compiles again over a torn, foreign or other-format entry, and replaces it", async () => {
    const compile = compiler();
    await withSolcOutputCache(dir, "c", input("x"), compile);
    const [name] = entries(dir);
    const file = path.join(dir, name);
    const whole = fs.readFileSync(file, "utf8");
    const bad = [
      whole.slice(0, whole.length / 2),
      JSON.stringify({ ...JSON.parse(whole), input: "0".repeat(64) }),
      JSON.stringify({ ...JSON.parse(whole), compiler: "another" }),
      JSON.stringify({ ...JSON.parse(whole), format: 0 }),
    ];
    for (const content of bad) {
      fs.writeFileSync(file, content);
      expect(await withSolcOutputCache(dir, "c", input("x"), compile)).to.deep.equal(OUTPUT);
    }
    expect(compile.runs).to.equal(1 + bad.length);
    expect(fs.readFileSync(file, "utf8")).to.equal(whole);
  });

  it("never fails the compile when the folder cannot be written, and leaves no temporary file", async () => {
    const blocked = path.join(dir, "a-file");
    fs.writeFileSync(blocked, "");
    const compile = compiler();
    expect(await withSolcOutputCache(path.join(blocked, "cache"), "c", input("x"), compile)).to.deep.equal(OUTPUT);
    expect(await withSolcOutputCache(path.join(blocked, "cache"), "c", input("x"), compile)).to.deep.equal(OUTPUT);
    expect(compile.runs).to.equal(2);
    expect(fs.readdirSync(dir)).to.deep.equal(["a-file"]);
  });

  it("passes a compile's own failure through", async () => {
    const failing = async () => {
      throw new Error("solcjs crashed");
    };
    await withSolcOutputCache(dir, "c", input("x"), failing).then(
      () => expect.fail("resolved"),
      (error: Error) => expect(error.message).to.equal("solcjs crashed")
    );
    expect(entries(dir)).to.deep.equal([]);
  });

  it("keeps within its size bound, the least recently used output going first", async () => {
    const big = { ...OUTPUT, padding: "x".repeat(400 * 1024) };
    const env = { [SOLC_CACHE_MAX_ENV]: "1" }; // 1 MiB: two entries of 400 KiB fit, three do not
    const compile = compiler(big);
    await withSolcOutputCache(dir, "c", input("one"), compile, env);
    await withSolcOutputCache(dir, "c", input("two"), compile, env);
    // "one" is read back, so "two" becomes the least recently used
    const past = new Date(Date.now() - 60_000);
    for (const name of entries(dir)) fs.utimesSync(path.join(dir, name), past, past);
    await withSolcOutputCache(dir, "c", input("one"), compile, env);
    await withSolcOutputCache(dir, "c", input("three"), compile, env);
    expect(compile.runs).to.equal(3);
    expect(entries(dir)).to.have.length(2);
    await withSolcOutputCache(dir, "c", input("one"), compile, env);
    expect(compile.runs, "the recently used output was kept").to.equal(3);
    await withSolcOutputCache(dir, "c", input("two"), compile, env);
    expect(compile.runs, "the least recently used output was removed").to.equal(4);
  });

  describe("two compiles of one input at once (another process, or this one)", () => {
    /** A compile that stays running until `finish` is called, counting its runs. */
    function held(output: unknown = OUTPUT) {
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const compile = async () => {
        compile.runs++;
        compile.started();
        await done;
        return structuredClone(output);
      };
      compile.runs = 0;
      let started!: () => void;
      compile.running = new Promise<void>((resolve) => (started = resolve));
      compile.started = () => started();
      return { compile, finish: () => finish() };
    }
    const lockOf = () => fs.readdirSync(dir).filter((name) => name.endsWith(".lock"));

    it("runs solc once: the second waits for the first's output", async () => {
      const { compile, finish } = held();
      const first = withSolcOutputCache(dir, "c", input("x"), compile);
      await compile.running;
      expect(lockOf(), "the first holds the input's lock").to.have.length(1);
      const second = withSolcOutputCache(dir, "c", input("x"), compile);
      finish();
      expect(await second)
        .to.deep.equal(await first)
        .and.deep.equal(OUTPUT);
      expect(compile.runs).to.equal(1);
      expect(lockOf(), "the lock released").to.deep.equal([]);
    });

    it("compiles itself when the first keeps nothing (solc refused the input)", async () => {
      const refused = { errors: [{ severity: "error", message: "ParserError" }] };
      const { compile, finish } = held(refused);
      const first = withSolcOutputCache(dir, "c", input("x"), compile);
      await compile.running;
      const second = withSolcOutputCache(dir, "c", input("x"), compile);
      finish();
      expect(await first).to.deep.equal(refused);
      expect(await second).to.deep.equal(refused);
      expect(compile.runs).to.equal(2);
      expect(fs.readdirSync(dir)).to.deep.equal([]);
    });

    it("releases the lock when the compile throws", async () => {
      const failing = async () => {
        throw new Error("solcjs crashed");
      };
      await withSolcOutputCache(dir, "c", input("x"), failing).catch(() => undefined);
      expect(fs.readdirSync(dir)).to.deep.equal([]);
      const compile = compiler();
      expect(await withSolcOutputCache(dir, "c", input("x"), compile)).to.deep.equal(OUTPUT);
      expect(compile.runs).to.equal(1);
    });

    it("takes over the lock of a process that is gone (killed midway), and compiles", async () => {
      const compile = compiler();
      await withSolcOutputCache(dir, "c", input("probe"), compile);
      const entry = entries(dir)[0];
      fs.rmSync(path.join(dir, entry));
      const gone = spawnSync(process.execPath, ["-e", ""]).pid;
      fs.writeFileSync(path.join(dir, `${entry}.lock`), String(gone));
      expect(await withSolcOutputCache(dir, "c", input("probe"), compile)).to.deep.equal(OUTPUT);
      expect(compile.runs).to.equal(2);
      expect(fs.readdirSync(dir)).to.deep.equal([entry]);
    });

    it("takes over a lock that names no process once it is old (its writer killed before writing)", async () => {
      const compile = compiler();
      await withSolcOutputCache(dir, "c", input("probe"), compile);
      const entry = entries(dir)[0];
      fs.rmSync(path.join(dir, entry));
      const lock = path.join(dir, `${entry}.lock`);
      fs.writeFileSync(lock, "");
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(lock, old, old);
      expect(await withSolcOutputCache(dir, "c", input("probe"), compile)).to.deep.equal(OUTPUT);
      expect(compile.runs).to.equal(2);
      expect(fs.readdirSync(dir)).to.deep.equal([entry]);
    });
  });

  it("prunes only its own entries", () => {
    fs.writeFileSync(path.join(dir, "notes.txt"), "x".repeat(2048));
    fs.writeFileSync(path.join(dir, `${"a".repeat(64)}.json`), "x".repeat(2048));
    pruneSolcOutputCache(dir, 1024);
    expect(fs.readdirSync(dir)).to.deep.equal(["notes.txt"]);
  });

  it("lives in the project's Hardhat cache unless MULTIACCOUNT_SOLC_CACHE names a folder or says off", () => {
    expect(solcOutputCacheDir("/p", "/p/cache", {})).to.equal(path.join("/p/cache", "multiaccount-kit", "solc-output"));
    expect(solcOutputCacheDir("/p", "/p/cache", { [SOLC_CACHE_ENV]: " " })).to.equal(path.join("/p/cache", "multiaccount-kit", "solc-output"));
    expect(solcOutputCacheDir("/p", "/p/cache", { [SOLC_CACHE_ENV]: "shared/solc" })).to.equal(path.resolve("/p", "shared/solc"));
    expect(solcOutputCacheDir("/p", "/p/cache", { [SOLC_CACHE_ENV]: "/var/cache/solc" })).to.equal(path.resolve("/var/cache/solc"));
    for (const off of ["off", "OFF", "0", "false", "no"]) expect(solcOutputCacheDir("/p", "/p/cache", { [SOLC_CACHE_ENV]: off }), off).to.equal(undefined);
  });

  it("keeps a compiler's long version under its identity: not another compiler's, never a text that is not one, nothing without a folder", () => {
    const one = "solcjs sha256:" + "1".repeat(64);
    const two = "solcjs sha256:" + "2".repeat(64);
    expect(keptLongVersion(dir, one), "nothing kept yet").to.equal(undefined);
    keepLongVersion(dir, one, "0.8.24+commit.e11b9ed9");
    expect(keptLongVersion(dir, one)).to.equal("0.8.24+commit.e11b9ed9");
    expect(keptLongVersion(dir, two), "another compiler's").to.equal(undefined);
    keepLongVersion(dir, two, "0.8.24-nightly");
    expect(keptLongVersion(dir, two), "not a long version: not kept").to.equal(undefined);
    const [file] = fs.readdirSync(dir).filter((name) => name.endsWith(".long-version"));
    fs.writeFileSync(path.join(dir, file), "0.8.24+commit.e11b9ed9\ngarbage");
    expect(keptLongVersion(dir, one), "a doctored file is asked again").to.equal(undefined);
    expect(
      fs.readdirSync(dir).filter((name) => name.includes(".tmp")),
      "temporary files left"
    ).to.deep.equal([]);
    keepLongVersion(undefined, one, "0.8.24+commit.e11b9ed9");
    expect(keptLongVersion(undefined, one)).to.equal(undefined);
    const blocked = path.join(dir, "a-file");
    fs.writeFileSync(blocked, "");
    expect(() => keepLongVersion(path.join(blocked, "cache"), two, "0.8.24+commit.e11b9ed9"), "a folder it cannot make").to.not.throw();
    expect(keptLongVersion(path.join(blocked, "cache"), two)).to.equal(undefined);
    fs.rmSync(blocked);
    pruneSolcOutputCache(dir, 0);
    expect(fs.readdirSync(dir), "the size bound removes outputs only").to.have.length(1);
  });

  it("knows a solcjs compiler by its file's content, not its name", () => {
    const a = path.join(dir, "soljson-a.js");
    const b = path.join(dir, "soljson-b.js");
    const c = path.join(dir, "soljson-c.js");
    fs.writeFileSync(a, "compiler one");
    fs.writeFileSync(b, "compiler one");
    fs.writeFileSync(c, "compiler two");
    expect(solcJsIdentity(a))
      .to.equal(solcJsIdentity(b))
      .and.match(/^solcjs sha256:[0-9a-f]{64}$/);
    expect(solcJsIdentity(c)).to.not.equal(solcJsIdentity(a));
  });
});

describe("the solc output cache on Hardhat 2", function () {
  let dir: string;
  // Registered before useEnvironment's, so that it runs first: the fixture's artifacts as solc makes
  // them, whatever happened below (useEnvironment then restores the environment variables).
  after(async () => {
    process.env[SOLC_CACHE_ENV] = "off";
    await env.hre.run("compile", { force: true, quiet: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = useEnvironment("custom-names", () => ({}));
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-solc-hh2-"))));
  const bytecode = () => JSON.parse(fs.readFileSync(path.join(env.hre.config.paths.artifacts, "contracts/AccountHub.sol/AccountHub.json"), "utf8")).bytecode;
  const buildInfo = async () => {
    const [name] = await env.hre.artifacts.getBuildInfoPaths();
    return fs.readFileSync(name, "utf8");
  };

  it("builds byte for byte what solc builds, and a kept output runs no solc, also for settings with an empty `libraries`", async () => {
    process.env[SOLC_CACHE_ENV] = "off";
    await env.hre.run("compile", { force: true, quiet: true });
    const bySolc = { bytecode: bytecode(), buildInfo: await buildInfo() };
    // Explorer plugins add an empty `libraries` to the settings before they verify: solc builds the same.
    const settings = env.hre.config.solidity.compilers[0].settings as { libraries?: unknown };
    settings.libraries = {};
    await env.hre.run("compile", { force: true, quiet: true });
    const linkingNothing = JSON.parse(await buildInfo());
    expect(linkingNothing.input.settings.libraries, "the input solc was given").to.deep.equal({});
    expect(linkingNothing.output).to.deep.equal(JSON.parse(bySolc.buildInfo).output);
    delete settings.libraries;

    process.env[SOLC_CACHE_ENV] = dir;
    await env.hre.run("compile", { force: true, quiet: true });
    expect(entries(dir)).to.have.length(1);
    await env.hre.run("compile", { force: true, quiet: true });
    expect(entries(dir), "the second compile added no entry").to.have.length(1);
    expect(await buildInfo(), "the build info from the kept output").to.equal(bySolc.buildInfo);
    expect(bytecode()).to.equal(bySolc.bytecode);
    settings.libraries = {};
    try {
      await env.hre.run("compile", { force: true, quiet: true });
      expect(entries(dir), "an empty `libraries` reads the same entry").to.have.length(1);
      expect(JSON.parse(await buildInfo()).output).to.deep.equal(linkingNothing.output);
    } finally {
      delete settings.libraries;
    }

    // A doctored entry reaches the artifacts: the compile read it and ran no solc.
    const file = path.join(dir, entries(dir)[0]);
    const entry = JSON.parse(fs.readFileSync(file, "utf8"));
    entry.output.contracts["contracts/AccountHub.sol"].AccountHub.evm.bytecode.object = "600060005500";
    fs.writeFileSync(file, JSON.stringify(entry));
    await env.hre.run("compile", { force: true, quiet: true });
    expect(bytecode()).to.equal("0x600060005500");
  });
});
