// The init code read back from a call to CreateX's deployCreate3: what verification needs to verify a
// proxy that --deterministic created (its creation transaction is that call).
import { expect } from "chai";
import { create3InitCode, deployCreate3Data } from "../../../../src/hardhat/internal/chains/createx";

const SALT = `0x${"ab".repeat(32)}`;
/** Init code of a contract whose code returns 42 (22 bytes: the data is padded to 32). */
const RETURNS_42 = "0x600a600c600039600a6000f3602a60005260206000f3";

describe("create3InitCode", () => {
  it("reads back the init code deployCreate3Data put in, padded or not", () => {
    expect(create3InitCode(deployCreate3Data(SALT, RETURNS_42))).to.equal(RETURNS_42);
    const wordLong = `0x${"60".repeat(64)}`;
    expect(create3InitCode(deployCreate3Data(SALT, wordLong))).to.equal(wordLong);
  });

  it("undefined for a call to another function", () => {
    const data = deployCreate3Data(SALT, RETURNS_42);
    expect(create3InitCode(`0x12345678${data.slice(10)}`)).to.equal(undefined);
  });

  it("undefined when the bytes argument does not follow the salt", () => {
    const data = deployCreate3Data(SALT, RETURNS_42);
    const offset = 10 + 64;
    expect(create3InitCode(`${data.slice(0, offset)}${(96).toString(16).padStart(64, "0")}${data.slice(offset + 64)}`)).to.equal(undefined);
  });

  it("undefined for calldata cut short of the length it declares", () => {
    expect(create3InitCode(deployCreate3Data(SALT, RETURNS_42).slice(0, 10 + 64 * 3 + 20))).to.equal(undefined);
  });
});
