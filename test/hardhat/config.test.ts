import { expect } from "chai";
import path from "path";
import { resolveMultiAccountConfig, type MultiAccountUserConfig } from "../../src/hardhat/config";
import { ConfigError, isPluginError, MultiAccountKitError } from "../../src/hardhat/errors";
import { collectSecrets, redact, redactError, urlOrigin } from "../../src/hardhat/internal/output/redact";

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
      safe: {},
    });
  });

  it("takes multiAccount.safe's Transaction Service URL and API key, and counts the key a secret", () => {
    const safe = { txServiceUrl: "https://safe-transaction.example/api", apiKey: "safe-api-key-123456" };
    expect(resolveMultiAccountConfig({ safe }, root).safe).to.deep.equal(safe);
    expect(collectSecrets({ networks: {}, multiAccount: { safe } }, {})).to.include(safe.apiKey);
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

  it("resolves the addresses file against the project root", () => {
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
    [{ safe: "https://x" as unknown as object }, /multiAccount\.safe: expected an object/],
    [{ safe: { txServiceUrl: "safe.example" } }, /multiAccount\.safe\.txServiceUrl: expected an http\(s\) URL/],
    [{ safe: { url: "https://x" } as unknown as object }, /multiAccount\.safe\.url: unknown option \(the options are txServiceUrl, apiKey\)/],
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
    expect(urlOrigin("https://alice:s3cr3t-pass@rpc.example.com/")).to.equal("https://rpc.example.com");
  });

  /** What `text` reads once redacted with the secrets of networks whose URLs are `urls` (no environment). */
  const redactedWith = (urls: Record<string, string>, text: string) =>
    redact(text, collectSecrets({ networks: Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, { url }])) }, {}));

  it("a key in the path: the segment alone, the path, and the whole URL; well-known words, chain names and chain ids stay", () => {
    const url = "https://rpc.example/v3/bsc-mainnet/11155111/PATHKEYabcdef123456";
    expect(redactedWith({ bsc: url }, "project PATHKEYabcdef123456 over quota")).to.equal("project <redacted> over quota");
    expect(redactedWith({ bsc: url }, `no route to ${url}`)).to.equal("no route to https://rpc.example<redacted>");
    expect(redactedWith({ bsc: url }, "v3 bsc-mainnet 11155111 rpc api")).to.equal("v3 bsc-mainnet 11155111 rpc api");
    // A long run of letters with no separator reads like a key too.
    expect(redactedWith({ bsc: "https://rpc.example/v2/abcdefghijklmnopqrstuvwx" }, "key abcdefghijklmnopqrstuvwx")).to.equal("key <redacted>");
  });

  it("each query value, as written, decoded and encoded (either hex case)", () => {
    const url = "https://rpc.example/rpc?apikey=QUERYKEY987654zyx&project=proj%2Bid%2Fwith%3Dchars&chain=bsc";
    const text = (value: string) => redactedWith({ bsc: url }, `value ${value} end`);
    for (const value of ["QUERYKEY987654zyx", "proj%2Bid%2Fwith%3Dchars", "proj+id/with=chars", "proj%2bid%2fwith%3dchars"]) {
      expect(text(value), value).to.equal("value <redacted> end");
    }
    // Short values are not keys: redacting them would garble the output.
    expect(text("bsc")).to.equal("value bsc end");
  });

  it("the whole URL echoed URL-encoded", () => {
    const url = "https://rpc.example/v3/PATHKEYabcdef123456?apikey=QUERYKEY987654zyx";
    const echoed = redactedWith({ bsc: url }, `bad request ${encodeURIComponent(url)}`);
    expect(echoed).to.not.match(/PATHKEY|QUERYKEY/);
    expect(echoed).to.include("<redacted>");
  });

  it("user:password, each of them when long enough, and the Basic authorization they make", () => {
    const url = "https://alice:s3cr3t-pass@rpc.example/";
    const basic = Buffer.from("alice:s3cr3t-pass").toString("base64");
    expect(redactedWith({ bsc: url }, `denied alice:s3cr3t-pass, s3cr3t-pass, Basic ${basic}`)).to.equal("denied <redacted>, <redacted>, Basic <redacted>");
    expect(redactedWith({ bsc: "https://me:pw@rpc.example/" }, "denied me:pw")).to.equal("denied <redacted>");
  });

  it("every network's URL, not only one", () => {
    const urls = { bsc: "https://bsc.example/v3/BSCKEY0123456789abc", docker: "https://docker.example/rpc?token=DOCKERKEY98765xyz" };
    expect(redactedWith(urls, "BSCKEY0123456789abc DOCKERKEY98765xyz")).to.equal("<redacted> <redacted>");
  });

  it("an error: a redacted copy of the same class, its stack, cause, parent and a provider error's nested error and data included", () => {
    const secrets = collectSecrets({ networks: { docker: { url: "http://127.0.0.1:8545/v3/PATHKEYabcdef123456?apikey=QUERYKEY987654zyx" } } }, {});
    const provider = Object.assign(new Error("invalid api key QUERYKEY987654zyx"), {
      code: -32002,
      data: { url: "http://127.0.0.1:8545/v3/PATHKEYabcdef123456", tried: ["PATHKEYabcdef123456"] },
      error: { message: "project PATHKEYabcdef123456 over quota" },
    });
    const ours = new MultiAccountKitError("Deployment failed: project PATHKEYabcdef123456 over quota", provider);
    const copy = redactError(ours, secrets);
    expect(copy).to.be.instanceOf(MultiAccountKitError);
    expect(isPluginError(copy), "Hardhat would not print it as a plugin error").to.equal(true);
    expect(copy.message).to.equal("Deployment failed: project <redacted> over quota");
    const parent = copy.parent as typeof provider;
    expect(parent).to.equal(copy.cause);
    expect(parent.code).to.equal(-32002);
    expect(JSON.stringify([copy.stack, parent.message, parent.stack, parent.data, parent.error])).to.not.match(/PATHKEY|QUERYKEY/);
    expect(parent.data.tried).to.deep.equal(["<redacted>"]);
    // The original is left as it was, and an error without a secret is not copied at all.
    expect(ours.message).to.include("PATHKEYabcdef123456");
    const clean = new MultiAccountKitError("Invalid admin address");
    expect(redactError(clean, secrets)).to.equal(clean);
  });
});
