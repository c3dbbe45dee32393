import { expect } from "chai";
import * as dotenv from "dotenv";
import fs from "fs";
import path from "path";
import { configFromEnv, hardhat3ConfigFromEnv, parsePrivateKeys } from "../../src/hardhat/env";
import { allRoutes } from "../../src/hardhat/internal/chains/explorers";
import { CHAINS } from "../../src/hardhat/internal/chains/table";
import { EnvError } from "../../src/hardhat/errors";
import { SOLC_CACHE_ENV, SOLC_CACHE_MAX_ENV } from "../../src/hardhat/internal/compiler/output-cache";

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

  it("verification: one ETHERSCAN_API_KEY, and every chain routed to Etherscan API V2 with its chainid or to its own explorer", () => {
    const { etherscan } = configFromEnv({ ETHERSCAN_API_KEY: "one-key" });
    expect(etherscan.apiKey).to.equal("one-key");
    expect(etherscan.customChains.map((chain) => chain.network)).to.deep.equal(CHAINS.map((chain) => chain.network));
    for (const chain of etherscan.customChains) {
      const table = CHAINS.find((c) => c.network === chain.network)!;
      expect(chain.chainId).to.equal(table.chainId);
      expect(chain.urls.browserURL).to.equal(table.explorer.browserUrl);
      if (table.route.kind === "etherscan-v2") expect(chain.urls.apiURL).to.equal(`https://api.etherscan.io/v2/api?chainid=${table.chainId}`);
      else expect(chain.urls.apiURL).to.equal(table.route.apiUrl);
    }
    expect(etherscan.customChains.find((chain) => chain.network === "mode")!.urls.apiURL).to.equal("https://explorer.mode.network/api");
  });

  it("cannot produce a V1 configuration, whatever the environment holds", () => {
    const v1Hosts =
      /\/\/api(-[a-z]+)?\.(etherscan\.io|bscscan\.com|basescan\.org|polygonscan\.com|arbiscan\.io|mantlescan\.xyz|blastscan\.io|sonicscan\.org)\/api\b/;
    const envs = [
      {},
      { ETHERSCAN_API_KEY: "one-key" },
      Object.fromEntries(CHAINS.map((chain) => [chain.apiKeyEnv, `${chain.network}-key`])),
      { BSCSCAN_API_KEY: "bsc-only" },
    ];
    for (const env of envs) {
      const { etherscan } = configFromEnv(env);
      // A single string: hardhat-verify takes the V1 path only for a per-chain key map.
      expect(etherscan.apiKey, JSON.stringify(env)).to.be.a("string");
      for (const chain of etherscan.customChains) {
        expect(chain.urls.apiURL, chain.network).to.not.match(v1Hosts);
        const url = new URL(chain.urls.apiURL);
        if (url.hostname === "api.etherscan.io") {
          expect(url.pathname).to.equal("/v2/api");
          expect(url.searchParams.get("chainid")).to.equal(String(chain.chainId));
        }
      }
    }
    // The V1-era per-chain variables never become config; the verify step reads them, with a notice.
    expect(configFromEnv({ BSCSCAN_API_KEY: "bsc-only" }).etherscan.apiKey).to.equal("");
  });

  it("ETHERSCAN_API_URL and <NETWORK>_EXPLORER_API_URL move the endpoints; bad values name the variable only", () => {
    const { etherscan } = configFromEnv({ ETHERSCAN_API_URL: "http://127.0.0.1:9999/v2/api", MODE_EXPLORER_API_URL: "http://127.0.0.1:9998/api" });
    expect(etherscan.customChains.find((chain) => chain.network === "bsc")!.urls.apiURL).to.equal("http://127.0.0.1:9999/v2/api?chainid=56");
    expect(etherscan.customChains.find((chain) => chain.network === "mode")!.urls.apiURL).to.equal("http://127.0.0.1:9998/api");
    expect(() => configFromEnv({ ETHERSCAN_API_URL: "not a url" })).to.throw(EnvError, /^Environment variable ETHERSCAN_API_URL must be an http\(s\) URL/);
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

describe("env -> Hardhat 3 network config", () => {
  // Stands in for Hardhat 3's configVariable: a marker naming the variable, resolved later by Hardhat.
  const variable = (name: string) => ({ _type: "ConfigurationVariable" as const, name });

  it('every chain is an http network whose deployer key is configVariable("PRIVATE_KEY"), whether or not it is set', () => {
    for (const env of [{}, { PRIVATE_KEY: KEY_A }]) {
      const { networks } = hardhat3ConfigFromEnv(env, variable);
      for (const chain of CHAINS) {
        const network = networks[chain.network];
        expect(network, chain.network).to.include({ type: "http", chainId: chain.chainId, url: chain.defaultRpcUrl });
        expect(network.accounts).to.deep.equal([variable("PRIVATE_KEY")]);
      }
    }
  });

  it("PRIVATE_KEYS_STR adds plain keys after the deployer; URLs and gas prices come from the same variables as on Hardhat 2", () => {
    const { networks } = hardhat3ConfigFromEnv({ PRIVATE_KEYS_STR: KEY_B, BSC_RPC_URL: "http://127.0.0.1:9545", BSC_GAS_PRICE_GWEI: "3" }, variable);
    expect(networks.bsc.accounts).to.deep.equal([variable("PRIVATE_KEY"), "0x" + KEY_B]);
    expect(networks.bsc.url).to.equal("http://127.0.0.1:9545");
    expect(networks.bsc.gasPrice).to.equal(3_000_000_000);
    expect(networks.localhost).to.deep.equal({ type: "http", url: "http://127.0.0.1:8545" });
    expect(networks.docker).to.equal(undefined);
    expect(hardhat3ConfigFromEnv({ HARDHAT_DOCKER_URL: "http://10.0.0.2:8545" }, variable).networks.docker).to.deep.equal({
      type: "http",
      url: "http://10.0.0.2:8545",
    });
  });

  it("bad values are reported by variable name, never by value", () => {
    expect(() => hardhat3ConfigFromEnv({ PRIVATE_KEYS_STR: "secret-not-a-key" }, variable)).to.throw(
      EnvError,
      "PRIVATE_KEYS_STR is not a 32-byte hex private key"
    );
    expect(() => hardhat3ConfigFromEnv({ BSC_GAS_PRICE_GWEI: "cheap" }, variable)).to.throw(EnvError, "BSC_GAS_PRICE_GWEI");
  });

  it("one explorer key for hardhat-verify 3, and an explorer link for each chain", () => {
    const { verify, chainDescriptors } = hardhat3ConfigFromEnv({}, variable);
    expect(verify).to.deep.equal({ etherscan: { apiKey: variable("ETHERSCAN_API_KEY") } });
    for (const chain of CHAINS) {
      const explorers = chainDescriptors[chain.chainId].blockExplorers;
      const explorer = chain.route.kind === "etherscan-v2" ? explorers.etherscan : explorers.blockscout;
      expect(explorer, chain.network).to.deep.include({ url: chain.explorer.browserUrl });
      expect(explorer!.apiUrl).to.equal(chain.route.kind === "etherscan-v2" ? "https://api.etherscan.io/v2/api" : chain.route.apiUrl);
    }
  });
});

/** The .env template the package ships (package.json "files"); the errors about .env name it. */
const TEMPLATE = fs.readFileSync(path.join(__dirname, "..", "..", ".env.example"), "utf8");
/**
 * Read by the tasks and the compile themselves, not by the config mappings: the default of --admin,
 * the solc output cache's settings (internal/compiler/output-cache.ts) and the verification retries
 * (internal/tasks/verify-retry.ts).
 */
const READ_BY_TASKS = [
  "ADMIN_PUBLIC_KEY",
  SOLC_CACHE_ENV,
  SOLC_CACHE_MAX_ENV,
  "MULTIACCOUNT_VERIFY_ATTEMPTS",
  "MULTIACCOUNT_VERIFY_BACKOFF_MS",
  "SAFE_TX_SERVICE_URL",
  "SAFE_API_KEY",
];

/**
 * Every variable the config mappings and the verification routes read, recorded through a proxy of
 * the environment (and Hardhat 3's configuration variables, which are read when a task runs).
 */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get: (target, key) => {
        if (typeof key === "string") read.add(key);
        return undefined;
      },
    }
  );
  configFromEnv(env);
  hardhat3ConfigFromEnv(env, (name) => read.add(name));
  allRoutes(env);
  return read;
}

/** The variables .env.example names, set or commented out (`NAME=`, also in a comma-separated comment). */
function templateNames(): Set<string> {
  return new Set([...TEMPLATE.matchAll(/(?:^|[\s,#])([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
}

describe(".env.example, the package's .env template", () => {
  it("names only variables the package reads", () => {
    const read = new Set([...variablesRead(), ...READ_BY_TASKS]);
    const names = [...templateNames()];
    expect(names.length).to.be.greaterThan(10);
    expect(names.filter((name) => !read.has(name))).to.deep.equal([]);
  });

  it("names every variable the package reads: by name, or a chain's as <NETWORK>_<SUFFIX>", () => {
    const names = templateNames();
    const patterns = [...TEMPLATE.matchAll(/<NETWORK>_([A-Z_]+)/g)].map((match) => match[1]);
    expect(patterns).to.include.members(["RPC_URL", "GAS_PRICE_GWEI"]);
    const byPattern = new Set(CHAINS.flatMap((chain) => patterns.map((suffix) => `${chain.network.toUpperCase()}_${suffix}`)));
    const missing = [...variablesRead(), ...READ_BY_TASKS].filter((name) => !names.has(name) && !byPattern.has(name));
    expect(missing).to.deep.equal([]);
  });

  it("names what docs/configuration.md's tables of variables name, and nothing they leave out", () => {
    const docs = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "configuration.md"), "utf8");
    const rows = docs.split("\n").filter((line) => line.startsWith("| `"));
    const cells = rows.map((row) => row.split("|")[1]);
    const documented = new Set(cells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1])));
    const suffixes = (text: string) => new Set([...text.matchAll(/<NETWORK>_([A-Z_]+)/g)].map((match) => match[1]));
    const covered = (name: string, names: Set<string>, patterns: Set<string>) =>
      names.has(name) || [...patterns].some((suffix) => networks.some((network) => name === `${network.toUpperCase()}_${suffix}`));
    const template = templateNames();
    // The chains of the table, and localhost (which the mappings add).
    const networks = [...CHAINS.map((chain) => chain.network), "localhost"];
    expect(documented.size).to.be.greaterThan(10);
    expect(
      [...template].filter((name) => !covered(name, documented, suffixes(cells.join(" ")))),
      "in .env.example, not in the docs"
    ).to.deep.equal([]);
    expect(
      [...documented].filter((name) => !covered(name, template, suffixes(TEMPLATE))),
      "in the docs, not in .env.example"
    ).to.deep.equal([]);
  });

  it("copied unchanged, is an environment both mappings accept: no placeholder key, localhost at its default", () => {
    const env = dotenv.parse(TEMPLATE);
    expect(env.PRIVATE_KEY).to.equal("");
    const { networks } = configFromEnv(env);
    expect(networks.localhost).to.deep.equal({ url: "http://127.0.0.1:8545", accounts: "remote" });
    expect(networks.bsc.accounts).to.deep.equal([]);
    expect(networks).to.not.have.property("docker");
    expect(hardhat3ConfigFromEnv(env, (name) => name).networks.localhost).to.deep.equal({ type: "http", url: "http://127.0.0.1:8545" });
  });
});
