// What the task logic needs from the Hardhat runtime it runs in, whichever major that is: the
// selected network, JSON-RPC reads, the stack adapter, compiling, artifacts and verification. The
// Hardhat 2 entry builds one from `hre` (hardhat2-host.ts); the logic in deploy.ts, upgrade.ts and
// show.ts sees only this.
import type { Chain } from "../chains/reader";
import type { CompiledCode } from "../compiler/deployed-code";
import type { RpcSession } from "../rpc/session";
import type { Stack } from "../stack/types";
import { urlOrigin } from "../output/redact";

export interface NetworkTarget {
  name: string;
  /** Hardhat's in-process network (the one a task runs on without --network): it starts empty every run. */
  inProcess: boolean;
  /** The endpoint for messages, without credentials: `network "bsc" (https://host)`. */
  endpoint: string;
  /** Not the in-process network, nor a node on this machine: signing needs PRIVATE_KEY. */
  live: boolean;
  /** Its URL is a node on this machine (localhost, 127.x.x.x, [::1]); false for the in-process network. */
  loopback: boolean;
  /** The network's configured accounts list is empty (PRIVATE_KEY was not set). */
  noAccounts: boolean;
  /** The network's configured gas price in wei, when one is set. */
  gasPrice?: bigint;
  /** The chain id the network's config gives, when it gives one: a multi-chain run's preflight checks the endpoint against it. */
  chainId?: number;
}

export interface VerifyRequest {
  address: string;
  /** Fully qualified contract name, so the explorer plugin does not have to guess. */
  contract: string;
  chainId: number;
}

/** undefined: verified now; "already verified": the explorer showed it verified already, and nothing was sent. */
export type Verified = void | "already verified";

/** One explorer of a chain that verification goes to (a chain may have Etherscan, a Blockscout and Sourcify). */
export interface ExplorerTarget {
  /** For its row and messages: "Etherscan API V2 (chainid 56)", "Sourcify at https://sourcify.dev/server". */
  name: string;
  /** Submits the source; throws when the explorer rejects it. "already verified": the explorer had it, nothing was sent. */
  verify(request: VerifyRequest): Promise<Verified>;
  /** Verifies the proxy and links it to its implementation; absent where the explorer shows an EIP-1967 proxy by itself. */
  verifyProxy?(proxy: string): Promise<Verified>;
  /** The command that retries this explorer's verification of `address` (the proxy: it covers both). */
  retryCommand(address: string): string;
  /** It tries passing failures again itself (Hardhat 2's routing does, for `npx hardhat verify` too): the verify step does not. */
  retriesItself?: boolean;
}

export interface Explorer {
  /**
   * Every explorer verification goes to on this chain, in order, each given its own row. Absent: the
   * one this object describes (Hardhat 2, whose explorer plugins verify on one explorer per chain).
   */
  each?(chainId: number): ExplorerTarget[];
  /** Its verification tries passing failures again itself (see ExplorerTarget.retriesItself). */
  retriesItself?: boolean;
  /** The block explorer's base URL for links, when one is known for the chain. */
  browserUrl(chainId: number): string | undefined;
  /** Why verification cannot run on this chain, or undefined when it can. */
  unavailable(chainId: number): string | undefined;
  /** Where verification goes on this chain, for messages: "Etherscan API V2 (chainid 56)". */
  describe(chainId: number): string;
  /** The explorer can be told that the proxy is one (Etherscan's "Read/Write as Proxy"). */
  linksProxies(chainId: number): boolean;
  /** Submits the source; throws when the explorer rejects it. "already verified": the explorer had it, nothing was sent. */
  verify(request: VerifyRequest): Promise<Verified>;
  /**
   * Verifies the proxy and links it to its implementation, through the upgrades plugin's own
   * proxy verification; throws when any part fails.
   */
  verifyProxy(proxy: string, chainId: number): Promise<Verified>;
  /** The command that retries a failed verification of `address` (the proxy: it covers both). */
  retryCommand(address: string): string;
}

export interface Host {
  readonly network: NetworkTarget;
  /** Reads, through `rpc` while a task runs. */
  readonly chain: Chain;
  /** The JSON-RPC session our tasks run behind: retries, idempotent sends, the send journal. */
  readonly rpc: RpcSession;
  /** Every secret the configuration holds, for redaction. */
  readonly secrets: readonly string[];
  /** The ethers/upgrades adapter, detected on first use; throws a StackError naming what is missing. */
  stack(): Stack;
  /**
   * Compiles the project, quietly, as `hardhat run` does before a script. Hardhat 3 returns the
   * build profile it compiled with, in a line for the run's output (build-profile.ts).
   */
  compile(): Promise<string | void>;
  /** `path/File.sol:Name` for a bare or fully qualified contract name. */
  contractFqn(name: string): Promise<string>;
  /** A compiled contract's runtime code, from its artifact (a bare or fully qualified name). */
  deployedCode(name: string): Promise<CompiledCode>;
  readonly explorer: Explorer;
  /** How the user runs a task of ours on this network, for "Next:" hints. */
  command(task: string): string;
}

const LOOPBACK = /^https?:\/\/(localhost|127(?:\.\d+){3}|\[::1\])(:\d+)?(\/|$)/i;

/** A URL of a node on this machine: localhost, 127.x.x.x or [::1]. */
export function isLoopbackUrl(url: string | undefined): boolean {
  return LOOPBACK.test(url ?? "");
}

/** The in-process network and nodes on this machine are not live: no PRIVATE_KEY needed there. */
export function isLiveNetwork(name: string, url: string | undefined): boolean {
  if (name === "hardhat") return false;
  return !isLoopbackUrl(url) && name !== "localhost" && name !== "docker";
}

export function describeEndpoint(name: string, url: string | undefined): string {
  return url === undefined ? `network "${name}"` : `network "${name}" (${urlOrigin(url)})`;
}
