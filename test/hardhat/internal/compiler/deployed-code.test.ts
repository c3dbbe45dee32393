// Whether code read from a chain is a contract's compiled runtime code (what upgrade-multiaccount
// compares before sending): on their own with made-up code, then with this repository's artifacts
// against contracts deployed on the in-process network, immutables and all.
import { expect } from "chai";
import { isCompiledCode, referencedRanges, type ByteRange, type CompiledCode } from "../../../../src/hardhat/internal/compiler/deployed-code";
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
