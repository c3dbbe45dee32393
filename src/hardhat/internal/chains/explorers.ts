// Where a chain's verification goes, and with which key: Etherscan API V2 (one endpoint, a
// `chainid`, one key) for the chains Etherscan serves, the chain's own Blockscout otherwise. Pure
// functions of the chain table and the environment, shared by the config mappings (Hardhat 2 and 3)
// and by the verify step. A key's value never appears in anything these return for printing.
import { EnvError } from "../../errors";
import { CHAINS, chainById, type ChainInfo } from "./table";

export const ETHERSCAN_V2_API_URL = "https://api.etherscan.io/v2/api";
/** Blockscout does not check keys, but the Hardhat 2 explorer plugins refuse an empty one. */
export const NO_KEY_NEEDED = "not-needed";

export type Env = Record<string, string | undefined>;

function envUrl(env: Env, variable: string, fallback: string): string {
  const raw = env[variable];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = raw.trim();
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw new EnvError(variable, "must be an http(s) URL");
  return value.replace(/\/+$/, "");
}

/** Etherscan's V2 endpoint; ETHERSCAN_API_URL points it elsewhere (a proxy, a mirror, a test stand-in). */
export function etherscanEndpoint(env: Env): string {
  return envUrl(env, "ETHERSCAN_API_URL", ETHERSCAN_V2_API_URL);
}

export function withChainId(endpoint: string, chainId: number): string {
  const url = new URL(endpoint);
  url.searchParams.set("chainid", String(chainId));
  return url.toString();
}

function explorerApiVariable(chain: ChainInfo): string {
  return `${chain.network.toUpperCase()}_EXPLORER_API_URL`;
}

/** The API URL an explorer plugin is given for `chain`: V2 with its chainid, or the chain's own API. */
export function chainApiUrl(chain: ChainInfo, env: Env): string {
  if (chain.route.kind === "etherscan-v2") return withChainId(etherscanEndpoint(env), chain.chainId);
  return envUrl(env, explorerApiVariable(chain), chain.route.apiUrl);
}

export interface VerificationRoute {
  chainId: number;
  /** The chain table's network name, when the chain is in it. */
  network?: string;
  kind: "etherscan-v2" | "blockscout" | "custom";
  /** What the explorer plugin is told: for V2 the endpoint with this chain's chainid. */
  apiUrl: string;
  browserUrl: string;
  /** The key to send ("" when none is set). Never print it. */
  key: string;
  /** Where the key came from, for messages: a variable name or "hardhat.config". */
  keySource?: string;
  /** One line to print before verifying (never with a key's value), when something needs saying. */
  notice?: string;
  /** The proxy can be linked to its implementation through the explorer's API ("Read/Write as Proxy"). */
  linksProxies: boolean;
  /** "Etherscan API V2 (chainid 56)" */
  description: string;
}

/**
 * The route for a chain of the table. The V2 key is, in order: a single key configured in
 * hardhat.config (`configuredKey`), ETHERSCAN_API_KEY, then the chain's own V1-era variable (with a
 * notice that V2 takes one ETHERSCAN_API_KEY).
 */
export function tableRoute(chainId: number, env: Env, configuredKey?: string): VerificationRoute | undefined {
  const chain = chainById(chainId);
  if (chain === undefined) return undefined;
  const browserUrl = chain.explorer.browserUrl;
  if (chain.route.kind === "blockscout") {
    const apiUrl = chainApiUrl(chain, env);
    const own = env[chain.apiKeyEnv]?.trim();
    return {
      chainId,
      network: chain.network,
      kind: "blockscout",
      apiUrl,
      browserUrl,
      key: own || NO_KEY_NEEDED,
      keySource: own ? chain.apiKeyEnv : undefined,
      linksProxies: false,
      description: `${chain.explorer.name} at ${new URL(apiUrl).origin}`,
    };
  }
  const single = configuredKey?.trim() || env.ETHERSCAN_API_KEY?.trim();
  const own = env[chain.apiKeyEnv]?.trim();
  let key = "";
  let keySource: string | undefined;
  let notice: string | undefined;
  if (single) {
    key = single;
    keySource = configuredKey?.trim() ? "hardhat.config" : "ETHERSCAN_API_KEY";
  } else if (own) {
    key = own;
    keySource = chain.apiKeyEnv;
    notice = `Etherscan API V2 takes one key for every chain: set ETHERSCAN_API_KEY. Using ${chain.apiKeyEnv} for ${chain.network} meanwhile.`;
  }
  return {
    chainId,
    network: chain.network,
    kind: "etherscan-v2",
    apiUrl: chainApiUrl(chain, env),
    browserUrl,
    key,
    keySource,
    notice,
    linksProxies: true,
    description: `Etherscan API V2 (chainid ${chainId})`,
  };
}

/** The table's chains, with their routes as configured by `env` (for docs and checks). */
export function allRoutes(env: Env): VerificationRoute[] {
  return CHAINS.map((chain) => tableRoute(chain.chainId, env)!);
}

/** How a chain on Etherscan API V2 without a key begins its reason, and the summary's word for it. */
export const NO_API_KEY = "no Etherscan API key";

/**
 * Why verification cannot run on a chain that has no explorer configured. A node on this machine
 * (`local`: `npx hardhat node`, anvil) has none to configure; another chain needs an entry
 * (`howToAdd`: which one, in the project's config).
 */
export function noExplorerReason(target: { network: string; chainId: number; local: boolean; howToAdd: string }): string {
  if (target.local) {
    return `network "${target.network}" (chain ${target.chainId}) is a node on this machine, and a local node has no block explorer to verify on; verification runs when you deploy to a live network`;
  }
  return `no explorer is configured for chain ${target.chainId} (${target.howToAdd})`;
}
