// The plugin's `multiAccount` config section: an all-optional user shape, resolved into an
// all-required one. Pure and unit-tested without a Hardhat runtime.
import path from "path";
import { DEFAULT_ACCOUNT_CONTRACT, DEFAULT_ADDRESSES_FILE, DEFAULT_CONTRACT, DEFAULT_VERIFY_DELAY_SECONDS } from "./constants";
import { ConfigError } from "./errors";

/** How our tasks retry JSON-RPC calls on a flaky endpoint (times in milliseconds). */
export interface RpcRetryUserConfig {
  /** Attempts after the first, per call. Default 6. */
  retries?: number;
  /** The first wait between attempts; it doubles each time, with jitter. Default 500. */
  minDelay?: number;
  /** The longest wait between attempts. Default 8000. */
  maxDelay?: number;
  /** One attempt is abandoned after this long. Default 30000, or the network's `timeout` when that is shorter. */
  timeout?: number;
  /** A call gives up after this long, attempts and waits included. Default 120000. */
  totalTimeout?: number;
}

export interface RpcRetryConfig {
  retries: number;
  minDelay: number;
  maxDelay: number;
  /** undefined: 30000, or the network's `timeout` when shorter. */
  timeout?: number;
  totalTimeout: number;
}

export const DEFAULT_RPC_RETRY: Readonly<Required<Omit<RpcRetryConfig, "timeout">>> & { timeout: number } = {
  retries: 6,
  minDelay: 500,
  maxDelay: 8000,
  timeout: 30_000,
  totalTimeout: 120_000,
};

export interface MultiAccountUserConfig {
  /** Addresses file, relative to the project root. Default `output/addresses.json`. */
  addressesFile?: string;
  /** Name of the contract deployed behind the proxy. Default `MultiAccount`. */
  contract?: string;
  /** Name of the sub-account contract whose creation bytecode is passed to `initialize`. Default `ProtocolPartyA`. */
  accountContract?: string;
  /** Seconds to wait before verification. Default 15. */
  verifyDelay?: number;
  /** Verify the implementation on the network's explorer after a deploy or upgrade. Default true. */
  verify?: boolean;
  /** Compile with the installed npm `solc` package when its version matches. Default true. */
  useNpmSolc?: boolean;
  /** Compile the package's own MultiAccount sources when the project has none. Default true. */
  includeContracts?: boolean;
  /** Retries of JSON-RPC calls on a flaky endpoint, inside our tasks only. */
  rpc?: RpcRetryUserConfig;
  /** The Safe Transaction Service that `upgrade-multiaccount --propose` proposes to. */
  safe?: SafeServiceUserConfig;
}

/** Default: SAFE_TX_SERVICE_URL and SAFE_API_KEY from the environment; without a URL, Safe's own service for the chain (which needs the key). */
export interface SafeServiceUserConfig {
  /** The service's base URL, as @safe-global/api-kit's txServiceUrl (ending in /api). */
  txServiceUrl?: string;
  /** The API key Safe's own service asks for. */
  apiKey?: string;
}

export interface MultiAccountConfig {
  addressesFile: string;
  contract: string;
  accountContract: string;
  verifyDelay: number;
  verify: boolean;
  useNpmSolc: boolean;
  includeContracts: boolean;
  rpc: RpcRetryConfig;
  safe: SafeServiceUserConfig;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function optionalString(user: MultiAccountUserConfig, key: keyof MultiAccountUserConfig, fallback: string): string {
  const value = user[key];
  if (value === undefined) return fallback;
  if (typeof value !== "string" || value.trim() === "") {
    throw new ConfigError(key, `expected a non-empty string, got ${JSON.stringify(value)}`);
  }
  return value;
}

function optionalBoolean(user: MultiAccountUserConfig, key: keyof MultiAccountUserConfig, fallback: boolean): boolean {
  const value = user[key];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw new ConfigError(key, `expected true or false, got ${JSON.stringify(value)}`);
  return value;
}

function contractName(user: MultiAccountUserConfig, key: "contract" | "accountContract", fallback: string): string {
  const value = optionalString(user, key, fallback);
  // Accept a fully qualified name (path/File.sol:Name) or a bare Solidity identifier.
  const bare = value.includes(":") ? value.slice(value.lastIndexOf(":") + 1) : value;
  if (!IDENTIFIER.test(bare)) throw new ConfigError(key, `${JSON.stringify(value)} is not a contract name`);
  return value;
}

function resolveRpc(user: unknown): RpcRetryConfig {
  if (user === undefined) return { ...DEFAULT_RPC_RETRY, timeout: undefined };
  if (typeof user !== "object" || user === null || Array.isArray(user)) throw new ConfigError("rpc", `expected an object, got ${JSON.stringify(user)}`);
  const u = user as Record<string, unknown>;
  const known = ["retries", "minDelay", "maxDelay", "timeout", "totalTimeout"];
  const unknown = Object.keys(u).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new ConfigError(`rpc.${unknown[0]}`, `unknown option (the options are ${known.join(", ")})`);
  const number = (key: string, fallback: number | undefined, minimum: number): number | undefined => {
    const value = u[key];
    if (value === undefined) return fallback;
    if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
      throw new ConfigError(`rpc.${key}`, `expected a whole number ${minimum === 0 ? ">= 0" : `of milliseconds >= ${minimum}`}, got ${JSON.stringify(value)}`);
    }
    return value;
  };
  const resolved: RpcRetryConfig = {
    retries: number("retries", DEFAULT_RPC_RETRY.retries, 0)!,
    minDelay: number("minDelay", DEFAULT_RPC_RETRY.minDelay, 1)!,
    maxDelay: number("maxDelay", DEFAULT_RPC_RETRY.maxDelay, 1)!,
    timeout: number("timeout", undefined, 1),
    totalTimeout: number("totalTimeout", DEFAULT_RPC_RETRY.totalTimeout, 1)!,
  };
  if (resolved.minDelay > resolved.maxDelay) {
    throw new ConfigError("rpc.minDelay", `${resolved.minDelay} is more than rpc.maxDelay (${resolved.maxDelay})`);
  }
  return resolved;
}

export function resolveMultiAccountConfig(user: MultiAccountUserConfig | undefined, root: string): MultiAccountConfig {
  const u = user ?? {};
  if (typeof u !== "object" || Array.isArray(u)) {
    throw new ConfigError("", "expected an object");
  }
  const verifyDelay = u.verifyDelay ?? DEFAULT_VERIFY_DELAY_SECONDS;
  if (typeof verifyDelay !== "number" || !Number.isFinite(verifyDelay) || verifyDelay < 0) {
    throw new ConfigError("verifyDelay", `expected a number of seconds >= 0, got ${JSON.stringify(u.verifyDelay)}`);
  }
  return {
    addressesFile: path.resolve(root, optionalString(u, "addressesFile", DEFAULT_ADDRESSES_FILE)),
    contract: contractName(u, "contract", DEFAULT_CONTRACT),
    accountContract: contractName(u, "accountContract", DEFAULT_ACCOUNT_CONTRACT),
    verifyDelay,
    verify: optionalBoolean(u, "verify", true),
    useNpmSolc: optionalBoolean(u, "useNpmSolc", true),
    includeContracts: optionalBoolean(u, "includeContracts", true),
    rpc: resolveRpc(u.rpc),
    safe: resolveSafeService(u.safe),
  };
}

function resolveSafeService(user: unknown): SafeServiceUserConfig {
  if (user === undefined) return {};
  if (typeof user !== "object" || user === null || Array.isArray(user)) throw new ConfigError("safe", `expected an object, got ${JSON.stringify(user)}`);
  const known = ["txServiceUrl", "apiKey"];
  const resolved: SafeServiceUserConfig = {};
  for (const [key, value] of Object.entries(user)) {
    if (!known.includes(key)) throw new ConfigError(`safe.${key}`, `unknown option (the options are ${known.join(", ")})`);
    if (typeof value !== "string" || value.trim() === "") throw new ConfigError(`safe.${key}`, `expected a non-empty string`);
    resolved[key as keyof SafeServiceUserConfig] = value;
  }
  if (resolved.txServiceUrl !== undefined && !/^https?:\/\//.test(resolved.txServiceUrl)) {
    throw new ConfigError("safe.txServiceUrl", `expected an http(s) URL, got ${JSON.stringify(resolved.txServiceUrl)}`);
  }
  return resolved;
}
