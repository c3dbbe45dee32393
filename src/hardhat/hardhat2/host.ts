// The Host of a Hardhat 2 project, built from its runtime environment.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { TASK_COMPILE } from "hardhat/builtin-tasks/task-names";
import { StackError } from "../errors";
import { NO_API_KEY, noExplorerReason } from "../internal/chains/explorers";
import { Chain } from "../internal/chains/reader";
import { referencedRanges } from "../internal/compiler/deployed-code";
import { describeEndpoint, isLiveNetwork, isLoopbackUrl, type Explorer, type ExplorerTarget, type Host, type VerifyRequest } from "../internal/tasks/host";
import { ALREADY_SHOWN, browserUrlFor, loadedExplorerPlugin, routeForChain } from "./verification-routing";
import { collectSecrets } from "../internal/output/redact";
import { rpcEndpoint, type NetworkConfigLike } from "../internal/rpc/endpoint";
import { RpcSession } from "../internal/rpc/session";
import type { SurveyTarget } from "../internal/tasks/addresses-survey";
import { chooseStack, SUPPORTED_STACKS } from "../internal/stack/choose";
import { ethers5Stack } from "../internal/stack/ethers5";
import { ethers6Stack } from "../internal/stack/ethers6";
import { installedPackage, loadedPackage, type PackageInfo } from "../internal/stack/packages";
import { writeManifestsAtomically } from "../internal/stack/manifest-writes";
import type { Stack } from "../internal/stack/types";

/** Reads what the runtime holds and builds the matching adapter, or explains what is wrong. */
export function hardhat2Stack(hre: HardhatRuntimeEnvironment): Stack {
  const runtime = hre as unknown as { ethers?: { version?: string }; upgrades?: unknown };
  let ethers: { version?: string } | undefined;
  let ethersError: string | undefined;
  try {
    ethers = runtime.ethers;
    // hre.ethers is built lazily: touch it, so that an ethers plugin loaded with the wrong ethers
    // fails here, where it can be explained, and not in the middle of a deployment.
    void ethers?.version;
  } catch (error) {
    ethersError = ((error as Error).message ?? String(error)).split("\n")[0];
    ethers = undefined;
  }
  const ethersPlugins = Object.values(SUPPORTED_STACKS)
    .map((stack) => loadedPackage(stack.ethersPlugin))
    .filter((plugin): plugin is PackageInfo => plugin !== undefined);
  const upgrades = runtime.upgrades === undefined ? undefined : loadedPackage("@openzeppelin/hardhat-upgrades");
  const ethersVersion = ethers?.version ?? installedPackage("ethers", hre.config.paths.root)?.version;
  const choice = chooseStack({
    ethersVersion,
    ethersPlugins: ethers === undefined && ethersError === undefined ? [] : ethersPlugins,
    upgrades,
    ethersError,
  });
  if ("problem" in choice) throw new StackError(choice.problem);
  const parts = {
    ethers,
    ethersVersion: String(ethersVersion).replace(/^ethers\//, ""),
    upgrades: runtime.upgrades,
    upgradesDir: upgrades!.dir,
    upgradesVersion: upgrades!.version,
  };
  writeManifestsAtomically(parts.upgradesDir);
  return choice.kind === "ethers5" ? ethers5Stack(parts) : ethers6Stack(parts);
}

/** hardhat-verify 2's own settings for Sourcify and for Blockscouts the project added. */
interface VerifyPluginConfig {
  sourcify?: { enabled?: boolean; apiUrl?: string };
  blockscout?: { enabled?: boolean; customChains?: { chainId: number; urls: { apiURL: string } }[] };
}

/**
 * The explorers hardhat-verify 2 adds to the chain's route when the project turned them on: a
 * Blockscout of `blockscout.customChains` (`blockscout.enabled`), and Sourcify (`sourcify.enabled`).
 * @nomiclabs/hardhat-etherscan has neither.
 */
function hardhatVerifyExtras(hre: HardhatRuntimeEnvironment, chainId: number, retryCommand: (address: string) => string): ExplorerTarget[] {
  if (loadedExplorerPlugin()?.kind !== "hardhat-verify") return [];
  const config = hre.config as VerifyPluginConfig;
  const run = (subtask: string) => (request: VerifyRequest) => hre.run(subtask, { address: request.address, contract: request.contract }).then(() => undefined);
  const targets: ExplorerTarget[] = [];
  const blockscout = config.blockscout?.enabled === true ? config.blockscout.customChains?.find((chain) => chain.chainId === chainId) : undefined;
  if (blockscout !== undefined && routeForChain(hre, chainId)?.kind !== "blockscout") {
    targets.push({ name: `Blockscout at ${blockscout.urls.apiURL} (blockscout.customChains)`, verify: run("verify:blockscout"), retryCommand });
  }
  if (config.sourcify?.enabled === true) {
    targets.push({ name: `Sourcify at ${config.sourcify.apiUrl ?? "its default server"}`, verify: run("verify:sourcify"), retryCommand });
  }
  return targets;
}

/** The routing found the contract verified on the explorer already, and sent nothing. */
const shownAlready = (result: unknown): "already verified" | undefined => (result === ALREADY_SHOWN ? "already verified" : undefined);

function hardhat2Explorer(hre: HardhatRuntimeEnvironment): Explorer {
  const browserUrl = (chainId: number) => browserUrlFor(hre, chainId);
  // hardhat-verify 2's verify:verify runs its Sourcify verification too (when enabled), which has
  // its own row here: the chain's route is its verify:etherscan alone.
  const verify = (address: string, contract?: string) =>
    loadedExplorerPlugin()?.kind === "hardhat-verify"
      ? hre.run("verify:etherscan", { address, constructorArgsParams: [], ...(contract === undefined ? {} : { contract }) })
      : hre.run("verify:verify", { address, constructorArguments: [], ...(contract === undefined ? {} : { contract }) });
  const explorer: Explorer = {
    browserUrl,
    unavailable(chainId) {
      if (hre.network.name === "hardhat") return "the in-process network has no explorer";
      if (hre.tasks["verify:verify"] === undefined) {
        return "no explorer plugin is loaded (@nomiclabs/hardhat-etherscan on the ethers 5 stack, @nomicfoundation/hardhat-verify on the ethers 6 stack)";
      }
      const route = routeForChain(hre, chainId);
      if (route === undefined) {
        const local = !isLiveNetwork(hre.network.name, (hre.network.config as { url?: string }).url);
        return noExplorerReason({ network: hre.network.name, chainId, local, howToAdd: "add an etherscan.customChains entry" });
      }
      if (route.kind === "etherscan-v2" && route.key === "") {
        return `${NO_API_KEY}: set ETHERSCAN_API_KEY (one key serves every chain on Etherscan API V2)`;
      }
      return undefined;
    },
    describe: (chainId) => routeForChain(hre, chainId)?.description ?? `chain ${chainId}`,
    linksProxies: (chainId) => routeForChain(hre, chainId)?.linksProxies ?? false,
    // The upgrades plugin's override of verify:verify (1.x) or of verify:etherscan (3.x) turns a
    // proxy address into the whole proxy verification.
    verify: (request) => verify(request.address, request.contract).then(shownAlready),
    verifyProxy: (proxy) => verify(proxy).then(shownAlready),
    retryCommand: (address) => `npx hardhat verify --network ${hre.network.name} ${address}`,
    // The routing around the explorer plugin's verification tries again (verification-routing.ts).
    retriesItself: true,
  };
  // The chain's route first (it links the proxy), then what hardhat-verify 2 adds.
  explorer.each = (chainId) => {
    const route = routeForChain(hre, chainId);
    const main: ExplorerTarget = {
      name: explorer.describe(chainId),
      verify: (request) => explorer.verify(request),
      verifyProxy: route?.linksProxies === true ? (proxy) => explorer.verifyProxy(proxy, chainId) : undefined,
      retryCommand: explorer.retryCommand,
      retriesItself: true,
    };
    return [main, ...hardhatVerifyExtras(hre, chainId, explorer.retryCommand)];
  };
  return explorer;
}

/** Every secret of the project's config, from every network, not only the selected one. */
export function hardhat2Secrets(hre: HardhatRuntimeEnvironment): string[] {
  return collectSecrets({ networks: hre.config.networks, etherscan: (hre.config as { etherscan?: { apiKey?: unknown } }).etherscan });
}

export function hardhat2Host(hre: HardhatRuntimeEnvironment): Host {
  const config = hre.network.config as NetworkConfigLike & { url?: string; accounts?: unknown };
  const endpoint = describeEndpoint(hre.network.name, config.url);
  let stack: Stack | undefined;
  const getStack = () => (stack ??= hardhat2Stack(hre));
  // The in-process network has no url: sends there are only recorded.
  const inProcess = hre.network.name === "hardhat" || config.url === undefined;
  const keys = Array.isArray(config.accounts) ? config.accounts.filter((key): key is string => typeof key === "string") : [];
  const rpc = new RpcSession(
    rpcEndpoint(hre.network.provider, { name: hre.network.name, description: endpoint, keys }, inProcess ? {} : config, hre.config.multiAccount?.rpc),
    getStack
  );
  return {
    network: {
      name: hre.network.name,
      inProcess,
      endpoint,
      live: isLiveNetwork(hre.network.name, config.url),
      loopback: !inProcess && isLoopbackUrl(config.url),
      noAccounts: Array.isArray(config.accounts) && config.accounts.length === 0,
      gasPrice: typeof config.gasPrice === "number" ? BigInt(config.gasPrice) : undefined,
      chainId: !inProcess && typeof config.chainId === "number" ? config.chainId : undefined,
    },
    chain: new Chain(hre.network.provider, endpoint),
    rpc,
    secrets: hardhat2Secrets(hre),
    stack: getStack,
    compile: async () => {
      await hre.run(TASK_COMPILE, { quiet: true });
    },
    ...hardhat2Artifacts(hre),
    explorer: hardhat2Explorer(hre),
    command: (task) => `npx hardhat ${task} --network ${hre.network.name}`,
  };
}

/** What the tasks read from the artifacts. Hardhat 2 keeps the immutables' ranges in the build info, a large file: read only when asked. */
function hardhat2Artifacts(hre: HardhatRuntimeEnvironment): Pick<Host, "contractFqn" | "deployedCode"> {
  return {
    async contractFqn(name) {
      if (name.includes(":")) return name;
      const artifact = await hre.artifacts.readArtifact(name);
      return `${artifact.sourceName}:${artifact.contractName}`;
    },
    async deployedCode(name) {
      const artifact = await hre.artifacts.readArtifact(name);
      const fqn = `${artifact.sourceName}:${artifact.contractName}`;
      const filledAtDeploy = async () => {
        const output = (await hre.artifacts.getBuildInfo(fqn))?.output.contracts[artifact.sourceName]?.[artifact.contractName];
        return referencedRanges(artifact.deployedLinkReferences, output?.evm.deployedBytecode.immutableReferences);
      };
      return { bytecode: artifact.deployedBytecode, filledAtDeploy };
    },
  };
}

/** Every configured network but the in-process one, for addresses:show --all-networks. */
export function hardhat2SurveyTargets(hre: HardhatRuntimeEnvironment): SurveyTarget[] {
  return Object.entries(hre.config.networks)
    .filter(([name]) => name !== "hardhat")
    .map(([network, config]) => {
      const http = config as { url?: unknown; httpHeaders?: Record<string, string> };
      return typeof http.url === "string" && http.url !== "" ? { network, url: http.url, headers: http.httpHeaders } : { network, unread: "no JSON-RPC URL" };
    });
}
