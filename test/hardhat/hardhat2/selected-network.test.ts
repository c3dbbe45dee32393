// The network a Hardhat 2 run selects, read as Hardhat reads it, and our error for one the config
// lacks (in place of HH100): the configured networks and the nearest name.
import { expect } from "chai";
import util from "util";
import type { HardhatConfig } from "hardhat/types";
import { InputError } from "../../../src/hardhat/errors";
import { STACK_TRACES_HINT } from "../../../src/hardhat/internal/output/cli-errors";
import { checkSelectedNetwork, runArguments } from "../../../src/hardhat/hardhat2/selected-network";

const CLI = "/project/node_modules/hardhat/internal/cli/bootstrap.js";
const argv = (...args: string[]) => ["/usr/bin/node", CLI, ...args];
const config = (defaultNetwork = "hardhat") => ({ defaultNetwork, networks: { hardhat: {}, localhost: {}, bsc: {}, mainnet: {} } }) as unknown as HardhatConfig;

function refusal(check: () => void): Error {
  try {
    check();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the check to throw");
}

describe("the network a Hardhat 2 run selects", () => {
  describe("runArguments: read as Hardhat reads them", () => {
    it("from the command line, when this process is Hardhat's CLI (before or after the task)", () => {
      expect(runArguments(argv("--network", "locahost", "deploy-multiaccount"), {})).to.deep.include({ cli: true });
      expect(runArguments(argv("--network", "locahost", "deploy-multiaccount"), {})?.args.network).to.equal("locahost");
      expect(runArguments(argv("deploy-multiaccount", "--network", "bsc", "--admin", "0x1"), {})?.args.network).to.equal("bsc");
      expect(runArguments(["/usr/bin/node", CLI.replace("bootstrap", "cli"), "compile"], { HARDHAT_NETWORK: "bsc" })?.args.network).to.equal("bsc");
      expect(runArguments(argv("compile", "--show-stack-traces"), {})?.args.showStackTraces).to.equal(true);
    });
    it('from the environment otherwise (`hardhat run`\'s script, require("hardhat"))', () => {
      const run = runArguments(["/usr/bin/node", "/project/scripts/deploy.js", "--network", "bsc"], { HARDHAT_NETWORK: "mainnet" });
      expect(run).to.deep.include({ cli: false });
      expect(run?.args.network).to.equal("mainnet");
      expect(runArguments([], {})?.args.network).to.equal(undefined);
    });
    it("not at all when the command line does not parse (Hardhat says why)", () => {
      expect(runArguments(argv("compile", "--network"), {})).to.equal(undefined);
    });
  });

  describe("checkSelectedNetwork", () => {
    it("passes a configured network, given or the default, and leaves arguments that do not parse to Hardhat", () => {
      expect(() => checkSelectedNetwork(config(), { args: { network: "localhost" } as never, cli: true })).to.not.throw();
      expect(() => checkSelectedNetwork(config(), { args: {} as never, cli: true })).to.not.throw();
      expect(() => checkSelectedNetwork(config("polygon"), undefined)).to.not.throw();
    });

    it("a typo: an InputError listing the networks and offering the nearest", () => {
      const error = refusal(() => checkSelectedNetwork(config(), { args: { network: "locahost" } as never, cli: false }));
      expect(error).to.be.instanceOf(InputError);
      expect(error.message).to.equal(
        `Network "locahost" is not in this project's config; did you mean "localhost"? Configured networks: hardhat, localhost, bsc, mainnet. ` +
          `Run again with --network localhost, or add "locahost" to the networks in hardhat.config.`
      );
      expect(util.inspect(error), "not the CLI: the whole error").to.include("    at ");
    });

    it("a default network the config lacks, nothing near: the list alone", () => {
      const error = refusal(() => checkSelectedNetwork(config("polygon"), { args: {} as never, cli: false }));
      expect(error.message).to.equal(
        `Network "polygon" is not in this project's config. Configured networks: hardhat, localhost, bsc, mainnet. ` +
          `Run again with one of them as --network, or add "polygon" to the networks in hardhat.config.`
      );
    });

    it("thrown to the CLI: printed as the message alone, unless --show-stack-traces", () => {
      const quiet = refusal(() => checkSelectedNetwork(config(), { args: { network: "bsd" } as never, cli: true }));
      expect(quiet.message).to.include(`did you mean "bsc"?`);
      expect(util.inspect(quiet)).to.equal(STACK_TRACES_HINT);
      const whole = refusal(() => checkSelectedNetwork(config(), { args: { network: "bsd", showStackTraces: true } as never, cli: true }));
      expect(util.inspect(whole)).to.include("    at ");
    });
  });
});
