import { expect } from "chai";
import path from "path";
import { resolveMultiAccountConfig, type MultiAccountUserConfig } from "../../src/hardhat/config";
import { ConfigError } from "../../src/hardhat/errors";
import { redact, urlOrigin } from "../../src/hardhat/internal/redact";

describe("multiAccount config section", () => {
  const root = path.resolve("/project");

  it("fills every default", () => {
    expect(resolveMultiAccountConfig(undefined, root)).to.deep.equal({
      addressesFile: path.join(root, "output", "addresses.json"),
      contract: "MultiAccount",
      accountContract: "ProtocolPartyA",
      verifyDelay: 15,
      verify: true,
      useNpmSolc: true,
      includeContracts: true,
      rpc: { retries: 6, minDelay: 500, maxDelay: 8000, timeout: undefined, totalTimeout: 120_000 },
    });
  });

  it("takes the retry options of multiAccount.rpc, each defaulted on its own", () => {
    expect(resolveMultiAccountConfig({ rpc: { retries: 2, timeout: 5000 } }, root).rpc).to.deep.equal({
      retries: 2,
      minDelay: 500,
      maxDelay: 8000,
      timeout: 5000,
      totalTimeout: 120_000,
    });
  });

  it("resolves the address file against the project root", () => {
    expect(resolveMultiAccountConfig({ addressesFile: "deploy/a.json" }, root).addressesFile).to.equal(path.join(root, "deploy", "a.json"));
    expect(resolveMultiAccountConfig({ addressesFile: "/abs/a.json" }, root).addressesFile).to.equal(path.resolve("/abs/a.json"));
  });

  const invalid: Array<[MultiAccountUserConfig, RegExp]> = [
    [{ addressesFile: "" }, /multiAccount\.addressesFile: expected a non-empty string/],
    [{ contract: "Multi Account" }, /multiAccount\.contract: "Multi Account" is not a contract name/],
    [{ accountContract: 42 as unknown as string }, /multiAccount\.accountContract: expected a non-empty string/],
    [{ verifyDelay: -1 }, /multiAccount\.verifyDelay: expected a number of seconds >= 0/],
    [{ verifyDelay: "15" as unknown as number }, /multiAccount\.verifyDelay/],
    [{ verify: "yes" as unknown as boolean }, /multiAccount\.verify: expected true or false/],
    [{ useNpmSolc: 1 as unknown as boolean }, /multiAccount\.useNpmSolc/],
    [{ rpc: 3 as unknown as object }, /multiAccount\.rpc: expected an object/],
    [{ rpc: { retries: -1 } }, /multiAccount\.rpc\.retries: expected a whole number >= 0, got -1/],
    [{ rpc: { timeout: 0 } }, /multiAccount\.rpc\.timeout: expected a whole number of milliseconds >= 1, got 0/],
    [{ rpc: { maxDelay: 1.5 } }, /multiAccount\.rpc\.maxDelay: expected a whole number/],
    [{ rpc: { minDelay: 9000 } }, /multiAccount\.rpc\.minDelay: 9000 is more than rpc\.maxDelay \(8000\)/],
    [
      { rpc: { retry: 3 } as unknown as object },
      /multiAccount\.rpc\.retry: unknown option \(the options are retries, minDelay, maxDelay, timeout, totalTimeout\)/,
    ],
  ];
  for (const [user, message] of invalid) {
    it(`rejects ${JSON.stringify(user)} naming the key`, () => {
      expect(() => resolveMultiAccountConfig(user, root)).to.throw(ConfigError, message);
    });
  }

  it("accepts fully qualified contract names", () => {
    expect(resolveMultiAccountConfig({ contract: "contracts/Hub.sol:Hub" }, root).contract).to.equal("contracts/Hub.sol:Hub");
  });
});

describe("secret redaction", () => {
  it("replaces every secret, longest first", () => {
    expect(redact("key abcdefgh12345678 and abcdefgh", ["abcdefgh12345678", "abcdefgh"])).to.equal("key <redacted> and <redacted>");
  });
  it("keeps only scheme and host of a URL", () => {
    expect(urlOrigin("https://rpc.example.com/v2/SECRET?x=1")).to.equal("https://rpc.example.com");
  });
});
