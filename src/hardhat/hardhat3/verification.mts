// Verification on Hardhat 3, around hardhat-upgrades 4's override of the `verify` task (which
// verifies a proxy's implementation, the proxy and its admin, and links the proxy). This plugin
// overrides `verify` once more (verify-plugin.mts), outermost, for our tasks and for
// `npx hardhat verify` alike, and adds two things:
// - A proxy that --deterministic created through CreateX. hardhat-upgrades reads a proxy's
//   constructor arguments from its creation transaction's input, which for that proxy is the call to
//   CreateX; it then falls back to hardhat-verify, which refuses the proxy's Solidity 0.8.29 as not
//   among the project's compilers (HHE80005), and the proxy is neither verified nor linked. Its
//   source (upgrades-core's own build of it) is verified here first, with the constructor arguments
//   read from the init code inside the call to CreateX; the upgrades plugin then finds it verified,
//   and links it.
// - A refusal whose cause is the code on chain not being this source's (a partial match, or none) is
//   explained with the contract and the explorer, as on Hardhat 2 (hardhat2/verification-routing.ts).
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { IMPLEMENTATION_SLOT } from "../constants.js";
import { MultiAccountKitError } from "../errors.js";
import { CREATEX_ADDRESS, create3InitCode } from "../internal/chains/createx.js";
import { codeMatch, referencedRanges, type CodeMatch } from "../internal/compiler/deployed-code.js";
import { installedPackage } from "../internal/stack/packages.js";
import { UPGRADED_TOPIC, createdThroughCreateX, upgradesProxySource } from "../internal/stack/proxy-source.js";
import { refusalMessage } from "../internal/tasks/verify.js";
import { retryPolicy } from "../internal/tasks/verify-retry.js";
import { guardExplorerExchanges, type GuardedExplorer } from "../internal/chains/explorer-exchange.js";

/** hardhat-verify 3's Etherscan helper on a network connection (`connection.verification.etherscan`, 3.0.10 and later). */
export interface EtherscanHelper {
  isVerified(address: string): Promise<boolean>;
  verify(args: {
    contractAddress: string;
    compilerInput: object;
    contractName: string;
    compilerVersion: string;
    constructorArguments: string;
  }): Promise<string>;
  pollVerificationStatus(guid: string, address: string, contractName: string): Promise<{ success: boolean; message: string }>;
  customApiCall(params: Record<string, string>): Promise<{ status: string; message: string; result: unknown }>;
}

interface Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

const HARDHAT_UPGRADES: string = "@openzeppelin/hardhat-upgrades";

/** The creation transaction's input of the contract at `address`, through its first Upgraded log on the explorer. */
async function creationInput(provider: Provider, etherscan: EtherscanHelper, address: string): Promise<{ to?: string; input: string } | undefined> {
  const logs = await etherscan.customApiCall({ module: "logs", action: "getLogs", fromBlock: "0", toBlock: "latest", address, topic0: UPGRADED_TOPIC });
  const hash = Array.isArray(logs.result) ? (logs.result[0] as { transactionHash?: string } | undefined)?.transactionHash : undefined;
  if (logs.status !== "1" || hash === undefined) return undefined;
  const tx = (await provider.request({ method: "eth_getTransactionByHash", params: [hash] })) as { to?: string | null; input?: string } | null;
  return tx?.input === undefined ? undefined : { to: tx.to ?? undefined, input: tx.input };
}

/**
 * Verifies the source of a transparent proxy created through CreateX's deployCreate3 (what
 * --deterministic sends) with upgrades-core's build of it, unless the explorer holds it already.
 * Anything else is left to the upgrades plugin. Returns a line to print, or undefined.
 */
export async function verifyCreate3Proxy(
  hre: HardhatRuntimeEnvironment,
  provider: Provider,
  etherscan: EtherscanHelper,
  proxy: string
): Promise<string | undefined> {
  const upgrades = installedPackage(HARDHAT_UPGRADES, hre.config.paths.root);
  if (upgrades === undefined || (await etherscan.isVerified(proxy))) return undefined;
  const creation = await creationInput(provider, etherscan, proxy);
  const initCode = creation?.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase() ? create3InitCode(creation.input) : undefined;
  const source = initCode === undefined ? undefined : upgradesProxySource(upgrades.dir, initCode);
  if (source === undefined) return undefined;
  const { contractName, input, compilerVersion, constructorArguments } = source;
  const guid = await etherscan.verify({ contractAddress: proxy, compilerInput: input, contractName, compilerVersion, constructorArguments });
  const status = await etherscan.pollVerificationStatus(guid, proxy, contractName);
  if (!status.success) throw new Error(`the explorer did not verify the proxy ${proxy} (${contractName}, created through CreateX): ${status.message}`);
  return createdThroughCreateX(proxy, contractName);
}

/** The implementation in an EIP-1967 proxy's slot, or undefined for a contract that is not such a proxy. */
async function implementationBehind(provider: Provider, address: string): Promise<string | undefined> {
  const word = String(await provider.request({ method: "eth_getStorageAt", params: [address, IMPLEMENTATION_SLOT, "latest"] }));
  const implementation = `0x${word.replace(/^0x/, "").padStart(64, "0").slice(-40)}`;
  return /^0x0{40}$/.test(implementation) ? undefined : implementation;
}

/** How the code at `address` matches the build: the contract given, else the best of every contract of the build. */
async function matchInBuild(hre: HardhatRuntimeEnvironment, onChain: string, contract: string | undefined): Promise<{ match: CodeMatch; contract?: string }> {
  const candidates = contract === undefined ? [...(await hre.artifacts.getAllFullyQualifiedNames())] : [contract];
  let partial: string | undefined;
  for (const fqn of candidates) {
    const artifact = await hre.artifacts.readArtifact(fqn);
    const ranges = referencedRanges(artifact.deployedLinkReferences, artifact.immutableReferences);
    const match = await codeMatch(onChain, { bytecode: artifact.deployedBytecode, filledAtDeploy: async () => ranges }).catch((): CodeMatch => "mismatch");
    if (match === "perfect") return { match, contract: fqn };
    if (match === "partial") partial ??= fqn;
  }
  return partial === undefined ? { match: "mismatch", contract } : { match: "partial", contract: partial };
}

/** The explorer's (or the plugin's) own words: the line that names a partial match or `address`, else the first line, without Hardhat's error code. */
function reasonIn(message: string, address: string): string {
  const lines = message
    .split("\n")
    .map((line) => line.trim().replace(/^HHE\d+: /, ""))
    .filter((line) => line !== "");
  const named = lines.find((line) => /partial match/i.test(line)) ?? lines.find((line) => line.toLowerCase().includes(address.toLowerCase()));
  return named ?? lines[0] ?? "";
}

export interface RefusedVerification {
  /** The address verified: a proxy (its implementation is explained) or a contract. */
  address: string;
  /** The contract named for it, if any (a proxy's is never its implementation's). */
  contract?: string;
  /** What the explorer or the plugins said. */
  message: string;
  /** The explorer, for the message: "BscScan through Etherscan API V2 (chainid 56)". */
  explorer: string;
}

/**
 * A failed verification explained when the code on chain is not this source's (a partial match, or
 * none): our error with the contract, the explorer and why. Undefined when the code is the build's
 * (another cause: the explorer down, a rate limit), or when the message says it is verified already.
 */
export async function explainRefusal(
  hre: HardhatRuntimeEnvironment,
  provider: Provider,
  refused: RefusedVerification
): Promise<MultiAccountKitError | undefined> {
  if (/already (been )?verified/i.test(refused.message)) return undefined;
  const implementation = await implementationBehind(provider, refused.address);
  const subject = implementation ?? refused.address;
  const onChain = String(await provider.request({ method: "eth_getCode", params: [subject, "latest"] }));
  const found = await matchInBuild(hre, onChain, implementation === undefined ? refused.contract : undefined);
  if (found.match === "perfect") return undefined;
  const configured = (hre.config as { multiAccount?: { contract?: string } }).multiAccount?.contract;
  const subjectNames = { contract: found.contract, address: subject, explorer: refused.explorer, configured };
  return new MultiAccountKitError(refusalMessage(found.match, subjectNames, reasonIn(refused.message, subject)));
}

let ownRuns = 0;

/** Runs `body` (our task's run of `verify`) with the override's compile skipped: the task compiled already, or was told not to. */
export async function withinOurTask<T>(body: () => Promise<T>): Promise<T> {
  ownRuns++;
  try {
    return await body();
  } finally {
    ownRuns--;
  }
}

/** Whether `verify` runs inside one of our tasks. */
export function insideOurTask(): boolean {
  return ownRuns > 0;
}

interface ExplorerUrls {
  name?: string;
  url?: string;
  apiUrl?: string;
}

/** Etherscan API V2, hardhat-verify 3's default endpoint. */
const ETHERSCAN_V2 = "https://api.etherscan.io/v2/api";
/** Sourcify's server when `verify.sourcify.apiUrl` is not set. */
const SOURCIFY = "https://sourcify.dev/server";

/** Every explorer hardhat-verify 3 may talk to in this project: each chain descriptor's, Etherscan API V2, Sourcify. */
function projectExplorers(hre: HardhatRuntimeEnvironment): GuardedExplorer[] {
  const config = hre.config as unknown as {
    chainDescriptors?: Map<bigint, { blockExplorers?: { etherscan?: ExplorerUrls; blockscout?: ExplorerUrls } }>;
    verify?: { sourcify?: { apiUrl?: string } };
  };
  const found: GuardedExplorer[] = [];
  for (const [chainId, descriptor] of config.chainDescriptors ?? []) {
    for (const [kind, explorer] of Object.entries(descriptor.blockExplorers ?? {})) {
      if (explorer?.apiUrl !== undefined) found.push({ url: explorer.apiUrl, name: `${explorer.name ?? kind} at ${explorer.apiUrl} (chain ${chainId})` });
    }
  }
  const sourcify = config.verify?.sourcify?.apiUrl ?? SOURCIFY;
  return [...found, { url: ETHERSCAN_V2, name: "Etherscan API V2" }, { url: sourcify, name: `Sourcify at ${sourcify}` }];
}

/**
 * Runs `body` (hardhat-verify 3's and hardhat-upgrades' verification) with every exchange with an
 * explorer bounded: in time, in size, in "pending" status checks (hardhat-verify 3 polls them without
 * end), and by Ctrl-C (see explorer-exchange.ts).
 */
export function withBoundedExplorers<T>(hre: HardhatRuntimeEnvironment, body: () => Promise<T>): Promise<T> {
  return guardExplorerExchanges(projectExplorers(hre), { policy: retryPolicy(process.env) }, body);
}
