// The RpcEndpoint of a network, from what both Hardhat majors resolve for an HTTP network (url,
// httpHeaders, timeout, chainId, gas, gasPrice, gasMultiplier) and the `multiAccount.rpc` options.
import type { RpcRetryConfig } from "../../config";
import { retryPolicy } from "./policy";
import type { PatchableProvider, RpcEndpoint } from "./session";

export interface NetworkConfigLike {
  /** Absent (or not used) for the in-process network. */
  url?: string;
  httpHeaders?: Record<string, string>;
  timeout?: number;
  chainId?: number;
  gas?: unknown;
  gasPrice?: unknown;
  gasMultiplier?: number;
}

/** "auto", or a fixed amount (Hardhat 2 resolves numbers, Hardhat 3 bigints). */
function setting(value: unknown): bigint | "auto" {
  return typeof value === "number" || typeof value === "bigint" ? BigInt(value) : "auto";
}

export function rpcEndpoint(
  provider: PatchableProvider,
  network: { name: string; description: string; keys: readonly string[] },
  config: NetworkConfigLike,
  rpc: RpcRetryConfig | undefined
): RpcEndpoint {
  return {
    provider,
    network: network.name,
    description: network.description,
    url: config.url,
    headers: config.httpHeaders,
    keys: network.keys,
    chainId: config.chainId,
    gas: setting(config.gas),
    gasPrice: setting(config.gasPrice),
    gasMultiplier: config.gasMultiplier ?? 1,
    policy: retryPolicy(rpc, config.timeout),
  };
}
