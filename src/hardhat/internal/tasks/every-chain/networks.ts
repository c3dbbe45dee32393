// --networks: which configured networks a multi-chain run (deploy, upgrade, addresses:show) covers,
// the options that cannot go with it, and why several networks need {network} in the addresses file's path.
import { InputError } from "../../../errors";
import { CHAINS } from "../../chains/table";
import { NETWORK_TOKEN, addressesFileFor } from "../../files/addresses-path";

/** A configured network, as the entry of either Hardhat major describes it. */
export interface ConfiguredNetwork {
  name: string;
  /** The JSON-RPC URL of an HTTP network; absent for an in-process network or a URL that is not set. */
  url?: string;
  /** The chain id in the network's config, when one is set. */
  chainId?: number;
  /**
   * Whether the project itself gives this network its URL (operatorsNetwork): false for Hardhat's own
   * `localhost` and for a network configFromEnv made whose URL the environment leaves at its default.
   */
  chosen?: boolean;
}

/** The URL configFromEnv gives a network it makes when the environment sets none, and the variable that would. */
function envDefault(name: string): { variable: string; url: string } | undefined {
  if (name === "localhost") return { variable: "LOCALHOST_RPC_URL", url: "http://127.0.0.1:8545" };
  const chain = CHAINS.find((candidate) => candidate.network === name);
  return chain === undefined ? undefined : { variable: `${name.toUpperCase()}_RPC_URL`, url: chain.defaultRpcUrl };
}

/**
 * Whether the operator configured `name` with its URL: the project's config names it (not Hardhat's
 * own `localhost`), and, for a network of configFromEnv, the environment sets its URL or the config
 * gives another one than the default.
 */
export function operatorsNetwork(name: string, url: string | undefined, inUserConfig: boolean, env: Record<string, string | undefined> = process.env): boolean {
  if (!inUserConfig) return false;
  const fallback = envDefault(name);
  if (fallback === undefined) return true;
  return (env[fallback.variable] ?? "").trim() !== "" || url !== fallback.url;
}

/** The nearest configured name to a mistyped one, when one is near (the `--network` typo helper fits). */
export type SuggestName = (name: string, names: readonly string[]) => string | undefined;

/** `--networks all`: every network the operator configured with a JSON-RPC URL (operatorsNetwork). */
export const ALL_NETWORKS = "all";
/** Hardhat's in-process network: never a chain of a multi-chain run (nothing it deploys outlives the process). */
const IN_PROCESS = "hardhat";

function listed(names: readonly string[]): string {
  return names.length === 0 ? "(none)" : names.join(", ");
}

/** The names in "a, b,c": trimmed, in order, each once; an empty name is refused. */
function namesIn(value: string, configured: readonly ConfiguredNetwork[]): string[] {
  const names = value.split(",").map((name) => name.trim());
  const hint = `Give network names separated by commas (--networks bsc,base) or --networks ${ALL_NETWORKS}. Configured networks: ${listed(configured.map((n) => n.name))}.`;
  if (names.every((name) => name === "")) throw new InputError(`--networks is empty. ${hint}`);
  if (names.includes("")) throw new InputError(`--networks "${value}" has an empty name (two commas in a row, or one at an end). ${hint}`);
  return [...new Set(names)];
}

function unknownNames(names: readonly string[], configured: readonly ConfiguredNetwork[], suggest?: SuggestName): string | undefined {
  const known = configured.map((network) => network.name);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  const described = unknown.map((name) => {
    const nearest = suggest?.(name, known);
    return nearest === undefined ? `"${name}"` : `"${name}" (did you mean "${nearest}"?)`;
  });
  return (
    `--networks names network(s) this project's config lacks: ${described.join(", ")}. Configured networks: ${listed(known)}. ` +
    `Fix the names, or add the networks to hardhat.config.`
  );
}

/**
 * The networks `--networks value` selects, in the order given: "a,b,c" (trimmed, each once), or
 * "all" for every network the operator configured with a JSON-RPC URL (never the in-process one,
 * Hardhat's own localhost, or a chain left at its default public URL). Unknown names, an empty list,
 * "all" among names and a network without a URL are InputErrors naming what to do.
 */
export function selectNetworks(value: string, configured: readonly ConfiguredNetwork[], suggest?: SuggestName): ConfiguredNetwork[] {
  const names = namesIn(value, configured);
  if (names.includes(ALL_NETWORKS)) {
    if (names.length > 1) throw new InputError(`--networks "${value}" mixes "${ALL_NETWORKS}" with names: give either names or ${ALL_NETWORKS} alone.`);
    const all = configured.filter((network) => network.name !== IN_PROCESS && network.url !== undefined && network.url !== "" && network.chosen !== false);
    if (all.length === 0) {
      throw new InputError(
        `--networks ${ALL_NETWORKS} found no network whose JSON-RPC URL this project sets (configured: ${listed(configured.map((n) => n.name))}). ` +
          `Set <NETWORK>_RPC_URL in .env for the chains to use (or their url in hardhat.config), or name them: --networks bsc,base.`
      );
    }
    return all;
  }
  const unknown = unknownNames(names, configured, suggest);
  if (unknown !== undefined) throw new InputError(unknown);
  const selected = names.map((name) => configured.find((network) => network.name === name)!);
  const noUrl = selected.filter((network) => network.url === undefined || network.url === "").map((network) => network.name);
  if (noUrl.length > 0) {
    throw new InputError(
      `--networks names network(s) without a JSON-RPC URL: ${noUrl.join(", ")} (the in-process network, or a URL that is not set). ` +
        `A multi-chain run needs a node for each: set the URL (or <NETWORK>_RPC_URL in .env), start \`npx hardhat node\` for localhost, or drop the name.`
    );
  }
  return selected;
}

/** The network options a task was given: --networks, an explicit --network, --all-networks (addresses:show). */
export interface NetworkFlags {
  networks?: string;
  /** --network as given on the command line (undefined: not given, even if a default network applies). */
  network?: string;
  allNetworks?: boolean;
}

/** --networks goes with neither --network nor --all-networks. */
export function checkNetworkFlags(flags: NetworkFlags): void {
  if (flags.networks === undefined) return;
  if (flags.network !== undefined) {
    throw new InputError(
      `--networks and --network cannot be used together: --networks picks the chains itself. ` +
        `Drop --network (or put "${flags.network}" in --networks), or drop --networks to run on "${flags.network}" alone.`
    );
  }
  if (flags.allNetworks) {
    throw new InputError(
      `--networks and --all-networks cannot be used together: --all-networks surveys every configured network's record in one table, ` +
        `--networks surveys only the networks it names. Use one of them.`
    );
  }
}

/**
 * With more than one network, the addresses file's path must hold NETWORK_TOKEN: each chain's
 * proxy is recorded in its own file (and its journal beside it), not all of them over each other in one.
 * Every name is also checked to stand for the token.
 */
export function requireFilePerNetwork(pattern: string, networks: readonly ConfiguredNetwork[]): void {
  if (networks.length > 1 && !pattern.includes(NETWORK_TOKEN)) {
    throw new InputError(
      `--networks selects ${networks.length} networks (${networks.map((n) => n.name).join(", ")}), but the addresses file path ${pattern} ` +
        `has no ${NETWORK_TOKEN}: every chain would record its own MultiAccount (and keep its send journal) in that one file. ` +
        `Put ${NETWORK_TOKEN} in the path (multiAccount.addressesFile or --addresses-file), for example output/${NETWORK_TOKEN}/addresses.json.`
    );
  }
  for (const network of networks) addressesFileFor(pattern, network.name);
}
