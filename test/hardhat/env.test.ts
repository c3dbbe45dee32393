import { expect } from "chai";
import { configFromEnv, parsePrivateKeys, CHAINS } from "../../src/hardhat/env";
import { EnvError } from "../../src/hardhat/errors";

const KEY_A = "0x" + "a1".repeat(32);
const KEY_B = "b2".repeat(32);

describe("env -> network config", () => {
  it("configures every supported chain with url, accounts and chainId", () => {
    const { networks } = configFromEnv({ PRIVATE_KEY: KEY_A });
    for (const name of ["bsc", "opbnb", "base", "polygon", "arbitrum", "mantle", "blast", "mode", "sonic"]) {
      expect(networks[name], name).to.include.keys("url", "accounts", "chainId");
      expect(networks[name].accounts).to.deep.equal([KEY_A]);
      expect(networks[name].url).to.match(/^https:\/\//);
    }
    expect(networks.bsc.chainId).to.equal(56);
    expect(networks.localhost).to.deep.equal({ url: "http://127.0.0.1:8545", accounts: "remote" });
  });

  it("PRIVATE_KEY is the first signer, PRIVATE_KEYS_STR adds more (0x added, duplicates dropped)", () => {
    const { networks } = configFromEnv({ PRIVATE_KEY: KEY_A, PRIVATE_KEYS_STR: `${KEY_B}, ${KEY_A}` });
    expect(networks.base.accounts).to.deep.equal([KEY_A, "0x" + KEY_B]);
  });

  it("PRIVATE_KEYS_STR splits on commas and is empty when absent", () => {
    expect(parsePrivateKeys(undefined)).to.deep.equal([]);
    expect(parsePrivateKeys("")).to.deep.equal([]);
    expect(parsePrivateKeys(`${KEY_A},${KEY_B},`)).to.deep.equal([KEY_A, "0x" + KEY_B]);
  });

  it("without PRIVATE_KEY, live networks get no accounts (the tasks then ask for it)", () => {
    const { networks } = configFromEnv({});
    expect(networks.bsc.accounts).to.deep.equal([]);
  });

  it("rejects a malformed key by variable name, never echoing the value", () => {
    const secret = "not-a-key-but-still-secret";
    expect(() => configFromEnv({ PRIVATE_KEY: secret }))
      .to.throw(EnvError, /PRIVATE_KEY is not a 32-byte hex private key/)
      .with.property("message")
      .that.does.not.include(secret);
    expect(() => configFromEnv({ PRIVATE_KEY: KEY_A, PRIVATE_KEYS_STR: `${KEY_B},0x12` })).to.throw(EnvError, /PRIVATE_KEYS_STR/);
  });

  it("RPC URL and gas price overrides per chain", () => {
    const { networks } = configFromEnv({ BSC_RPC_URL: "https://rpc.example/key", BSC_GAS_PRICE_GWEI: "3.5" });
    expect(networks.bsc.url).to.equal("https://rpc.example/key");
    expect(networks.bsc.gasPrice).to.equal(3_500_000_000);
    expect(networks.base.gasPrice).to.equal(undefined);
    expect(() => configFromEnv({ BSC_GAS_PRICE_GWEI: "cheap" })).to.throw(EnvError, /BSC_GAS_PRICE_GWEI must be a positive number/);
    expect(() => configFromEnv({ BASE_RPC_URL: "base.org" })).to.throw(EnvError, /BASE_RPC_URL must be an http/);
  });

  it("one explorer API key per chain, default empty; customChains for chains the explorer plugin lacks", () => {
    const { etherscan } = configFromEnv({ BSCSCAN_API_KEY: "bsc-key", BASESCAN_API_KEY: "base-key" });
    expect(etherscan.apiKey.bsc).to.equal("bsc-key");
    expect(etherscan.apiKey.base).to.equal("base-key");
    expect(etherscan.apiKey.arbitrumOne).to.equal("");
    expect(etherscan.apiKey.sonic).to.equal("");
    const custom = etherscan.customChains.map((chain) => chain.network).sort();
    expect(custom).to.deep.equal(["base", "blast", "mantle", "mode", "opbnb", "sonic"]);
    for (const chain of etherscan.customChains) {
      expect(chain.urls.apiURL).to.match(/^https:\/\//);
      expect(chain.urls.browserURL).to.match(/^https:\/\//);
      expect(chain.chainId).to.equal(CHAINS.find((c) => c.network === chain.network)!.chainId);
    }
  });

  it("HARDHAT_DOCKER_URL adds a docker network only when set", () => {
    expect(configFromEnv({}).networks).to.not.have.property("docker");
    expect(configFromEnv({ HARDHAT_DOCKER_URL: "" }).networks).to.not.have.property("docker");
    expect(configFromEnv({ HARDHAT_DOCKER_URL: "http://hardhat:8545" }).networks.docker).to.deep.equal({
      url: "http://hardhat:8545",
      accounts: "remote",
    });
  });
});
