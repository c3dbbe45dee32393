// A hardhat-toolbox 6 project. The toolbox does not include the upgrades plugin, and this config
// does not import it either: importing multiaccount-kit/hardhat loads it, since it is installed.
import "@nomicfoundation/hardhat-toolbox";
import "multiaccount-kit/hardhat";
import * as dotenv from "dotenv";
import type { HardhatUserConfig } from "hardhat/config";
import { configFromEnv } from "multiaccount-kit/hardhat/env";

dotenv.config();
const { networks, etherscan } = configFromEnv(process.env);

const config: HardhatUserConfig = {
  solidity: { version: "0.8.24", settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" } },
  // Test wiring: the chain id `hardhat node` runs with (56 stands in for bsc, 34443 for mode).
  networks: { ...networks, hardhat: { chainId: Number(process.env.FIXTURE_NODE_CHAIN_ID ?? 31337) } },
  etherscan,
  // Test wiring: hardhat-verify 2's Sourcify (FIXTURE_SOURCIFY_URL: the loopback verifier's older
  // Sourcify API) and a Blockscout for bsc (FIXTURE_BLOCKSCOUT_URL), as a project turns them on.
  ...(process.env.FIXTURE_SOURCIFY_URL === undefined
    ? {}
    : { sourcify: { enabled: true, apiUrl: process.env.FIXTURE_SOURCIFY_URL, browserUrl: process.env.FIXTURE_SOURCIFY_URL } }),
  ...(process.env.FIXTURE_BLOCKSCOUT_URL === undefined
    ? {}
    : {
        blockscout: {
          enabled: true,
          customChains: [
            { network: "bsc", chainId: 56, urls: { apiURL: `${process.env.FIXTURE_BLOCKSCOUT_URL}/api`, browserURL: process.env.FIXTURE_BLOCKSCOUT_URL } },
          ],
        },
      }),
  multiAccount: {
    verifyDelay: 0,
    addressesFile: process.env.ADDRESSES_FILE ?? "output/addresses.json",
    // Test wiring: short retry waits for the flaky-endpoint tests.
    rpc: process.env.FIXTURE_RPC === undefined ? undefined : JSON.parse(process.env.FIXTURE_RPC),
  },
};

export default config;
