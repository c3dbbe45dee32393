// The plugin's `multiAccount` config section: an all-optional user shape, resolved into an
// all-required one. Pure and unit-tested without a Hardhat runtime.
import path from "path";
import {
  DEFAULT_ACCOUNT_CONTRACT,
  DEFAULT_ADDRESSES_FILE,
  DEFAULT_CONTRACT,
  DEFAULT_VERIFY_DELAY_SECONDS,
} from "./constants";
import { ConfigError } from "./errors";

export interface MultiAccountUserConfig {
  /** Address record, relative to the project root. Default `output/addresses.json`. */
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
}

export interface MultiAccountConfig {
  addressesFile: string;
  contract: string;
  accountContract: string;
  verifyDelay: number;
  verify: boolean;
  useNpmSolc: boolean;
  includeContracts: boolean;
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
  };
}
