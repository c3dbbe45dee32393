import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { spawnSync } from "child_process";
import { loadAddresses, saveAddresses, updateAddresses, type AddressesFile, type AddressesRecord } from "../../src/hardhat/addresses";
import { writeFileAtomic, type AtomicFs } from "../../src/hardhat/internal/files/atomic-write";
import { AddressesFileError } from "../../src/hardhat/errors";

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "mak-addresses-"));
}

describe("the addresses file", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = tempDir();
    file = path.join(dir, "output", "addresses.json");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("AddressesRecord, the 0.1 name of AddressesFile, still names the same type (deprecated until 0.3.0)", () => {
    // Type-checked by `npm run typecheck`: each name takes the other's values, both ways.
    const saved: AddressesRecord = { multiAccountAddress: "0x1111111111111111111111111111111111111111", note: "kept" };
    saveAddresses(file, saved);
    const loaded: AddressesFile = loadAddresses(file);
    const again: AddressesRecord = updateAddresses(file, loaded);
    expect(again).to.deep.equal(saved);
    const declaration = fs.readFileSync(path.join(__dirname, "../../src/hardhat/addresses.ts"), "utf8");
    expect(declaration, "editors strike the old name through").to.match(
      /@deprecated Renamed \{@link AddressesFile\}[^/]*\*\/\nexport type AddressesRecord = AddressesFile;/
    );
  });

  it("creates the folder and an empty object when the file is missing", () => {
    expect(loadAddresses(file)).to.deep.equal({});
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).to.deep.equal({});
  });

  it("round-trips known and unknown fields in their order", () => {
    const record = { protocolAddress: "0x1", somethingElse: "kept", multiAccountAddress: "0x2" };
    saveAddresses(file, record);
    expect(loadAddresses(file)).to.deep.equal(record);
    expect(Object.keys(loadAddresses(file))).to.deep.equal(["protocolAddress", "somethingElse", "multiAccountAddress"]);
  });

  it("updateAddresses changes only the given fields and keeps the rest", () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: "0xP", custom: "x" }, null, 2));
    updateAddresses(file, { multiAccountAddress: "0xM" });
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).to.deep.equal({
      protocolAddress: "0xP",
      custom: "x",
      multiAccountAddress: "0xM",
    });
  });

  const styles: Array<[string, string]> = [
    ["4-space indent, final newline", '{\n    "protocolAddress": "0xP"\n}\n'],
    ["tab indent, no final newline", '{\n\t"protocolAddress": "0xP"\n}'],
    ["CRLF line endings", '{\r\n  "protocolAddress": "0xP"\r\n}\r\n'],
    ["one line", '{"protocolAddress":"0xP"}'],
  ];
  for (const [name, original] of styles) {
    it(`keeps the file's formatting: ${name}`, () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, original);
      updateAddresses(file, { multiAccountAddress: "0xM" });
      const expected = original.replace('"0xP"', original.includes(": ") ? '"0xP",' : '"0xP",');
      const written = fs.readFileSync(file, "utf8");
      // Same text as a formatter with the same style would produce:
      const indent = original.includes("\t") ? "\t" : original.includes("    ") ? "    " : original.includes("  ") ? "  " : "";
      const newline = original.includes("\r\n") ? "\r\n" : "\n";
      const body =
        indent === ""
          ? '{"protocolAddress":"0xP","multiAccountAddress":"0xM"}'
          : `{${newline}${indent}"protocolAddress": "0xP",${newline}${indent}"multiAccountAddress": "0xM"${newline}}`;
      const final = /\n$/.test(original) ? newline : "";
      expect(written, expected).to.equal(body + final);
    });
  }

  const corrupt: Array<[string, string, RegExp]> = [
    ["invalid JSON", '{"protocolAddress": "0x1",', /not valid JSON/],
    ["an array", '["0x1"]', /expected a JSON object, found an array/],
    ["null", "null", /expected a JSON object, found null/],
    ["a number field", '{"protocolAddress": 5}', /field "protocolAddress" must be a string, found 5/],
    ["an object field", '{"custom": {"a": 1}}', /field "custom" must be a string/],
  ];
  for (const [name, text, message] of corrupt) {
    it(`rejects a file holding ${name}, naming the file, and leaves it untouched`, () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      expect(() => loadAddresses(file))
        .to.throw(AddressesFileError, message)
        .with.property("message")
        .that.includes(file);
      expect(() => saveAddresses(file, { protocolAddress: "0x2" })).to.throw(AddressesFileError, message);
      expect(() => updateAddresses(file, { protocolAddress: "0x2" })).to.throw(AddressesFileError, message);
      expect(fs.readFileSync(file, "utf8")).to.equal(text);
    });
  }

  it("a failed rename leaves the old file intact and no temp file behind", () => {
    saveAddresses(file, { protocolAddress: "0xOLD" });
    const before = fs.readFileSync(file, "utf8");
    const failing: AtomicFs = {
      ...fs,
      renameSync: () => {
        throw new Error("disk gone");
      },
    };
    expect(() => writeFileAtomic(file, '{"protocolAddress":"0xNEW"}', failing)).to.throw("disk gone");
    expect(fs.readFileSync(file, "utf8")).to.equal(before);
    expect(fs.readdirSync(path.dirname(file))).to.deep.equal(["addresses.json"]);
  });

  it("a process killed in the middle of a save leaves the old file intact", () => {
    saveAddresses(file, { protocolAddress: "0xOLD", custom: "kept" });
    const before = fs.readFileSync(file, "utf8");
    // The child writes half of the new content, then dies by SIGKILL before it can rename.
    const child = spawnSync(
      process.execPath,
      [
        "-r",
        "ts-node/register/transpile-only",
        "-e",
        `
        const fs = require("fs");
        const { writeFileAtomic } = require(${JSON.stringify(path.resolve(__dirname, "../../src/hardhat/internal/files/atomic-write"))});
        const dying = { ...fs, writeSync: (fd, buf, off, len) => { fs.writeSync(fd, buf, off, Math.floor(len / 2)); process.kill(process.pid, "SIGKILL"); } };
        writeFileAtomic(${JSON.stringify(file)}, JSON.stringify({ protocolAddress: "0xNEW".repeat(1000) }), dying);
        `,
      ],
      { encoding: "utf8" }
    );
    expect(child.signal).to.equal("SIGKILL");
    expect(fs.readFileSync(file, "utf8")).to.equal(before);
    expect(loadAddresses(file)).to.deep.equal({ protocolAddress: "0xOLD", custom: "kept" });
  });
});
