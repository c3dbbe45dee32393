// The env -> Hardhat config mapping, as a pure function other projects can reuse:
//   const { networks, etherscan } = configFromEnv(process.env);
// Public API of `multiaccount-kit/hardhat/env`.
import { CHAINS, type ChainInfo } from "./internal/chains";
import { EnvError } from "./errors";

export { CHAINS, type ChainInfo };

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
  etherscan: { apiKey: Record<string, string>; customChains: CustomChain[] };
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

/**
 * Maps environment variables to `networks` and `etherscan` config:
 * - `PRIVATE_KEY` (the deployer, first signer) and `PRIVATE_KEYS_STR` (more signers) sign on live
 *   networks. When PRIVATE_KEY is missing, live networks get no accounts and the plugin's tasks
 *   refuse to run on them with a message to set it; the in-process and local networks need none.
 * - `<NETWORK>_RPC_URL` overrides a chain's default public endpoint; `<NETWORK>_GAS_PRICE_GWEI` sets
 *   its gas price.
 * - One explorer API key variable per chain (see CHAINS), each defaulting to "".
 * - `HARDHAT_DOCKER_URL` (default "") adds a `docker` network when set.
 */
export function configFromEnv(env: Env): EnvConfig {
  const deployer = env.PRIVATE_KEY !== undefined && env.PRIVATE_KEY.trim() !== "" ? [normalizeKey("PRIVATE_KEY", env.PRIVATE_KEY)] : [];
  const others = parsePrivateKeys(env.PRIVATE_KEYS_STR);
  const liveAccounts = deployer.length === 0 ? [] : [...new Set([...deployer, ...others])];

  const networks: Record<string, EnvNetworkConfig> = {};
  const apiKey: Record<string, string> = {};
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

    const explorerKey = chain.etherscanNetwork ?? chain.network;
    apiKey[explorerKey] = env[chain.apiKeyEnv] ?? "";
    if (chain.etherscanNetwork === undefined) {
      customChains.push({ network: chain.network, chainId: chain.chainId, urls: { ...chain.explorer } });
    }
  }

  // Local nodes sign with their own unlocked accounts unless keys are given.
  networks.localhost = { url: urlFromEnv(env, "LOCALHOST_RPC_URL", "http://127.0.0.1:8545"), accounts: "remote" };
  const dockerUrl = env.HARDHAT_DOCKER_URL ?? "";
  if (dockerUrl.trim() !== "") {
    networks.docker = { url: urlFromEnv(env, "HARDHAT_DOCKER_URL", ""), accounts: liveAccounts.length > 0 ? liveAccounts : "remote" };
  }
  return { networks, etherscan: { apiKey, customChains } };
}
