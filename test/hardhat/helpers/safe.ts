// The real Safe contracts (v1.4.1, from the official npm artifacts of @safe-global/safe-contracts)
// deployed on a test network, and Safes on them made and driven by the official SDK,
// @safe-global/protocol-kit, over the network's EIP-1193 provider: what a Safe's owners do in
// Safe{Wallet}, without Safe's services.
import SafeKit, { type ContractNetworksConfig } from "@safe-global/protocol-kit";
import { ContractFactory, Wallet, providers, type Signer } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

const ARTIFACTS = "@safe-global/safe-contracts/build/artifacts/contracts";
/** protocol-kit's name for each contract's address, and the contract's artifact. */
const CONTRACTS = {
  safeSingletonAddress: "SafeL2.sol/SafeL2.json",
  safeProxyFactoryAddress: "proxies/SafeProxyFactory.sol/SafeProxyFactory.json",
  fallbackHandlerAddress: "handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json",
  multiSendAddress: "libraries/MultiSend.sol/MultiSend.json",
  multiSendCallOnlyAddress: "libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json",
  signMessageLibAddress: "libraries/SignMessageLib.sol/SignMessageLib.json",
  createCallAddress: "libraries/CreateCall.sol/CreateCall.json",
  simulateTxAccessorAddress: "accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json",
} as const;

/** The Safe singleton's ABI (getTransactionHash, nonce, getOwners, ...). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON artifact of the npm package
export const SAFE_ABI: unknown[] = require(`${ARTIFACTS}/SafeL2.sol/SafeL2.json`).abi;

/** Hardhat's published test accounts #1 to #3 (its default mnemonic): the Safes' owners. */
export const OWNER_KEYS = [
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
] as const;

export interface SafeContracts {
  chainId: number;
  networks: ContractNetworksConfig;
}

/** Deploys the Safe 1.4.1 contracts from their npm artifacts, from the network's first account. */
export async function deploySafeContracts(hre: HardhatRuntimeEnvironment): Promise<SafeContracts> {
  const { ethers } = hre as unknown as { ethers: { getSigners(): Promise<Signer[]> } };
  const [deployer] = await ethers.getSigners();
  return deployFrom(deployer, Number(await hre.network.provider.request({ method: "eth_chainId" })));
}

/** The same on a node at `url`, from the account of `key`: from a fresh account, they land at the same addresses on every chain. */
export async function deploySafeContractsAt(url: string, key: string): Promise<SafeContracts> {
  const provider = new providers.JsonRpcProvider(url);
  return deployFrom(new Wallet(key, provider), (await provider.getNetwork()).chainId);
}

async function deployFrom(deployer: Signer, chainId: number): Promise<SafeContracts> {
  const addresses: Record<string, string> = {};
  for (const [key, file] of Object.entries(CONTRACTS)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON artifact of the npm package
    const artifact = require(`${ARTIFACTS}/${file}`) as { abi: unknown[]; bytecode: string };
    const contract = await new ContractFactory(artifact.abi as never, artifact.bytecode, deployer).deploy();
    await contract.deployed();
    addresses[key] = contract.address;
  }
  return { chainId, networks: { [String(chainId)]: addresses } };
}

/** A network: the in-process one's runtime, or a node's JSON-RPC URL. */
export type SafeNetwork = HardhatRuntimeEnvironment | string;
/**
 * The network as an EIP-1193 provider for protocol-kit: a node's URL goes through ethers' own HTTP
 * client, not viem's fetch (in a mocha process where hardhat-upgrades 1.x has run, the global fetch
 * is node-fetch, whose responses viem cannot read).
 */
function eip1193(network: SafeNetwork): never {
  if (typeof network !== "string") return network.network.provider as never;
  const provider = new providers.JsonRpcProvider(network);
  return { request: ({ method, params }: { method: string; params?: unknown[] }) => provider.send(method, params ?? []) } as never;
}

/** protocol-kit on the network, signing with `key`, for the Safe at `safeAddress`. */
export function safeKit(network: SafeNetwork, contracts: SafeContracts, key: string, safeAddress: string): Promise<SafeKit> {
  return SafeKit.init({ provider: eip1193(network), signer: key, safeAddress, contractNetworks: contracts.networks });
}

/** A new Safe of the owners of `keys` with `threshold`, deployed by the first of them through protocol-kit; its address. */
export async function createSafe(network: SafeNetwork, contracts: SafeContracts, keys: readonly string[], threshold: number, saltNonce = "1"): Promise<string> {
  const owners = keys.map((key) => new Wallet(key).address);
  const kit = await SafeKit.init({
    provider: eip1193(network),
    signer: keys[0],
    predictedSafe: { safeAccountConfig: { owners, threshold }, safeDeploymentConfig: { saltNonce, safeVersion: "1.4.1" } },
    contractNetworks: contracts.networks,
  });
  const deployment = await kit.createSafeDeploymentTransaction();
  const provider = typeof network === "string" ? new providers.JsonRpcProvider(network) : new providers.Web3Provider(network.network.provider as never);
  const sender = new Wallet(keys[0], provider);
  await (await sender.sendTransaction({ to: deployment.to, value: deployment.value, data: deployment.data })).wait();
  return kit.getAddress();
}
