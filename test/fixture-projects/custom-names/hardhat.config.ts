// A project with its own contracts under other names, chosen in the plugin's config section.
import "@nomiclabs/hardhat-ethers";
import "@openzeppelin/hardhat-upgrades";
import "../../../src/hardhat/hardhat2";
import type { HardhatUserConfig } from "hardhat/config";

const config: HardhatUserConfig = {
  solidity: {
    version: "0.8.24",
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" },
  },
  multiAccount: {
    contract: "AccountHub",
    accountContract: "HubAccount",
    addressesFile: process.env.ADDRESSES_FILE ?? "deployments/addresses.json",
    verify: false,
  },
};

export default config;
