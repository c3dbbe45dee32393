// The Host of a Hardhat 3 project: a network connection (`hre.network.getOrCreate()`), its
// provider for JSON-RPC reads, the ethers 6 adapter over `connection.ethers` and the upgrades
// plugin's API for that connection, the `build` task, and hardhat-verify 3 when it is loaded.
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { MissingPrivateKeyError, StackError } from "../errors.js";
import { noExplorerReason } from "../internal/chains/explorers.js";
import { chainById } from "../internal/chains/table.js";
import { Chain } from "../internal/chains/reader.js";
import { describeBuildProfile } from "../internal/compiler/build-profile.js";
import { referencedRanges } from "../internal/compiler/deployed-code.js";
import { describeEndpoint, isLiveNetwork, isLoopbackUrl, type Explorer, type ExplorerTarget, type Host, type VerifyRequest } from "../internal/tasks/host.js";
import { unknownNetworkError } from "../internal/tasks/inputs.js";
import { collectSecrets, mergeSecrets } from "../internal/output/redact.js";
import { rpcEndpoint, type NetworkConfigLike } from "../internal/rpc/endpoint.js";
import { RpcSession } from "../internal/rpc/session.js";
import type { SurveyTarget } from "../internal/tasks/addresses-survey.js";
import { ethers6Stack } from "../internal/stack/ethers6.js";
import { writeManifestsAtomically } from "../internal/stack/manifest-writes.js";
import { installedPackage, majorOf } from "../internal/stack/packages.js";
import type { Stack } from "../internal/stack/types.js";
import type { RpcRetryConfig } from "../config.js";
import { explainRefusal, withBoundedExplorers, withinOurTask } from "./verification.mjs";

/** A ResolvedConfigurationVariable, as Hardhat 3 hands out secrets and URLs. */
interface Resolvable {
  get(): Promise<string>;
}

const HARDHAT_UPGRADES: string = "@openzeppelin/hardhat-upgrades";
const HARDHAT_VERIFY: string = "@nomicfoundation/hardhat-verify/verify";

function isResolvable(value: unknown): value is Resolvable {
  return typeof value === "object" && value !== null && typeof (value as Resolvable).get === "function";
}

async function resolveString(value: unknown): Promise<string | undefined> {
  if (typeof value === "string") return value;
  return isResolvable(value) ? value.get() : undefined;
}

function isMissingVariable(error: unknown): boolean {
  return /Configuration Variable "[^"]+" not found/.test(String((error as Error)?.message ?? ""));
}

/**
 * A value of the config, read without asking anyone: a literal, or a configuration variable that is
 * fixed or set in the environment. A keystore is never opened (it may ask for its password) just
 * to know what to redact.
 */
async function quietValue(value: unknown): Promise<string | undefined> {
  if (typeof value === "string") return value;
  if (!isResolvable(value)) return undefined;
  const name = (value as { name?: unknown }).name;
  if (typeof name === "string" && process.env[name] === undefined) return undefined;
  return value.get().catch(() => undefined);
}

/**
 * Every secret of the project's config that can be read quietly, from every network (an error on one
 * network, or addresses:show --all-networks, may print another's URL), and the explorer key.
 */
export async function hardhat3Secrets(hre: HardhatRuntimeEnvironment): Promise<string[]> {
  const networks: Record<string, { url?: string; accounts: Array<string | undefined> | { mnemonic?: string } }> = {};
  for (const [name, config] of Object.entries(hre.config.networks)) {
    const http = config as { type: string; url?: unknown; accounts?: unknown };
    if (http.type !== "http") continue;
    const mnemonic = (http.accounts as { mnemonic?: unknown } | undefined)?.mnemonic;
    const accounts = Array.isArray(http.accounts) ? await Promise.all(http.accounts.map(quietValue)) : { mnemonic: await quietValue(mnemonic) };
    networks[name] = { url: await quietValue(http.url), accounts };
  }
  const apiKey = await quietValue((hre.config as { verify?: { etherscan?: { apiKey?: unknown } } }).verify?.etherscan?.apiKey);
  return collectSecrets({ networks, etherscan: { apiKey } });
}

/** The signing keys of the selected network; `missing` when a configuration variable holding one is not set. */
async function signingKeys(accounts: unknown[]): Promise<{ keys: string[]; missing: boolean }> {
  const keys: string[] = [];
  let missing = false;
  for (const account of accounts) {
    try {
      const key = await resolveString(account);
      if (key !== undefined) keys.push(key);
    } catch (error) {
      if (!isMissingVariable(error)) throw error;
      missing = true;
    }
  }
  return { keys, missing };
}

export interface Hardhat3HostOptions {
  /** The task signs transactions: check the deployer's key before anything else. */
  needsSigner: boolean;
}

/** The network the task runs on: --network, else Hardhat 3's "default". */
export function hardhat3NetworkName(hre: HardhatRuntimeEnvironment): string {
  return hre.globalOptions.network ?? "default";
}

/** Every configured network but the in-process ones, for addresses:show --all-networks. */
export async function hardhat3SurveyTargets(hre: HardhatRuntimeEnvironment): Promise<SurveyTarget[]> {
  const targets: SurveyTarget[] = [];
  for (const [network, config] of Object.entries(hre.config.networks)) {
    const http = config as { type: string; url?: unknown; httpHeaders?: Record<string, string> };
    if (http.type !== "http") continue;
    try {
      const url = await resolveString(http.url);
      targets.push(url === undefined || url === "" ? { network, unread: "no JSON-RPC URL" } : { network, url, headers: http.httpHeaders });
    } catch (error) {
      if (!isMissingVariable(error)) throw error;
      targets.push({ network, unread: `its URL is not set (${(error as Error).message.split("\n")[0]})` });
    }
  }
  return targets;
}

/** getOrCreate shares the connection with hardhat-verify's own; older Hardhat 3 releases have connect. */
export function connectionOf(hre: HardhatRuntimeEnvironment): Promise<NetworkConnection> {
  const network = hre.network as { getOrCreate?: () => Promise<NetworkConnection>; connect(): Promise<NetworkConnection> };
  return network.getOrCreate !== undefined ? network.getOrCreate() : network.connect();
}

/** The network's configured gas price in wei, unless it is "auto". */
function fixedGasPrice(gasPrice: unknown): bigint | undefined {
  return typeof gasPrice === "number" || typeof gasPrice === "bigint" ? BigInt(gasPrice) : undefined;
}

type Hardhat3NetworkConfig = Omit<NetworkConfigLike, "url"> & { type: string; url?: unknown; accounts?: unknown };

/** The selected network's config; Hardhat 3 would refuse a name it lacks when connecting (HHE705), ours lists the networks and the nearest name. */
function selectedNetworkConfig(hre: HardhatRuntimeEnvironment, name: string): Hardhat3NetworkConfig {
  const config = hre.config.networks[name] as Hardhat3NetworkConfig | undefined;
  if (config === undefined) throw unknownNetworkError(name, Object.keys(hre.config.networks));
  return config;
}

export async function hardhat3Host(hre: HardhatRuntimeEnvironment, options: Hardhat3HostOptions): Promise<{ host: Host; connection: NetworkConnection }> {
  const name = hardhat3NetworkName(hre);
  const networkConfig = selectedNetworkConfig(hre, name);
  const url = networkConfig.type === "http" ? await resolveString(networkConfig.url) : undefined;
  const live = networkConfig.type === "http" && isLiveNetwork(name, url);

  // Signing keys are configuration variables: a missing one fails here with our message, before any
  // connection is made, as on Hardhat 2.
  const accounts = networkConfig.type === "http" && Array.isArray(networkConfig.accounts) ? networkConfig.accounts : undefined;
  const { keys, missing } = options.needsSigner && accounts !== undefined ? await signingKeys(accounts) : { keys: [], missing: false };
  const noAccounts = (accounts !== undefined && accounts.length === 0) || missing;
  if (options.needsSigner && live && noAccounts) throw new MissingPrivateKeyError(name);

  const connection = await connectionOf(hre);
  const endpoint = describeEndpoint(connection.networkName, url);
  // A project without the stack still runs what needs none; a task that needs it fails when it asks.
  const choice = await hardhat3Stack(hre, connection).then(
    (stack) => ({ stack }),
    (error: Error) => ({ error })
  );
  const rpc = new RpcSession(
    rpcEndpoint(
      connection.provider,
      { name: connection.networkName, description: endpoint, keys },
      networkConfig.type === "http" ? { ...networkConfig, url } : {},
      (hre.config as { multiAccount?: { rpc?: RpcRetryConfig } }).multiAccount?.rpc
    ),
    () => host.stack()
  );
  const host: Host = {
    network: {
      name: connection.networkName,
      inProcess: networkConfig.type === "edr-simulated",
      endpoint,
      live,
      loopback: networkConfig.type === "http" && isLoopbackUrl(url),
      noAccounts,
      gasPrice: fixedGasPrice(networkConfig.gasPrice),
      chainId: networkConfig.type === "http" && typeof networkConfig.chainId === "number" ? networkConfig.chainId : undefined,
    },
    chain: new Chain(connection.provider, endpoint),
    rpc,
    secrets: mergeSecrets(await hardhat3Secrets(hre), collectSecrets({ networks: { [name]: { accounts: keys, url } } })),
    stack: () => {
      if ("error" in choice) throw choice.error;
      return choice.stack;
    },
    // A deployment builds with the "production" profile, as Ignition's deploy does and as
    // hardhat-verify compiles when it verifies (unless --build-profile says otherwise).
    compile: async () => {
      await hre.tasks.getTask("build").run({ quiet: true, noTests: true, defaultBuildProfile: "production" });
      return buildProfileLine(hre);
    },
    ...hardhat3Artifacts(hre),
    explorer: hardhat3Explorer(hre, connection.networkName, networkConfig.type === "edr-simulated", !live),
    command: (task) => `npx hardhat ${task} --network ${connection.networkName}`,
  };
  return { host, connection };
}

/** The build profile a task's compile used ("production" unless --build-profile names another), in a line. */
export function buildProfileLine(hre: HardhatRuntimeEnvironment): string {
  const chosen = hre.globalOptions.buildProfile;
  return describeBuildProfile(chosen ?? "production", hre.config.solidity.profiles, chosen !== undefined);
}

/** What the tasks read from the artifacts. Hardhat 3's artifacts list the immutables' ranges themselves. */
function hardhat3Artifacts(hre: HardhatRuntimeEnvironment): Pick<Host, "contractFqn" | "deployedCode"> {
  return {
    async contractFqn(contractName) {
      if (contractName.includes(":")) return contractName;
      const artifact = await hre.artifacts.readArtifact(contractName);
      return `${artifact.sourceName}:${artifact.contractName}`;
    },
    async deployedCode(contractName) {
      const artifact = await hre.artifacts.readArtifact(contractName);
      const ranges = referencedRanges(artifact.deployedLinkReferences, artifact.immutableReferences);
      return { bytecode: artifact.deployedBytecode, filledAtDeploy: async () => ranges };
    },
  };
}

/** Hardhat 3 has one stack: ethers 6 through @nomicfoundation/hardhat-ethers 4, and hardhat-upgrades 4.x. */
async function hardhat3Stack(hre: HardhatRuntimeEnvironment, connection: NetworkConnection): Promise<Stack> {
  const ethers = (connection as unknown as { ethers?: { version?: string } }).ethers;
  const upgradesPackage = installedPackage(HARDHAT_UPGRADES, hre.config.paths.root);
  const imports = `plugins: [hardhatEthers, hardhatUpgrades, multiAccountKit] with import hardhatEthers from "@nomicfoundation/hardhat-ethers"; import hardhatUpgrades from "@openzeppelin/hardhat-upgrades";`;
  if (ethers === undefined) {
    throw new StackError(
      `multiaccount-kit on Hardhat 3 needs @nomicfoundation/hardhat-ethers 4 and ethers 6: install them and list the plugin in hardhat.config (${imports}).`
    );
  }
  if (upgradesPackage === undefined || majorOf(upgradesPackage.version) !== 4) {
    throw new StackError(
      `multiaccount-kit on Hardhat 3 needs @openzeppelin/hardhat-upgrades 4.x, found ${upgradesPackage ? upgradesPackage.version : "none"}: ` +
        `run \`npm install --save-dev @openzeppelin/hardhat-upgrades@^4\` and list it in hardhat.config (${imports}).`
    );
  }
  const { upgrades } = (await import(HARDHAT_UPGRADES)) as { upgrades(hre: HardhatRuntimeEnvironment, connection: NetworkConnection): Promise<unknown> };
  writeManifestsAtomically(upgradesPackage.dir);
  return ethers6Stack({
    ethers,
    ethersVersion: String(ethers.version),
    upgrades: await upgrades(hre, connection),
    upgradesDir: upgradesPackage.dir,
    upgradesVersion: upgradesPackage.version,
  });
}

interface BlockExplorerLike {
  name?: string;
  url?: string;
  apiUrl?: string;
}

interface ChainDescriptorLike {
  blockExplorers?: { etherscan?: BlockExplorerLike; blockscout?: BlockExplorerLike };
}

type ProviderName = "etherscan" | "blockscout";

interface VerifyConfigLike {
  etherscan: { enabled: boolean };
  blockscout: { enabled: boolean };
  sourcify: { enabled: boolean; apiUrl?: string };
}

/** Sourcify's server when `verify.sourcify.apiUrl` is not set (hardhat-verify 3's default). */
const SOURCIFY_API_URL = "https://sourcify.dev/server";

/** What the config's chain descriptors say about a chain's explorers, and which one verifies. */
function descriptorExplorers(hre: HardhatRuntimeEnvironment) {
  const descriptors = (hre.config as unknown as { chainDescriptors?: Map<bigint, ChainDescriptorLike> }).chainDescriptors;
  const explorers = (chainId: number) => descriptors?.get(BigInt(chainId))?.blockExplorers;
  // A chain whose descriptor names an Etherscan explorer verifies there (Etherscan API V2); one that
  // names only a Blockscout, on that.
  const provider = (chainId: number): ProviderName | undefined => {
    const found = explorers(chainId);
    if (found?.etherscan !== undefined) return "etherscan";
    return found?.blockscout !== undefined ? "blockscout" : undefined;
  };
  const browserUrl = (chainId: number) => {
    const found = explorers(chainId);
    const url = found?.etherscan?.url ?? found?.blockscout?.url ?? chainById(chainId)?.explorer.browserUrl;
    return url?.replace(/\/+$/, "");
  };
  return { explorers, provider, browserUrl };
}

/**
 * hardhat-verify 3's verifyContract on one provider (`explorer` names it in messages). A partial match,
 * or none, is explained with the contract and the explorer (verification.mts).
 */
async function verifyWith(hre: HardhatRuntimeEnvironment, request: VerifyRequest, provider: ProviderName | "sourcify", explorer: string): Promise<void> {
  const { verifyContract } = (await import(HARDHAT_VERIFY)) as {
    verifyContract(args: { address: string; contract: string; constructorArgs: unknown[]; provider: string }, hre: HardhatRuntimeEnvironment): Promise<boolean>;
  };
  // Every exchange with the explorer bounded in time, size, "pending" checks and by Ctrl-C (verification.mts).
  const verifying = withBoundedExplorers(hre, () =>
    verifyContract({ address: request.address, contract: request.contract, constructorArgs: [], provider }, hre)
  );
  await verifying.catch(async (error: unknown) => {
    const refused = { address: request.address, contract: request.contract, message: (error as Error)?.message ?? String(error), explorer };
    throw (await explainRefusal(hre, (await connectionOf(hre)).provider, refused).catch(() => undefined)) ?? error;
  });
}

/** Where verification goes on `chainId`, for messages: "BscScan through Etherscan API V2 (chainid 56)". */
export function explorerDescription(hre: HardhatRuntimeEnvironment, chainId: number): string {
  const { explorers, provider } = descriptorExplorers(hre);
  const name = provider(chainId);
  const explorer = name === undefined ? undefined : explorers(chainId)?.[name];
  if (name === "etherscan") return `${explorer?.name ?? "Etherscan"} through Etherscan API V2 (chainid ${chainId})`;
  return `${explorer?.name ?? "Blockscout"} at ${explorer?.apiUrl ?? explorer?.url ?? "its explorer"}`;
}

/**
 * Every explorer of a chain, as hardhat-verify 3 would verify on it: the Etherscan and the Blockscout
 * its chain descriptor names, and Sourcify, each unless its `verify.<name>.enabled` is false. A chain
 * with no descriptor (a local node) has none. Etherscan links the proxy; a Blockscout and Sourcify
 * find an EIP-1967 proxy's implementation by themselves.
 */
function hardhat3Targets(hre: HardhatRuntimeEnvironment, chainId: number, retryCommand: (address: string) => string): ExplorerTarget[] {
  const found = descriptorExplorers(hre).explorers(chainId);
  if (found === undefined) return [];
  const config = (hre.config as unknown as { verify: VerifyConfigLike }).verify;
  const targets: ExplorerTarget[] = [];
  if (found.etherscan !== undefined && config.etherscan.enabled) {
    const name = `${found.etherscan.name ?? "Etherscan"} through Etherscan API V2 (chainid ${chainId})`;
    targets.push({
      name,
      verify: (request) => verifyWith(hre, request, "etherscan", name),
      verifyProxy: (proxy) => oneAtATime(() => verifyProxyOn(hre, proxy, "etherscan")),
      retryCommand,
    });
  }
  if (found.blockscout !== undefined && config.blockscout.enabled) {
    const name = `${found.blockscout.name ?? "Blockscout"} at ${found.blockscout.apiUrl ?? found.blockscout.url ?? "its explorer"}`;
    targets.push({ name, verify: (request) => verifyWith(hre, request, "blockscout", name), retryCommand });
  }
  if (config.sourcify.enabled) {
    const name = `Sourcify at ${config.sourcify.apiUrl ?? SOURCIFY_API_URL}`;
    targets.push({
      name,
      verify: (request) => verifyWith(hre, request, "sourcify", name),
      retryCommand,
    });
  }
  return targets;
}

function hardhat3Explorer(hre: HardhatRuntimeEnvironment, networkName: string, inProcess: boolean, local: boolean): Explorer {
  const { provider, browserUrl } = descriptorExplorers(hre);
  const retryCommand = (address: string) => `npx hardhat verify --network ${networkName} ${address}`;
  return {
    browserUrl,
    unavailable(chainId) {
      if (inProcess) return "the in-process network has no explorer";
      if (!hre.tasks.rootTasks.has("verify")) return "@nomicfoundation/hardhat-verify is not in the config's plugins";
      if (provider(chainId) === undefined) return noExplorerReason({ network: networkName, chainId, local, howToAdd: "add a chainDescriptors entry" });
      if (hardhat3Targets(hre, chainId, retryCommand).length === 0) {
        return `every explorer of chain ${chainId} is turned off (verify.etherscan.enabled, verify.blockscout.enabled and verify.sourcify.enabled are false)`;
      }
      return undefined;
    },
    describe: (chainId) => explorerDescription(hre, chainId),
    linksProxies: (chainId) => provider(chainId) === "etherscan",
    each: (chainId) => hardhat3Targets(hre, chainId, retryCommand),
    verify: (request) => verifyWith(hre, request, provider(request.chainId) ?? "etherscan", explorerDescription(hre, request.chainId)),
    verifyProxy: (proxy, chainId) => oneAtATime(() => verifyProxyOn(hre, proxy, provider(chainId) ?? "etherscan")),
    retryCommand,
  };
}

let proxyVerifications: Promise<unknown> = Promise.resolve();

/**
 * The proxy verifications of a multi-chain run take turns: each reads process.exitCode, which is one
 * for the whole process, to know whether the explorer refused a part (see verifyProxyOn).
 */
function oneAtATime<T>(body: () => Promise<T>): Promise<T> {
  const turn = proxyVerifications.then(body, body);
  proxyVerifications = turn.catch(() => undefined);
  return turn;
}

// hardhat-upgrades 4 overrides the `verify` task: given a proxy, it verifies the implementation, the
// proxy and its admin, and links the proxy. That task runs every enabled provider and reports
// failures through process.exitCode, so it runs here with only this chain's provider enabled, and
// the exit code it leaves is read and then put back.
async function verifyProxyOn(hre: HardhatRuntimeEnvironment, proxy: string, only: ProviderName): Promise<void> {
  const config = (hre.config as unknown as { verify: VerifyConfigLike }).verify;
  const saved = {
    etherscan: config.etherscan.enabled,
    blockscout: config.blockscout.enabled,
    sourcify: config.sourcify.enabled,
    exitCode: process.exitCode,
  };
  config.etherscan.enabled = only === "etherscan";
  config.blockscout.enabled = only === "blockscout";
  config.sourcify.enabled = false;
  process.exitCode = undefined;
  try {
    await withinOurTask(() => hre.tasks.getTask("verify").run({ address: proxy }));
    if (process.exitCode !== undefined && process.exitCode !== 0)
      throw new Error("the explorer refused part of the proxy's verification (see the lines above)");
  } finally {
    Object.assign(config.etherscan, { enabled: saved.etherscan });
    Object.assign(config.blockscout, { enabled: saved.blockscout });
    Object.assign(config.sourcify, { enabled: saved.sourcify });
    process.exitCode = saved.exitCode;
  }
}
