// Test wiring: `hardhat node` of Hardhat 2 with no plugin and no TypeScript to load, for a chain and
// nothing else (the tests' nodes are infrastructure, not the project under test). It starts in about
// 0.6 s of processor time, where a host project's own config (the toolbox, the plugin, ts-node) takes
// 0.9 s. The chain id comes from FIXTURE_CHAIN_ID (the deployer fixture's variable) or
// FIXTURE_NODE_CHAIN_ID (the host projects'), 31337 by default.
const chainId = Number(process.env.FIXTURE_CHAIN_ID ?? process.env.FIXTURE_NODE_CHAIN_ID ?? 31337);

module.exports = { networks: { hardhat: { chainId } } };
