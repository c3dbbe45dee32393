// Test wiring: this toolbox project with @nomiclabs/hardhat-ethers loaded as well (the ethers 5 host's
// copy, built on ethers 5), the mix that a `--force` install produces. The tasks must refuse it clearly.
import "@nomicfoundation/hardhat-toolbox";
import "@openzeppelin/hardhat-upgrades";
import "multiaccount-kit/hardhat";
import type { HardhatUserConfig } from "hardhat/config";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the ethers 5 host's copy, by path
require(require.resolve("@nomiclabs/hardhat-ethers", { paths: [process.env.FIXTURE_STACK_A_DIR ?? ""] }));

const config: HardhatUserConfig = {
  solidity: { version: "0.8.24", settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" } },
  networks: { localhost: { url: process.env.LOCALHOST_RPC_URL ?? "http://127.0.0.1:8545" } },
};

export default config;
