// The same toolbox project with contracts of its own: its own MultiAccount, and an account contract
// under another name whose constructor takes more arguments (chosen with --account-contract).
import "@nomicfoundation/hardhat-toolbox";
import "@openzeppelin/hardhat-upgrades";
import "multiaccount-kit/hardhat";
import type { HardhatUserConfig } from "hardhat/config";
import { configFromEnv } from "multiaccount-kit/hardhat/env";

const { networks } = configFromEnv(process.env);

const config: HardhatUserConfig = {
  solidity: { version: "0.8.24", settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" } },
  networks,
  paths: { sources: "./custom-contracts", artifacts: "./custom-artifacts", cache: "./custom-cache" },
  typechain: { outDir: "custom-typechain-types" },
  multiAccount: { verify: false, addressesFile: process.env.ADDRESSES_FILE ?? "output/custom-addresses.json" },
};

export default config;
