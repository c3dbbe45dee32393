// The live chains the plugin configures out of the box: chain ids, default public RPC endpoints, and
// how each one's explorer verifies contracts. Etherscan retired its per-explorer V1 APIs in 2025;
// the chains it serves now answer at one V2 endpoint with a `chainid` and one Etherscan key. A chain
// Etherscan does not serve keeps its own explorer's Etherscan-compatible API (Blockscout's, here).
// `routeSource` says where each route was checked; docs/verification.md has the table.

export type RouteKind =
  /** Etherscan API V2: https://api.etherscan.io/v2/api?chainid=<id>, one ETHERSCAN_API_KEY for every chain. */
  | { kind: "etherscan-v2" }
  /** The chain's own Blockscout, whose `/api` speaks the Etherscan verification API and needs no key. */
  | { kind: "blockscout"; apiUrl: string };

export interface ChainInfo {
  /** Hardhat network name. */
  network: string;
  chainId: number;
  defaultRpcUrl: string;
  /** The chain's own explorer key variable from the V1 days; still accepted, with a notice. */
  apiKeyEnv: string;
  /** The explorer people browse, for links. */
  explorer: { name: string; browserUrl: string };
  /** How verification reaches that explorer. */
  route: RouteKind;
  /** Where the route was checked. */
  routeSource: string;
  /** Native currency symbol. */
  currency: string;
}

const ETHERSCAN_LIST = "Etherscan's supported-chains list (docs.etherscan.io/supported-chains)";
const ALLOY_CHAINS = "Foundry's chain table (alloy-chains, etherscan_urls)";
const V2: RouteKind = { kind: "etherscan-v2" };

export const CHAINS: readonly ChainInfo[] = [
  {
    network: "mainnet",
    currency: "ETH",
    chainId: 1,
    defaultRpcUrl: "https://ethereum-rpc.publicnode.com",
    apiKeyEnv: "ETHERSCAN_API_KEY",
    explorer: { name: "Etherscan", browserUrl: "https://etherscan.io" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "bsc",
    currency: "BNB",
    chainId: 56,
    defaultRpcUrl: "https://bsc-dataseed.bnbchain.org",
    apiKeyEnv: "BSCSCAN_API_KEY",
    explorer: { name: "BscScan", browserUrl: "https://bscscan.com" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "opbnb",
    currency: "BNB",
    chainId: 204,
    defaultRpcUrl: "https://opbnb-mainnet-rpc.bnbchain.org",
    apiKeyEnv: "OPBNBSCAN_API_KEY",
    explorer: { name: "opBNB BscScan", browserUrl: "https://opbnb.bscscan.com" },
    route: V2,
    routeSource: `${ALLOY_CHAINS}; Etherscan's explorer list names opBNB BscScan for 204`,
  },
  {
    network: "base",
    currency: "ETH",
    chainId: 8453,
    defaultRpcUrl: "https://mainnet.base.org",
    apiKeyEnv: "BASESCAN_API_KEY",
    explorer: { name: "BaseScan", browserUrl: "https://basescan.org" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "polygon",
    currency: "POL",
    chainId: 137,
    defaultRpcUrl: "https://polygon-rpc.com",
    apiKeyEnv: "POLYGONSCAN_API_KEY",
    explorer: { name: "PolygonScan", browserUrl: "https://polygonscan.com" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "arbitrum",
    currency: "ETH",
    chainId: 42161,
    defaultRpcUrl: "https://arb1.arbitrum.io/rpc",
    apiKeyEnv: "ARBISCAN_API_KEY",
    explorer: { name: "Arbiscan", browserUrl: "https://arbiscan.io" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "optimism",
    currency: "ETH",
    chainId: 10,
    defaultRpcUrl: "https://mainnet.optimism.io",
    apiKeyEnv: "OPTIMISTIC_ETHERSCAN_API_KEY",
    explorer: { name: "Optimistic Etherscan", browserUrl: "https://optimistic.etherscan.io" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "mantle",
    currency: "MNT",
    chainId: 5000,
    defaultRpcUrl: "https://rpc.mantle.xyz",
    apiKeyEnv: "MANTLESCAN_API_KEY",
    explorer: { name: "Mantlescan", browserUrl: "https://mantlescan.xyz" },
    route: V2,
    routeSource: `${ETHERSCAN_LIST} (V2 getting-started list); ${ALLOY_CHAINS}`,
  },
  {
    network: "blast",
    currency: "ETH",
    chainId: 81457,
    defaultRpcUrl: "https://rpc.blast.io",
    apiKeyEnv: "BLASTSCAN_API_KEY",
    explorer: { name: "Blastscan", browserUrl: "https://blastscan.io" },
    route: V2,
    routeSource: ETHERSCAN_LIST,
  },
  {
    network: "mode",
    currency: "ETH",
    chainId: 34443,
    defaultRpcUrl: "https://mainnet.mode.network",
    apiKeyEnv: "MODE_API_KEY",
    explorer: { name: "Mode Explorer (Blockscout)", browserUrl: "https://explorer.mode.network" },
    route: { kind: "blockscout", apiUrl: "https://explorer.mode.network/api" },
    routeSource: `not in ${ETHERSCAN_LIST}; its explorer is a Blockscout, per ${ALLOY_CHAINS}`,
  },
  {
    network: "sonic",
    currency: "S",
    chainId: 146,
    defaultRpcUrl: "https://rpc.soniclabs.com",
    apiKeyEnv: "SONICSCAN_API_KEY",
    explorer: { name: "SonicScan", browserUrl: "https://sonicscan.org" },
    route: V2,
    routeSource: `${ETHERSCAN_LIST} (V2 getting-started list); ${ALLOY_CHAINS}`,
  },
];

export function chainById(chainId: number): ChainInfo | undefined {
  return CHAINS.find((chain) => chain.chainId === chainId);
}
