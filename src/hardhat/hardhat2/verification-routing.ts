// Verification on Hardhat 2, routed. Before either explorer plugin verifies on a chain of the table
// (from our tasks, or from `npx hardhat verify` in a project that loads this plugin), its key and URL
// are the ones `explorers.ts` gives for that chain, and its requests keep the chain's `chainid`:
// - @nomiclabs/hardhat-etherscan 3 has no V2 code. It is given the V2 endpoint with `?chainid=<id>`
//   as the chain's apiUrl. Its submission keeps that query, but its status check and its "already
//   verified" check replace the query string, dropping the chainid; the rules below put it back.
// - @nomicfoundation/hardhat-verify 2 speaks V2 when its apiKey is one string, at a hard-coded
//   endpoint, each through a fresh undici Agent unless its exported test dispatcher is set; the rules
//   below are set there as well, and send those requests to ETHERSCAN_API_URL when that is set. For
//   a chain whose explorer is a Blockscout it is sent to its `verify:blockscout` instead.
import path from "path";
import type { HardhatRuntimeEnvironment, RunSuperFunction, TaskArguments } from "hardhat/types";
import { subtask } from "hardhat/config";
import { ETHERSCAN_V2_API_URL, tableRoute, type VerificationRoute } from "../internal/chains/explorers";
import { chainById } from "../internal/chains/table";
import { loadedPackage, type PackageInfo } from "../internal/stack/packages";
import { codeMatch, referencedRanges, type CodeMatch, type CompiledCode } from "../internal/compiler/deployed-code";
import { refusalMessage } from "../internal/tasks/verify";
import { retryPolicy, withRetries } from "../internal/tasks/verify-retry";
import { fetchExplorerJson, guardExplorerExchanges, stoppableSleep, type GuardedExplorer } from "../internal/chains/explorer-exchange";
import { MultiAccountKitError } from "../errors";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT } from "../constants";
import { verifyCreate3Proxy } from "./create3-proxy";

export interface CustomChainLike {
  network: string;
  chainId: number;
  urls: { apiURL: string; browserURL: string };
}

interface EtherscanConfigLike {
  apiKey?: unknown;
  customChains?: CustomChainLike[];
}

function etherscanConfig(hre: HardhatRuntimeEnvironment): EtherscanConfigLike {
  return ((hre.config as { etherscan?: EtherscanConfigLike }).etherscan ??= {});
}

/** The block explorer's base URL for `chainId`: the project's customChains first, then the chain table. */
export function browserUrlFor(hre: HardhatRuntimeEnvironment, chainId: number): string | undefined {
  const customChains = (hre.config as { etherscan?: EtherscanConfigLike }).etherscan?.customChains ?? [];
  const custom = [...customChains].reverse().find((chain) => chain.chainId === chainId);
  const url = custom?.urls.browserURL ?? chainById(chainId)?.explorer.browserUrl;
  return url?.replace(/\/+$/, "");
}

/** The route for the selected network's chain: the table's, or a chain the project added itself. */
export async function routeForNetwork(hre: HardhatRuntimeEnvironment): Promise<VerificationRoute | undefined> {
  return routeForChain(hre, Number(await hre.network.provider.send("eth_chainId", [])));
}

export function routeForChain(hre: HardhatRuntimeEnvironment, chainId: number): VerificationRoute | undefined {
  const etherscan = etherscanConfig(hre);
  const configuredKey = typeof etherscan.apiKey === "string" ? etherscan.apiKey : undefined;
  const route = tableRoute(chainId, process.env, configuredKey);
  if (route !== undefined) return route;
  const custom = [...(etherscan.customChains ?? [])].reverse().find((chain) => chain.chainId === chainId);
  if (custom === undefined) return undefined;
  const key =
    typeof etherscan.apiKey === "string" ? etherscan.apiKey : String((etherscan.apiKey as Record<string, unknown> | undefined)?.[custom.network] ?? "");
  return {
    chainId,
    network: custom.network,
    kind: "custom",
    apiUrl: custom.urls.apiURL,
    browserUrl: custom.urls.browserURL,
    key,
    keySource: "hardhat.config",
    linksProxies: true,
    description: `${new URL(custom.urls.apiURL).origin} (etherscan.customChains)`,
  };
}

/** undici's dispatch options, as far as the rules need them. */
interface DispatchOptions {
  origin?: string | URL;
  path: string;
  /** Parameters undici adds to `path` itself (the upgrades plugin passes the chainid this way). */
  query?: Record<string, unknown>;
  [other: string]: unknown;
}

interface DispatcherLike {
  dispatch(options: DispatchOptions, handler: unknown): boolean;
}

interface UndiciLike {
  getGlobalDispatcher(): DispatcherLike;
  setGlobalDispatcher(dispatcher: DispatcherLike): void;
}

/**
 * Rewrites one request: one aimed at Etherscan's default V2 endpoint goes to the route's endpoint
 * when that differs, and one to the route's endpoint gets the route's chainid when it lost it.
 */
export function routeRequest(options: DispatchOptions, route: Pick<VerificationRoute, "apiUrl">): DispatchOptions {
  if (options.origin === undefined) return options;
  const target = new URL(route.apiUrl);
  const endpoint = `${target.origin}${target.pathname}`;
  const url = new URL(options.path, options.origin);
  if (`${url.origin}${url.pathname}` === ETHERSCAN_V2_API_URL && endpoint !== ETHERSCAN_V2_API_URL) {
    url.href = new URL(target.pathname + url.search, target.origin).href;
  }
  const rewritten: DispatchOptions = { ...options, origin: url.origin, path: `${url.pathname}${url.search}` };
  const chainId = target.searchParams.get("chainid");
  const hasChainId = url.searchParams.has("chainid") || (options.query !== undefined && "chainid" in options.query);
  if (`${url.origin}${url.pathname}` === endpoint && chainId !== null && !hasChainId) {
    // undici refuses a path with a query string next to a `query` object: add it where the rest is.
    if (options.query !== undefined) rewritten.query = { ...options.query, chainid: chainId };
    else rewritten.path = `${url.pathname}${url.search === "" ? "?" : `${url.search}&`}chainid=${encodeURIComponent(chainId)}`;
  }
  return rewritten;
}

/** hardhat-verify 2 sends through a fresh Agent per request unless its (exported) test dispatcher is set. */
interface HardhatVerifyUndici {
  setMockDispatcher?(dispatcher: DispatcherLike | undefined): void;
}

/** Runs `body` with every HTTP request of the explorer plugins going through `routeRequest`. */
async function withRequestRules<T>(plugin: ExplorerPlugin, route: VerificationRoute, body: () => Promise<T>): Promise<T> {
  // undici keeps the global dispatcher under a symbol shared by every copy of it, so the explorer
  // plugin's own copy sets it for all of them (the upgrades plugin's requests included).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the explorer plugin's own copy, found at run time
  const undici = require(require.resolve("undici", { paths: [plugin.dir] })) as UndiciLike;
  const previous = undici.getGlobalDispatcher();
  const rules: DispatcherLike = Object.create(previous);
  rules.dispatch = (options, handler) => previous.dispatch(routeRequest(options, route), handler);
  let own: HardhatVerifyUndici = {};
  if (plugin.kind === "hardhat-verify") {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file inside the installed plugin, found at run time
      own = require(path.join(plugin.dir, "internal", "undici.js")) as HardhatVerifyUndici;
    } catch {
      own = {};
    }
  }
  undici.setGlobalDispatcher(rules);
  own.setMockDispatcher?.(rules);
  try {
    return await body();
  } finally {
    own.setMockDispatcher?.(undefined);
    undici.setGlobalDispatcher(previous);
  }
}

/** Runs `body` with the explorer plugin configured for `route`: its key, its URL, its request rules. */
/** Notices already printed by this process: one verification run verifies several contracts. */
const noticed = new Set<string>();

export async function withRoute<T>(hre: HardhatRuntimeEnvironment, plugin: ExplorerPlugin, route: VerificationRoute, body: () => Promise<T>): Promise<T> {
  if (route.notice !== undefined && !noticed.has(route.notice)) {
    noticed.add(route.notice);
    console.warn(route.notice);
  }
  const etherscan = etherscanConfig(hre);
  const saved = { apiKey: etherscan.apiKey, customChains: etherscan.customChains };
  etherscan.apiKey = route.key;
  etherscan.customChains = [
    ...(saved.customChains ?? []),
    { network: route.network ?? hre.network.name, chainId: route.chainId, urls: { apiURL: route.apiUrl, browserURL: route.browserUrl } },
  ];
  try {
    return await withRequestRules(plugin, route, body);
  } finally {
    etherscan.apiKey = saved.apiKey;
    etherscan.customChains = saved.customChains;
  }
}

/** hardhat-verify 2 for a chain whose explorer is a Blockscout: its own Blockscout verification. */
async function verifyOnBlockscout(hre: HardhatRuntimeEnvironment, route: VerificationRoute, args: TaskArguments): Promise<unknown> {
  const config = hre.config as { blockscout?: { customChains?: CustomChainLike[] } };
  const blockscout = (config.blockscout ??= {});
  const saved = blockscout.customChains;
  blockscout.customChains = [
    ...(saved ?? []),
    { network: route.network ?? hre.network.name, chainId: route.chainId, urls: { apiURL: route.apiUrl, browserURL: route.browserUrl } },
  ];
  try {
    return await hre.run("verify:blockscout", { address: args.address, libraries: args.libraries, contract: args.contract, force: args.force });
  } finally {
    blockscout.customChains = saved;
  }
}

export type ExplorerPlugin = PackageInfo & { kind: "hardhat-etherscan" | "hardhat-verify" };

/** The Hardhat 2 explorer plugin this process has loaded, if any. */
export function loadedExplorerPlugin(): ExplorerPlugin | undefined {
  const etherscan = loadedPackage("@nomiclabs/hardhat-etherscan");
  if (etherscan !== undefined) return { ...etherscan, kind: "hardhat-etherscan" };
  const verify = loadedPackage("@nomicfoundation/hardhat-verify");
  return verify === undefined ? undefined : { ...verify, kind: "hardhat-verify" };
}

/**
 * Wraps the explorer plugin's verification subtask with the routing. Called once the user's config
 * has loaded every plugin (from extendConfig), so the wrapper is the outermost override and never
 * redefines a subtask that a plugin defines later.
 */
export function routeExplorerPlugin(): void {
  const plugin = loadedExplorerPlugin();
  if (plugin === undefined) return;
  const wrapped = plugin.kind === "hardhat-etherscan" ? "verify:verify" : "verify:etherscan";
  subtask(wrapped).setAction(async (args: TaskArguments, hre: HardhatRuntimeEnvironment, runSuper: RunSuperFunction<TaskArguments>) => {
    const route = await routeForNetwork(hre);
    if (route === undefined) return runSuper(args);
    // Each try checks first: what an earlier try (or run) got accepted is not sent again.
    const attempt = async () => {
      if (typeof args.address === "string" && args.force !== true && (await alreadyShown(hre, route, args.address))) {
        const linked = route.linksProxies ? " (a proxy: linked to its implementation)" : "";
        console.log(`${args.address} is already verified on ${route.description}${linked}: nothing sent.`);
        return ALREADY_SHOWN;
      }
      const verifying =
        plugin.kind === "hardhat-verify" && route.kind === "blockscout"
          ? verifyOnBlockscout(hre, route, args)
          : withRoute(hre, plugin, route, async () => {
              if (route.linksProxies && typeof args.address === "string") await announceCreate3Proxy(hre, route, args.address);
              return runSuper(args);
            });
      return verifying.catch(async (error: unknown) => {
        throw await explainRefusal(hre, route, args, error);
      });
    };
    const policy = retryPolicy(process.env);
    // Every exchange with the explorer bounded: in time, in size, in "pending" status checks (which
    // the explorer plugins poll by themselves without end), and by Ctrl-C (explorer-exchange.ts).
    return guardExplorerExchanges(guardedExplorers(hre, route), { policy }, () =>
      withRetries(attempt, policy, stoppableSleep, (message, waitMs) =>
        console.warn(`Verification on ${route.description} failed, trying again in ${waitMs / 1000} s: ${message}`)
      )
    );
  });
  // hardhat-verify 2's own Sourcify and Blockscout verification (rows of their own), bounded alike.
  if (plugin.kind === "hardhat-verify") {
    for (const name of ["verify:sourcify", "verify:blockscout"].filter((task) => hardhatVerifyDefines(plugin, task))) {
      subtask(name).setAction(async (args: TaskArguments, hre: HardhatRuntimeEnvironment, runSuper: RunSuperFunction<TaskArguments>) => {
        const chainId = Number(await hre.network.provider.send("eth_chainId", []));
        const route = routeForChain(hre, chainId);
        return guardExplorerExchanges(guardedExplorers(hre, route), { policy: retryPolicy(process.env) }, () => runSuper(args));
      });
    }
  }
}

/** Whether the installed hardhat-verify 2 defines `task` (its task names file lists it). */
function hardhatVerifyDefines(plugin: ExplorerPlugin, task: string): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file inside the installed plugin, found at run time
    return Object.values(require(path.join(plugin.dir, "internal", "task-names.js")) as Record<string, unknown>).includes(task);
  } catch {
    return false;
  }
}

/** The explorers a Hardhat 2 verification may talk to: the chain's route, Etherscan's V2 endpoint, hardhat-verify 2's Blockscouts and Sourcify. */
function guardedExplorers(hre: HardhatRuntimeEnvironment, route: VerificationRoute | undefined): GuardedExplorer[] {
  const config = hre.config as { blockscout?: { customChains?: CustomChainLike[] }; sourcify?: { apiUrl?: string } };
  return [
    ...(route === undefined ? [] : [{ url: route.apiUrl, name: route.description }]),
    { url: ETHERSCAN_V2_API_URL, name: "Etherscan API V2" },
    ...(config.blockscout?.customChains ?? []).map((chain) => ({ url: chain.urls.apiURL, name: `Blockscout at ${chain.urls.apiURL}` })),
    { url: config.sourcify?.apiUrl ?? "https://sourcify.dev/server", name: `Sourcify at ${config.sourcify?.apiUrl ?? "https://sourcify.dev/server"}` },
  ];
}

/** What the wrapped verification returns when the explorer already shows the contract as verified: nothing was sent. */
export const ALREADY_SHOWN = "multiaccount-kit: already verified";

interface SourceCodeEntry {
  SourceCode?: string;
  Proxy?: string;
  Implementation?: string;
}

/** `getsourcecode` on the route's explorer: what it holds for `address`; undefined when it cannot say (down, a 429, no answer). */
async function sourceCodeOn(route: VerificationRoute, address: string): Promise<SourceCodeEntry | undefined> {
  const url = new URL(route.apiUrl);
  for (const [name, value] of Object.entries({ module: "contract", action: "getsourcecode", address, apikey: route.key })) url.searchParams.set(name, value);
  try {
    const response = await fetchExplorerJson(url, {}, route.description);
    const body = (response.body ?? {}) as { status?: string; result?: unknown };
    return response.ok && body.status === "1" && Array.isArray(body.result) ? (body.result[0] as SourceCodeEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** The contract in an EIP-1967 slot of `address`, or undefined when it is empty. */
async function addressInSlot(hre: HardhatRuntimeEnvironment, address: string, slot: string): Promise<string | undefined> {
  const word = String(await hre.network.provider.send("eth_getStorageAt", [address, slot, "latest"]));
  const found = `0x${word.replace(/^0x/, "").padStart(64, "0").slice(-40)}`;
  return /^0x0{40}$/.test(found) ? undefined : found;
}

/**
 * The explorer already shows `address` verified, so that a rerun (or the retry command) sends nothing
 * for it. For an EIP-1967 proxy that is the proxy, its implementation and its admin verified, and,
 * where the explorer links proxies, the proxy linked to the implementation its slot holds now (after
 * an upgrade it is not, and the new implementation is verified and linked). Any doubt: not shown.
 */
export async function alreadyShown(hre: HardhatRuntimeEnvironment, route: VerificationRoute, address: string): Promise<boolean> {
  try {
    const shown = await sourceCodeOn(route, address);
    if (!shown?.SourceCode) return false;
    const implementation = await addressInSlot(hre, address, IMPLEMENTATION_SLOT);
    if (implementation === undefined) return true;
    if (route.linksProxies && (shown.Proxy !== "1" || shown.Implementation?.toLowerCase() !== implementation.toLowerCase())) return false;
    const admin = await addressInSlot(hre, address, ADMIN_SLOT);
    const others = await Promise.all([implementation, ...(admin === undefined ? [] : [admin])].map((other) => sourceCodeOn(route, other)));
    return others.every((other) => Boolean(other?.SourceCode));
  } catch {
    return false;
  }
}

/** A proxy that --deterministic created through CreateX: its own source verified first (create3-proxy.ts), a failure only said. */
async function announceCreate3Proxy(hre: HardhatRuntimeEnvironment, route: VerificationRoute, address: string): Promise<void> {
  const line = await verifyCreate3Proxy(hre, route, address).catch(
    (error: unknown) => `Could not verify the proxy's own source first (${(error as Error)?.message ?? String(error)}); the upgrades plugin verifies it next.`
  );
  if (line !== undefined) console.log(line);
}

/** The artifact's runtime code, with the ranges filled at deploy time (immutables from the build info, read only when asked). */
async function compiledCode(hre: HardhatRuntimeEnvironment, fqn: string): Promise<CompiledCode> {
  const artifact = await hre.artifacts.readArtifact(fqn);
  const filledAtDeploy = async () => {
    const output = (await hre.artifacts.getBuildInfo(fqn))?.output.contracts[artifact.sourceName]?.[artifact.contractName];
    return referencedRanges(artifact.deployedLinkReferences, output?.evm.deployedBytecode.immutableReferences);
  };
  return { bytecode: artifact.deployedBytecode, filledAtDeploy };
}

/**
 * How the code at `address` matches the project's build: the contract given, else the best of every
 * contract of the build (a retry verifies the implementation by its address alone).
 */
async function matchInBuild(hre: HardhatRuntimeEnvironment, address: string, contract: string | undefined): Promise<{ match: CodeMatch; contract?: string }> {
  const onChain = String(await hre.network.provider.send("eth_getCode", [address, "latest"]));
  const candidates = contract === undefined ? await hre.artifacts.getAllFullyQualifiedNames() : [contract];
  let partial: string | undefined;
  for (const fqn of candidates) {
    const match = await codeMatch(onChain, await compiledCode(hre, fqn)).catch((): CodeMatch => "mismatch");
    if (match === "perfect") return { match, contract: fqn };
    if (match === "partial") partial ??= fqn;
  }
  return partial === undefined ? { match: "mismatch", contract } : { match: "partial", contract: partial };
}

/** The implementation in an EIP-1967 proxy's slot, or undefined for a contract that is not such a proxy. */
async function implementationBehind(hre: HardhatRuntimeEnvironment, address: string): Promise<string | undefined> {
  const word = String(await hre.network.provider.send("eth_getStorageAt", [address, IMPLEMENTATION_SLOT, "latest"]));
  const implementation = `0x${word.replace(/^0x/, "").padStart(64, "0").slice(-40)}`;
  return /^0x0{40}$/.test(implementation) ? undefined : implementation;
}

/** The explorer's (or the explorer plugin's) own words: its "Reason:" line, else the first line naming `address`, else the first line. */
function reasonIn(message: string, address: string): string {
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const reason = lines.find((line) => line.startsWith("Reason: "));
  if (reason !== undefined) return reason.slice("Reason: ".length);
  return lines.find((line) => line.toLowerCase().includes(address.toLowerCase())) ?? lines[0] ?? "";
}

/**
 * A failed verification, explained when the code on chain is not this source's (a partial match, or
 * none): the contract, the explorer and why. For a proxy, whose verification the upgrades plugin
 * turns into its implementation's and its own, that is the implementation's code. Another failure
 * (the explorer down, a rate limit, an "already verified") is passed on as it is.
 */
async function explainRefusal(hre: HardhatRuntimeEnvironment, route: VerificationRoute, args: TaskArguments, error: unknown): Promise<unknown> {
  const original = (error as Error)?.message ?? String(error);
  if (typeof args.address !== "string" || /already verified/i.test(original)) return error;
  const address = args.address;
  const found = await (async () => {
    const implementation = await implementationBehind(hre, address);
    const subject = implementation ?? address;
    const contract = implementation === undefined && typeof args.contract === "string" ? args.contract : undefined;
    return { subject, ...(await matchInBuild(hre, subject, contract)) };
  })().catch(() => undefined);
  if (found === undefined || found.match === "perfect") return error;
  const configured = (hre.config as { multiAccount?: { contract?: string } }).multiAccount?.contract;
  const subject = { contract: found.contract, address: found.subject, explorer: route.description, configured };
  return new MultiAccountKitError(refusalMessage(found.match, subject, reasonIn(original, found.subject)), error instanceof Error ? error : undefined);
}
