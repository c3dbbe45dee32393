// Whether code read from a chain is a contract's compiled runtime code (what upgrade-multiaccount
// compares before sending): on their own with made-up code, then with this repository's artifacts
// against contracts deployed on the in-process network, immutables and all.
import { expect } from "chai";
import { codeMatch, isCompiledCode, referencedRanges, type ByteRange, type CompiledCode } from "../../../../src/hardhat/internal/compiler/deployed-code";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import { useRootEnvironment } from "../../helpers/environment";

/** Compiled code whose ranges are counted when asked. */
function compiled(bytecode: string, ranges: ByteRange[] = []): CompiledCode & { asked: number } {
  const code = {
    bytecode,
    asked: 0,
    filledAtDeploy: async () => {
      code.asked++;
      return ranges;
    },
  };
  return code;
}

describe("the compiled runtime code against the code on a chain", () => {
  const built = "0x6080604052" + "00".repeat(20) + "5b00a2646970667358";

  it("equal code (either case, with or without 0x) is the compiled code, without reading the ranges", async () => {
    const code = compiled(built);
    expect(await isCompiledCode(built.toUpperCase().replace("0X", "0x"), code)).to.equal(true);
    expect(await isCompiledCode(built.slice(2), code)).to.equal(true);
    expect(code.asked).to.equal(0);
  });

  it("no code, or code of another length, is not", async () => {
    const code = compiled(built, [{ start: 5, length: 20 }]);
    expect(await isCompiledCode("0x", code)).to.equal(false);
    expect(await isCompiledCode(built + "00", code)).to.equal(false);
    expect(await isCompiledCode(built.slice(0, -2), code)).to.equal(false);
    expect(code.asked).to.equal(0);
  });

  it("an immutable's bytes may differ; a byte outside it, the metadata hash included, may not", async () => {
    const filled = "0x6080604052" + "ab".repeat(20) + "5b00a2646970667358";
    expect(await isCompiledCode(filled, compiled(built, [{ start: 5, length: 20 }]))).to.equal(true);
    expect(await isCompiledCode(filled, compiled(built, [{ start: 5, length: 19 }]))).to.equal(false);
    expect(await isCompiledCode(filled, compiled(built)), "no ranges: every byte counts").to.equal(false);
    const otherMetadata = filled.slice(0, -2) + "59";
    expect(await isCompiledCode(otherMetadata, compiled(built, [{ start: 5, length: 20 }]))).to.equal(false);
  });

  it("a library link's placeholder stands for any address", async () => {
    const unlinked = "0x73" + "__$0123456789abcdef0123456789abcdef01$__" + "3014";
    const linked = "0x73" + "5fbdb2315678afecb367f032d93f642f64180aa3" + "3014";
    const ranges = referencedRanges({ "contracts/Lib.sol": { Lib: [{ start: 1, length: 20 }] } }, undefined);
    expect(ranges).to.deep.equal([{ start: 1, length: 20 }]);
    expect(await isCompiledCode(linked, compiled(unlinked, ranges))).to.equal(true);
    expect(await isCompiledCode(linked.replace("3014", "3015"), compiled(unlinked, ranges))).to.equal(false);
  });

  describe("how the code matches, in Sourcify's terms (perfect, partial, mismatch)", () => {
    /** Code, then a CBOR metadata section of six bytes and its length (0x0006), as solc ends runtime code. */
    const withMetadata = (body: string, hash: string) => `0x${body}a165${hash.repeat(4)}0006`;
    const body = "6080604052" + "00".repeat(20) + "5b00";

    it("the same code, metadata hash included, is a perfect match", async () => {
      expect(await codeMatch(withMetadata(body, "ab"), compiled(withMetadata(body, "ab")))).to.equal("perfect");
    });

    it("the same code with another metadata hash (a source changed only in a comment) is a partial match", async () => {
      expect(await codeMatch(withMetadata(body, "cd"), compiled(withMetadata(body, "ab")))).to.equal("partial");
    });

    it("an immutable's bytes may differ in a partial match too", async () => {
      const filled = body.slice(0, 10) + "ef".repeat(20) + body.slice(50);
      expect(await codeMatch(withMetadata(filled, "cd"), compiled(withMetadata(body, "ab"), [{ start: 5, length: 20 }]))).to.equal("partial");
      expect(await codeMatch(withMetadata(filled, "cd"), compiled(withMetadata(body, "ab")))).to.equal("mismatch");
    });

    it("a byte of the code changed (a logic change) is a mismatch, whatever the metadata", async () => {
      const changed = body.replace("6080604052", "6080604053");
      expect(await codeMatch(withMetadata(changed, "ab"), compiled(withMetadata(body, "ab")))).to.equal("mismatch");
      expect(await codeMatch(withMetadata(changed, "cd"), compiled(withMetadata(body, "ab")))).to.equal("mismatch");
    });

    it("code of another length, no code, or code without a metadata section is a mismatch", async () => {
      expect(await codeMatch(withMetadata(body + "00", "cd"), compiled(withMetadata(body, "ab")))).to.equal("mismatch");
      expect(await codeMatch("0x", compiled(withMetadata(body, "ab")))).to.equal("mismatch");
      expect(await codeMatch(`0x${body}ffff`, compiled(`0x${body}fffe`))).to.equal("mismatch");
    });
  });

  describe("this repository's artifacts, on the in-process network (Hardhat 2's build info for immutables)", () => {
    const env = useRootEnvironment();

    it("a deployed contract with an immutable is its artifact's code; not with one byte changed, nor another contract's", async () => {
      const host = hardhat2Host(env.hre);
      const [, multiAccount] = await env.hre.ethers.getSigners();
      const account = await (await env.hre.ethers.getContractFactory("ProtocolPartyA")).deploy(multiAccount.address);
      const code = await host.chain.code(account.address);
      expect(code.toLowerCase(), "the immutable is in the runtime code").to.include(multiAccount.address.slice(2).toLowerCase());
      const own = await host.deployedCode("ProtocolPartyA");
      expect(await own.filledAtDeploy()).to.have.length.greaterThan(0);
      expect(await isCompiledCode(code, own)).to.equal(true);
      const oneByteOff = `${code.slice(0, 12)}${code.slice(12, 14) === "00" ? "01" : "00"}${code.slice(14)}`;
      expect(await isCompiledCode(oneByteOff, own), "a byte outside the immutable changed").to.equal(false);
      expect(await isCompiledCode(code, await host.deployedCode("contracts/test/MockCollateral.sol:MockCollateral"))).to.equal(false);
    });
  });
});
