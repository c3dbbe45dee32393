// The tests' Hardhat 2 nodes list Hardhat's default accounts instead of deriving them from the
// mnemonic (test/fixture-projects/node-only): the list must be exactly what Hardhat derives, in order,
// with Hardhat's default balance, so that a node of this config is the default node.
import { expect } from "chai";
import { derivePrivateKeys } from "hardhat/internal/core/providers/util";
import { DEFAULT_HARDHAT_NETWORK_BALANCE, defaultHardhatNetworkHdAccountsConfigParams } from "hardhat/internal/core/config/default-config";
import { NODE_ONLY_CONFIG } from "./environment";

describe("the tests' node config", () => {
  it("lists Hardhat's default accounts: the mnemonic's keys in order, each with the default balance", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the config file itself, CommonJS
    const config = require(NODE_ONLY_CONFIG) as { networks: { hardhat: { accounts: Array<{ privateKey: string; balance: string }> } } };
    const { mnemonic, path, initialIndex, count, passphrase } = defaultHardhatNetworkHdAccountsConfigParams;
    const derived = derivePrivateKeys(mnemonic, path, initialIndex, count, passphrase).map((key) => `0x${Buffer.from(key).toString("hex")}`);
    const listed = config.networks.hardhat.accounts;
    expect(listed.map((account) => account.privateKey)).to.deep.equal(derived);
    expect(new Set(listed.map((account) => account.balance))).to.deep.equal(new Set([DEFAULT_HARDHAT_NETWORK_BALANCE]));
  });
});
