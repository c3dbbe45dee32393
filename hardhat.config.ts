import "@nomiclabs/hardhat-ethers";
import "@nomiclabs/hardhat-etherscan";
import "@nomicfoundation/hardhat-chai-matchers";
import "@openzeppelin/hardhat-upgrades";
import "./src/hardhat/hardhat2";
import * as dotenv from "dotenv";
import type { HardhatUserConfig } from "hardhat/config";
import { configFromEnv } from "./src/hardhat/env";

dotenv.config({ quiet: true });

const { networks, etherscan } = configFromEnv(process.env);

const config: HardhatUserConfig = {
  solidity: {
    version: "0.8.24",
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "paris",
    },
  },
  networks,
  etherscan,
  multiAccount: {
    addressesFile: process.env.ADDRESSES_FILE ?? "output/addresses.json",
  },
};

export default config;
