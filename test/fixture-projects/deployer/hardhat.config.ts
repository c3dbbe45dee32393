// A project that adds the plugin and has no MultiAccount of its own: the package's contracts are
// compiled into its build. Networks come from the plugin's env mapping, as in a real project.
import "@nomiclabs/hardhat-ethers";
import "@nomiclabs/hardhat-etherscan";
import "@openzeppelin/hardhat-upgrades";
import "../../../src/hardhat/hardhat2";
import type { HardhatUserConfig } from "hardhat/config";
import { configFromEnv } from "../../../src/hardhat/env";

const { networks, etherscan } = configFromEnv(process.env);
const explorer = process.env.FIXTURE_EXPLORER_URL;
if (explorer !== undefined) {
  // A loopback Etherscan API V2 for the local node's chain id, added the way a project adds a chain
  // the table does not have: the V2 endpoint with the chain's chainid.
  etherscan.apiKey = process.env.LOCALHOST_EXPLORER_API_KEY ?? "";
  etherscan.customChains.push({
    network: "localhost",
    chainId: 31337,
    urls: { apiURL: `${explorer}/v2/api?chainid=31337`, browserURL: explorer },
  });
}

// The multi-chain tests keep only the networks they start nodes for, so that `--networks all` means those.
const only = process.env.FIXTURE_NETWORKS?.split(",");
for (const name of Object.keys(networks)) if (only !== undefined && !only.includes(name)) delete networks[name];

// A plugin printing straight to the console, in each child process of a --networks run: the
// multi-chain test checks that its line reaches the command's output prefixed and redacted.
if (process.env.FIXTURE_CHILD_PRINTS === "1" && process.env.MULTIACCOUNT_KIT_EVERY_CHAIN_CHILD === "1") {
  console.error(`a plugin's own line, naming ${process.env.BSC_RPC_URL}`);
}

// `hardhat node` takes its chain id from here: the deterministic tests run nodes of several chains.
const chainId = Number(process.env.FIXTURE_CHAIN_ID ?? 31337);

const config: HardhatUserConfig = {
  solidity: {
    version: "0.8.24",
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" },
  },
  networks: { ...networks, hardhat: { chainId } },
  etherscan,
  multiAccount: {
    verifyDelay: 0,
    addressesFile: process.env.ADDRESSES_FILE ?? "output/addresses.json",
    // Short retry waits for the flaky-endpoint tests (test/hardhat/internal/rpc/sends.test.ts).
    rpc: process.env.FIXTURE_RPC === undefined ? undefined : JSON.parse(process.env.FIXTURE_RPC),
  },
};

export default config;
