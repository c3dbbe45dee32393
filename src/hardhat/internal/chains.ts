// The live chains the plugin configures out of the box: chain ids, default public RPC endpoints and
// explorers. `etherscanNetwork` is the chain's key in @nomiclabs/hardhat-etherscan when that
// plugin knows the chain; the others are added as `customChains`.
export interface ChainInfo {
  /** Hardhat network name. */
  network: string;
  chainId: number;
  defaultRpcUrl: string;
  /** Environment variable holding the explorer API key. */
  apiKeyEnv: string;
  explorer: { apiURL: string; browserURL: string };
  /** Native currency symbol. */
  currency: string;
  /** Key in hardhat-etherscan's built-in chain list, when it has this chain. */
  etherscanNetwork?: string;
}

export const CHAINS: readonly ChainInfo[] = [
  {
    network: "mainnet",
    currency: "ETH",
    chainId: 1,
    defaultRpcUrl: "https://ethereum-rpc.publicnode.com",
    apiKeyEnv: "ETHERSCAN_API_KEY",
    explorer: { apiURL: "https://api.etherscan.io/api", browserURL: "https://etherscan.io" },
    etherscanNetwork: "mainnet",
  },
  {
    network: "bsc",
    currency: "BNB",
    chainId: 56,
    defaultRpcUrl: "https://bsc-dataseed.bnbchain.org",
    apiKeyEnv: "BSCSCAN_API_KEY",
    explorer: { apiURL: "https://api.bscscan.com/api", browserURL: "https://bscscan.com" },
    etherscanNetwork: "bsc",
  },
  {
    network: "opbnb",
    currency: "BNB",
    chainId: 204,
    defaultRpcUrl: "https://opbnb-mainnet-rpc.bnbchain.org",
    apiKeyEnv: "OPBNBSCAN_API_KEY",
    explorer: { apiURL: "https://api-opbnb.bscscan.com/api", browserURL: "https://opbnb.bscscan.com" },
  },
  {
    network: "base",
    currency: "ETH",
    chainId: 8453,
    defaultRpcUrl: "https://mainnet.base.org",
    apiKeyEnv: "BASESCAN_API_KEY",
    explorer: { apiURL: "https://api.basescan.org/api", browserURL: "https://basescan.org" },
  },
  {
    network: "polygon",
    currency: "POL",
    chainId: 137,
    defaultRpcUrl: "https://polygon-rpc.com",
    apiKeyEnv: "POLYGONSCAN_API_KEY",
    explorer: { apiURL: "https://api.polygonscan.com/api", browserURL: "https://polygonscan.com" },
    etherscanNetwork: "polygon",
  },
  {
    network: "arbitrum",
    currency: "ETH",
    chainId: 42161,
    defaultRpcUrl: "https://arb1.arbitrum.io/rpc",
    apiKeyEnv: "ARBISCAN_API_KEY",
    explorer: { apiURL: "https://api.arbiscan.io/api", browserURL: "https://arbiscan.io" },
    etherscanNetwork: "arbitrumOne",
  },
  {
    network: "optimism",
    currency: "ETH",
    chainId: 10,
    defaultRpcUrl: "https://mainnet.optimism.io",
    apiKeyEnv: "OPTIMISTIC_ETHERSCAN_API_KEY",
    explorer: {
      apiURL: "https://api-optimistic.etherscan.io/api",
      browserURL: "https://optimistic.etherscan.io",
    },
    etherscanNetwork: "optimisticEthereum",
  },
  {
    network: "mantle",
    currency: "MNT",
    chainId: 5000,
    defaultRpcUrl: "https://rpc.mantle.xyz",
    apiKeyEnv: "MANTLESCAN_API_KEY",
    explorer: { apiURL: "https://api.mantlescan.xyz/api", browserURL: "https://mantlescan.xyz" },
  },
  {
    network: "blast",
    currency: "ETH",
    chainId: 81457,
    defaultRpcUrl: "https://rpc.blast.io",
    apiKeyEnv: "BLASTSCAN_API_KEY",
    explorer: { apiURL: "https://api.blastscan.io/api", browserURL: "https://blastscan.io" },
  },
  {
    network: "mode",
    currency: "ETH",
    chainId: 34443,
    defaultRpcUrl: "https://mainnet.mode.network",
    apiKeyEnv: "MODE_API_KEY",
    explorer: { apiURL: "https://explorer.mode.network/api", browserURL: "https://explorer.mode.network" },
  },
  {
    network: "sonic",
    currency: "S",
    chainId: 146,
    defaultRpcUrl: "https://rpc.soniclabs.com",
    apiKeyEnv: "SONICSCAN_API_KEY",
    explorer: { apiURL: "https://api.sonicscan.org/api", browserURL: "https://sonicscan.org" },
  },
];

export function chainById(chainId: number): ChainInfo | undefined {
  return CHAINS.find((chain) => chain.chainId === chainId);
}
