// --networks: the selection against the configured networks, each bad input its own InputError; the
// options it cannot go with; {network} required in the addresses file's path for several networks;
// --concurrency.
import { expect } from "chai";
import { InputError } from "../../../../../src/hardhat/errors";
import {
  checkNetworkFlags,
  operatorsNetwork,
  requireFilePerNetwork,
  selectNetworks,
  type ConfiguredNetwork,
} from "../../../../../src/hardhat/internal/tasks/every-chain/networks";
import { resolveConcurrency } from "../../../../../src/hardhat/internal/tasks/every-chain/pool";

const CONFIGURED: ConfiguredNetwork[] = [
  { name: "hardhat" },
  { name: "localhost", url: "http://127.0.0.1:8545", chainId: 31337 },
  { name: "bsc", url: "https://bsc.example/v2/key0123456789", chainId: 56 },
  { name: "base", url: "https://base.example", chainId: 8453 },
  { name: "arbitrum", url: "https://arb.example" },
  { name: "unset", url: "" },
];

const names = (networks: ConfiguredNetwork[]) => networks.map((network) => network.name);

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(InputError);
    return error as InputError;
  }
  expect.fail("no InputError was thrown");
}

describe("--networks", () => {
  describe("the selection", () => {
    it("takes names separated by commas: trimmed, each once, in the order given", () => {
      expect(names(selectNetworks(" base, bsc ,base,arbitrum ", CONFIGURED))).to.deep.equal(["base", "bsc", "arbitrum"]);
    });

    it("hands back the configured network, its URL and chain id", () => {
      expect(selectNetworks("bsc", CONFIGURED)).to.deep.equal([CONFIGURED[2]]);
    });

    it('"all" is every configured network with a URL, in the config\'s order, never the in-process one', () => {
      expect(names(selectNetworks("all", CONFIGURED))).to.deep.equal(["localhost", "bsc", "base", "arbitrum"]);
      expect(names(selectNetworks(" all ", CONFIGURED))).to.deep.equal(["localhost", "bsc", "base", "arbitrum"]);
    });

    it("refuses an empty list", () => {
      const error = inputError(() => selectNetworks("", CONFIGURED));
      expect(error.message).to.match(/^--networks is empty\. Give network names separated by commas \(--networks bsc,base\) or --networks all\./);
      expect(error.message).to.include("Configured networks: hardhat, localhost, bsc, base, arbitrum, unset.");
    });

    it("refuses a list of nothing but commas and spaces", () => {
      expect(inputError(() => selectNetworks(" , ,", CONFIGURED)).message).to.match(/^--networks is empty\./);
    });

    it("refuses an empty name between two commas", () => {
      expect(inputError(() => selectNetworks("bsc,,base", CONFIGURED)).message).to.match(/^--networks "bsc,,base" has an empty name \(two commas in a row/);
    });

    it("refuses a trailing comma", () => {
      expect(inputError(() => selectNetworks("bsc,", CONFIGURED)).message).to.match(/^--networks "bsc," has an empty name/);
    });

    it('refuses "all" among names', () => {
      expect(inputError(() => selectNetworks("bsc,all", CONFIGURED)).message).to.equal(
        '--networks "bsc,all" mixes "all" with names: give either names or all alone.'
      );
    });

    it("refuses unknown names, naming each and listing the configured networks", () => {
      const error = inputError(() => selectNetworks("bsc,polygon,optimism", CONFIGURED));
      expect(error.message).to.equal(
        `--networks names network(s) this project's config lacks: "polygon", "optimism". ` +
          `Configured networks: hardhat, localhost, bsc, base, arbitrum, unset. Fix the names, or add the networks to hardhat.config.`
      );
    });

    it("offers the nearest name from the suggest function it is given", () => {
      const asked: [string, readonly string[]][] = [];
      const suggest = (name: string, known: readonly string[]) => (asked.push([name, known]), name === "bsx" ? "bsc" : undefined);
      const error = inputError(() => selectNetworks("bsx,zzz", CONFIGURED, suggest));
      expect(error.message).to.include(`lacks: "bsx" (did you mean "bsc"?), "zzz". Configured`);
      expect(asked.map(([name]) => name)).to.deep.equal(["bsx", "zzz"]);
      expect(asked[0][1]).to.deep.equal(["hardhat", "localhost", "bsc", "base", "arbitrum", "unset"]);
    });

    it("refuses a named network without a URL (the in-process one)", () => {
      const error = inputError(() => selectNetworks("bsc,hardhat", CONFIGURED));
      expect(error.message).to.match(/^--networks names network\(s\) without a JSON-RPC URL: hardhat \(the in-process network, or a URL that is not set\)\./);
    });

    it("refuses a named network whose URL is not set", () => {
      expect(inputError(() => selectNetworks("unset", CONFIGURED)).message).to.include("without a JSON-RPC URL: unset (");
    });

    it('refuses "all" when no network has a URL', () => {
      const error = inputError(() => selectNetworks("all", [{ name: "hardhat" }, { name: "unset", url: "" }]));
      expect(error.message).to.equal(
        "--networks all found no network whose JSON-RPC URL this project sets (configured: hardhat, unset). " +
          "Set <NETWORK>_RPC_URL in .env for the chains to use (or their url in hardhat.config), or name them: --networks bsc,base."
      );
    });

    it('"all" leaves out every network the operator did not configure with a URL; a name still selects it', () => {
      const configured: ConfiguredNetwork[] = [
        { name: "hardhat" },
        { name: "localhost", url: "http://127.0.0.1:8545", chosen: false },
        { name: "bsc", url: "https://bsc-dataseed.bnbchain.org", chosen: false },
        { name: "base", url: "https://base.example", chosen: true },
      ];
      expect(names(selectNetworks("all", configured))).to.deep.equal(["base"]);
      expect(names(selectNetworks("localhost,bsc", configured))).to.deep.equal(["localhost", "bsc"]);
    });
  });

  describe("the operator's networks", () => {
    it("Hardhat's own localhost, which the project's config does not name, is not", () => {
      expect(operatorsNetwork("localhost", "http://127.0.0.1:8545", false, {})).to.equal(false);
    });
    it("configFromEnv's localhost and chains are when their URL is set in the environment, not at their defaults", () => {
      expect(operatorsNetwork("localhost", "http://127.0.0.1:8545", true, {})).to.equal(false);
      expect(operatorsNetwork("localhost", "http://127.0.0.1:8545", true, { LOCALHOST_RPC_URL: "http://127.0.0.1:8545" })).to.equal(true);
      expect(operatorsNetwork("bsc", "https://bsc-dataseed.bnbchain.org", true, { BSC_RPC_URL: " " })).to.equal(false);
      expect(operatorsNetwork("bsc", "https://bsc.example/key", true, { BSC_RPC_URL: "https://bsc.example/key" })).to.equal(true);
    });
    it("a URL the config gives in place of the default is, and so is any network of the project's own", () => {
      expect(operatorsNetwork("localhost", "http://127.0.0.1:9545", true, {})).to.equal(true);
      expect(operatorsNetwork("mychain", "https://rpc.mychain.example", true, {})).to.equal(true);
    });
  });

  describe("the options it cannot go with", () => {
    it("goes alone, and is not needed", () => {
      expect(() => checkNetworkFlags({ networks: "bsc,base" })).not.to.throw();
      expect(() => checkNetworkFlags({ network: "bsc", allNetworks: true })).not.to.throw();
    });

    it("refuses --network beside it", () => {
      expect(inputError(() => checkNetworkFlags({ networks: "bsc,base", network: "bsc" })).message).to.match(
        /^--networks and --network cannot be used together: --networks picks the chains itself\. Drop --network/
      );
    });

    it("refuses --all-networks beside it", () => {
      expect(inputError(() => checkNetworkFlags({ networks: "bsc", allNetworks: true })).message).to.match(
        /^--networks and --all-networks cannot be used together: .* Use one of them\.$/
      );
    });
  });

  describe("the addresses file of each network", () => {
    const two = selectNetworks("bsc,base", CONFIGURED);

    it("with several networks, needs {network} in the path, and says why", () => {
      const error = inputError(() => requireFilePerNetwork("/p/output/addresses.json", two));
      expect(error.message).to.equal(
        "--networks selects 2 networks (bsc, base), but the addresses file path /p/output/addresses.json has no {network}: " +
          "every chain would record its own MultiAccount (and keep its send journal) in that one file. " +
          "Put {network} in the path (multiAccount.addressesFile or --addresses-file), for example output/{network}/addresses.json."
      );
    });

    it("takes a path with {network}, or one network without it", () => {
      expect(() => requireFilePerNetwork("/p/output/{network}/addresses.json", two)).not.to.throw();
      expect(() => requireFilePerNetwork("/p/output/addresses.json", [two[0]])).not.to.throw();
    });

    it("refuses a network name that cannot stand for {network}", () => {
      expect(inputError(() => requireFilePerNetwork("/p/{network}.json", [two[0], { name: "a/b", url: "http://x" }])).message).to.match(
        /^The network name "a\/b" cannot stand for \{network\}/
      );
    });
  });
});

describe("--concurrency", () => {
  it("defaults to every chain, up to 8", () => {
    expect(resolveConcurrency(undefined, 3)).to.equal(3);
    expect(resolveConcurrency(undefined, 12)).to.equal(8);
  });

  it("takes a whole number, as text from the command line or a number from a script", () => {
    expect(resolveConcurrency("2", 5)).to.equal(2);
    expect(resolveConcurrency(" 12 ", 5)).to.equal(12);
    expect(resolveConcurrency(1, 5)).to.equal(1);
  });

  for (const bad of ["0", "-1", "1.5", "two", "", "1e3", "0x2", 0, -2, 2.5, NaN, Infinity]) {
    it(`refuses ${typeof bad === "string" ? JSON.stringify(bad) : String(bad)} (${typeof bad})`, () => {
      expect(inputError(() => resolveConcurrency(bad, 5)).message).to.equal(
        `Invalid --concurrency ${typeof bad === "string" ? JSON.stringify(bad) : String(bad)}: give a whole number of chains to work on at once, 1 or more (default: every chain, up to 8).`
      );
    });
  }
});
