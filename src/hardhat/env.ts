// The env -> Hardhat config mapping, as pure functions other projects can reuse:
//   Hardhat 2: const { networks, etherscan } = configFromEnv(process.env);
//   Hardhat 3: const { networks, chainDescriptors, verify } = hardhat3ConfigFromEnv(process.env, configVariable);
// Public API of `multiaccount-kit/hardhat/env`.
import { CHAINS, type ChainInfo } from "./internal/chains/table";
import { chainApiUrl, etherscanEndpoint } from "./internal/chains/explorers";
import { EnvError } from "./errors";
import { forConfigLoading } from "./internal/output/cli-errors";

export { EnvError };

export type Env = Record<string, string | undefined>;

export interface EnvNetworkConfig {
  url: string;
  accounts: string[] | "remote";
  chainId?: number;
  gasPrice?: number;
}

export interface CustomChain {
  network: string;
  chainId: number;
  urls: { apiURL: string; browserURL: string };
}

export interface EnvConfig {
  networks: Record<string, EnvNetworkConfig>;
  /** One key (Etherscan API V2), and every chain's verification URL. */
  etherscan: { apiKey: string; customChains: CustomChain[] };
}

const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

function normalizeKey(variable: string, key: string): string {
  const trimmed = key.trim();
  // Never echo the value: it is a secret even when it is malformed.
  if (!PRIVATE_KEY.test(trimmed)) throw new EnvError(variable, "is not a 32-byte hex private key");
  return trimmed.startsWith("0x") ? trimmed : `0x${trimmed}`;
}

/** `PRIVATE_KEYS_STR`: comma-separated private keys; an empty list when absent. */
export function parsePrivateKeys(value: string | undefined, variable = "PRIVATE_KEYS_STR"): string[] {
  if (value === undefined || value.trim() === "") return [];
  return value
    .split(",")
    .filter((part) => part.trim() !== "")
    .map((part) => normalizeKey(variable, part));
}

function envName(network: string, suffix: string): string {
  return `${network.toUpperCase()}_${suffix}`;
}

function gasPriceFromEnv(env: Env, chain: ChainInfo): number | undefined {
  const variable = envName(chain.network, "GAS_PRICE_GWEI");
  const raw = env[variable];
  if (raw === undefined || raw.trim() === "") return undefined;
  const gwei = Number(raw);
  if (!Number.isFinite(gwei) || gwei <= 0) throw new EnvError(variable, `must be a positive number of gwei, got "${raw}"`);
  return Math.round(gwei * 1e9);
}

function urlFromEnv(env: Env, variable: string, fallback: string): string {
  const raw = env[variable];
  if (raw === undefined || raw.trim() === "") return fallback;
  if (!/^(https?|wss?):\/\//.test(raw.trim())) throw new EnvError(variable, "must be an http(s) or ws(s) URL");
  return raw.trim();
}

/** A config calls these as it loads: an EnvError they throw goes to Hardhat's CLI, printed as its message alone. */
function whileConfigLoads<T>(map: () => T): T {
  try {
    return map();
  } catch (error) {
    throw forConfigLoading(error);
  }
}

/**
 * Maps environment variables to `networks` and `etherscan` config:
 * - `PRIVATE_KEY` (the deployer, first signer) and `PRIVATE_KEYS_STR` (more signers) sign on live
 *   networks. When PRIVATE_KEY is missing, live networks get no accounts and the plugin's tasks
 *   refuse to run on them with a message to set it; the in-process and local networks need none.
 * - `<NETWORK>_RPC_URL` overrides a chain's default public endpoint; `<NETWORK>_GAS_PRICE_GWEI` sets
 *   its gas price.
 * - Verification: one `ETHERSCAN_API_KEY` (Etherscan API V2), and a `customChains` entry for every
 *   chain, so both explorer plugins send each chain where it belongs: the V2 endpoint with the chain's
 *   `chainid`, or the chain's own explorer API (Mode's Blockscout). No per-chain V1 URL or key map is
 *   ever produced. The V1-era per-chain key variables (BSCSCAN_API_KEY, ...) are read by the plugin's
 *   verify step, not here. `ETHERSCAN_API_URL` and `<NETWORK>_EXPLORER_API_URL` move the endpoints.
 * - `HARDHAT_DOCKER_URL` (default "") adds a `docker` network when set.
 * - `LOCALHOST2_RPC_URL` (default "") adds a `localhost2` network when set: a second node on this
 *   machine, signing with its own accounts as `localhost` does (the two-chain local recipe).
 */
export function configFromEnv(env: Env): EnvConfig {
  return whileConfigLoads(() => hardhat2Mapping(env));
}

function hardhat2Mapping(env: Env): EnvConfig {
  const deployer = env.PRIVATE_KEY !== undefined && env.PRIVATE_KEY.trim() !== "" ? [normalizeKey("PRIVATE_KEY", env.PRIVATE_KEY)] : [];
  const others = parsePrivateKeys(env.PRIVATE_KEYS_STR);
  const liveAccounts = deployer.length === 0 ? [] : [...new Set([...deployer, ...others])];

  const networks: Record<string, EnvNetworkConfig> = {};
  const customChains: CustomChain[] = [];
  for (const chain of CHAINS) {
    const network: EnvNetworkConfig = {
      url: urlFromEnv(env, envName(chain.network, "RPC_URL"), chain.defaultRpcUrl),
      accounts: liveAccounts,
      chainId: chain.chainId,
    };
    const gasPrice = gasPriceFromEnv(env, chain);
    if (gasPrice !== undefined) network.gasPrice = gasPrice;
    networks[chain.network] = network;
    customChains.push({ network: chain.network, chainId: chain.chainId, urls: { apiURL: chainApiUrl(chain, env), browserURL: chain.explorer.browserUrl } });
  }

  // Local nodes sign with their own unlocked accounts unless keys are given.
  networks.localhost = { url: urlFromEnv(env, "LOCALHOST_RPC_URL", "http://127.0.0.1:8545"), accounts: "remote" };
  const secondLocal = urlFromEnv(env, "LOCALHOST2_RPC_URL", "");
  if (secondLocal !== "") networks.localhost2 = { url: secondLocal, accounts: "remote" };
  const dockerUrl = env.HARDHAT_DOCKER_URL ?? "";
  if (dockerUrl.trim() !== "") {
    networks.docker = { url: urlFromEnv(env, "HARDHAT_DOCKER_URL", ""), accounts: liveAccounts.length > 0 ? liveAccounts : "remote" };
  }
  return { networks, etherscan: { apiKey: env.ETHERSCAN_API_KEY?.trim() ?? "", customChains } };
}

/** A Hardhat 3 HTTP network, with its keys as configuration variables of type `V`. */
export interface Hardhat3EnvNetworkConfig<V> {
  type: "http";
  url: string;
  accounts?: Array<V | string>;
  chainId?: number;
  gasPrice?: number;
}

/** One explorer of a chain, as Hardhat 3's `chainDescriptors` takes it. */
export interface Hardhat3BlockExplorer {
  name: string;
  url: string;
  apiUrl: string;
}

export interface Hardhat3EnvConfig<V> {
  networks: Record<string, Hardhat3EnvNetworkConfig<V>>;
  /** Each chain's explorer: Etherscan (V2 endpoint) or the chain's Blockscout. */
  chainDescriptors: Record<number, { name: string; blockExplorers: { etherscan?: Hardhat3BlockExplorer; blockscout?: Hardhat3BlockExplorer } }>;
  verify: { etherscan: { apiKey: V } };
}

/**
 * The same chains as `configFromEnv`, shaped for Hardhat 3. Pass Hardhat 3's `configVariable` from
 * "hardhat/config": the deployer key is `configVariable("PRIVATE_KEY")` on every live network (so the
 * keystore plugin can hold it, and `.env` users set it as before), and the explorer key is
 * `configVariable("ETHERSCAN_API_KEY")` (hardhat-verify 3 speaks Etherscan's V2 API, one key for
 * every chain). When PRIVATE_KEY is set in neither place, the plugin's tasks on a live network stop
 * with the same message as on Hardhat 2. `PRIVATE_KEYS_STR`, `<NETWORK>_RPC_URL`,
 * `<NETWORK>_GAS_PRICE_GWEI`, `LOCALHOST_RPC_URL`, `LOCALHOST2_RPC_URL` and `HARDHAT_DOCKER_URL` work
 * as there.
 */
export function hardhat3ConfigFromEnv<V>(env: Env, configVariable: (name: string) => V): Hardhat3EnvConfig<V> {
  return whileConfigLoads(() => hardhat3Mapping(env, configVariable));
}

function hardhat3Mapping<V>(env: Env, configVariable: (name: string) => V): Hardhat3EnvConfig<V> {
  const others = parsePrivateKeys(env.PRIVATE_KEYS_STR);
  const accounts: Array<V | string> = [configVariable("PRIVATE_KEY"), ...others];
  const networks: Record<string, Hardhat3EnvNetworkConfig<V>> = {};
  const chainDescriptors: Hardhat3EnvConfig<V>["chainDescriptors"] = {};
  for (const chain of CHAINS) {
    const network: Hardhat3EnvNetworkConfig<V> = {
      type: "http",
      url: urlFromEnv(env, envName(chain.network, "RPC_URL"), chain.defaultRpcUrl),
      accounts,
      chainId: chain.chainId,
    };
    const gasPrice = gasPriceFromEnv(env, chain);
    if (gasPrice !== undefined) network.gasPrice = gasPrice;
    networks[chain.network] = network;
    const explorer = { name: chain.explorer.name, url: chain.explorer.browserUrl };
    chainDescriptors[chain.chainId] = {
      name: chain.network,
      blockExplorers:
        chain.route.kind === "etherscan-v2"
          ? { etherscan: { ...explorer, apiUrl: etherscanEndpoint(env) } }
          : { blockscout: { ...explorer, apiUrl: chainApiUrl(chain, env) } },
    };
  }
  networks.localhost = { type: "http", url: urlFromEnv(env, "LOCALHOST_RPC_URL", "http://127.0.0.1:8545") };
  const secondLocal = urlFromEnv(env, "LOCALHOST2_RPC_URL", "");
  if (secondLocal !== "") networks.localhost2 = { type: "http", url: secondLocal };
  const dockerUrl = env.HARDHAT_DOCKER_URL ?? "";
  if (dockerUrl.trim() !== "") networks.docker = { type: "http", url: urlFromEnv(env, "HARDHAT_DOCKER_URL", "") };
  return { networks, chainDescriptors, verify: { etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") } } };
}
