// A Hardhat 3 project. multiaccount-kit is one more entry in `plugins`.
import hardhatEthers from "@nomicfoundation/hardhat-ethers";
import hardhatVerify from "@nomicfoundation/hardhat-verify";
import hardhatUpgrades from "@openzeppelin/hardhat-upgrades";
import { configVariable, defineConfig } from "hardhat/config";
import multiAccountKit from "multiaccount-kit/hardhat";
import { hardhat3ConfigFromEnv } from "multiaccount-kit/hardhat/env";

const { networks: all, chainDescriptors, verify } = hardhat3ConfigFromEnv(process.env, configVariable);
// FIXTURE_BLOCKSCOUT_URL gives bsc a Blockscout beside its Etherscan, as a project adds one to a chain's descriptor.
if (process.env.FIXTURE_BLOCKSCOUT_URL !== undefined) {
  const url = process.env.FIXTURE_BLOCKSCOUT_URL;
  chainDescriptors[56].blockExplorers.blockscout = { name: "Loopback Blockscout", url, apiUrl: `${url}/api` };
}
// FIXTURE_NETWORKS keeps only the networks a test starts nodes for (`--networks all` then means those).
const only = process.env.FIXTURE_NETWORKS?.split(",");
const networks = only === undefined ? all : Object.fromEntries(Object.entries(all).filter(([name]) => only.includes(name)));

export default defineConfig({
  plugins: [hardhatEthers, hardhatVerify, hardhatUpgrades, multiAccountKit],
  solidity: { version: "0.8.24", settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" } },
  networks,
  chainDescriptors,
  // hardhat-verify 3 verifies on Sourcify, and on the Blockscout that Hardhat's own chain descriptors
  // give chains such as base and arbitrum, unless told not to: the tests keep both on loopback
  // (FIXTURE_SOURCIFY_URL, FIXTURE_BLOCKSCOUT_URL: the loopback verifier's faces) or off, so that no
  // run asks a real explorer.
  verify: {
    ...verify,
    sourcify: process.env.FIXTURE_SOURCIFY_URL === undefined ? { enabled: false } : { apiUrl: process.env.FIXTURE_SOURCIFY_URL },
    blockscout: { enabled: process.env.FIXTURE_BLOCKSCOUT_URL !== undefined },
  },
  multiAccount: {
    // FIXTURE_VERIFY_DELAY lets a test give an invalid value, to see the config hook refuse it.
    verifyDelay: process.env.FIXTURE_VERIFY_DELAY === undefined ? 0 : Number(process.env.FIXTURE_VERIFY_DELAY),
    addressesFile: process.env.ADDRESSES_FILE ?? "output/addresses.json",
    // Short retry waits for the flaky-endpoint tests.
    rpc: process.env.FIXTURE_RPC === undefined ? undefined : JSON.parse(process.env.FIXTURE_RPC),
  },
});
