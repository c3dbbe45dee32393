// The ethers 5 stack: ethers 5 through @nomiclabs/hardhat-ethers 2, and @openzeppelin/hardhat-upgrades
// 1.x, which deploys an OpenZeppelin 4.x ProxyAdmin and TransparentUpgradeableProxy.
import type { Stack, StackFactory, StackSigner, UnsignedTransaction } from "./types";
import { upgradesCoreArtifact, upgradesCoreCode, type StackParts } from "./parts";

interface Factory5 extends StackFactory {
  getDeployTransaction(...args: unknown[]): { data?: unknown };
}
interface Factory5 extends StackFactory {
  interface: { encodeFunctionData(name: string, args: readonly unknown[]): string };
}
interface Contract5 {
  address: string;
  deployed(): Promise<unknown>;
}
interface Signer5 extends StackSigner {
  sendTransaction(tx: { to?: string; data: string }): Promise<{ wait(): Promise<{ contractAddress?: string | null } | null> }>;
  _signTypedData(domain: object, types: object, value: object): Promise<string>;
}
interface Ethers5 {
  utils: {
    isAddress(value: string): boolean;
    getAddress(value: string): string;
    formatEther(wei: string): string;
    formatUnits(wei: string, unit: string): string;
    keccak256(data: string): string;
  };
  Wallet: new (privateKey: string) => { address: string; signTransaction(tx: object): Promise<string> };
  getSigners(): Promise<StackSigner[]>;
  getContractFactory(nameOrAbi: unknown, bytecodeOrSigner?: unknown, signer?: unknown): Promise<Factory5>;
}
interface Upgrades1 {
  deployProxy(factory: Factory5, args: unknown[], opts: object): Promise<Contract5>;
  upgradeProxy(proxy: string, factory: Factory5, opts: object): Promise<Contract5>;
  prepareUpgrade(proxy: string, factory: Factory5, opts: object): Promise<string>;
  validateImplementation(factory: Factory5, opts: object): Promise<void>;
  validateUpgrade(proxy: string, factory: Factory5, opts: object): Promise<void>;
  deployImplementation(factory: Factory5, opts: object): Promise<string>;
  deployProxyAdmin(signer: StackSigner, opts: object): Promise<string>;
  forceImport(proxy: string, factory: Factory5, opts: object): Promise<unknown>;
  admin: { getInstance(): Promise<{ address: string; owner(): Promise<string> }> };
}

const TRANSPARENT = { kind: "transparent" } as const;
const V4_PROXY_ADMIN = "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol/ProxyAdmin.json";
const V4_TRANSPARENT_PROXY = "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";

export function ethers5Stack(parts: StackParts): Stack {
  const ethers = parts.ethers as Ethers5;
  return {
    description: `ethers ${parts.ethersVersion} + @openzeppelin/hardhat-upgrades ${parts.upgradesVersion}`,
    ...ethers5Values(ethers),
    ...ethers5Signing(ethers),
    ...ethers5Creations(parts),
    ...upgrades1Proxies(parts.upgrades as Upgrades1),
    proxyContracts: () => ({
      openZeppelin: 4,
      proxy: upgradesCoreCode(parts.upgradesDir, V4_TRANSPARENT_PROXY, "build-info.json"),
      admin: upgradesCoreCode(parts.upgradesDir, V4_PROXY_ADMIN, "build-info.json"),
    }),
  };
}

const factory = (f: StackFactory) => f as Factory5;

/** Addresses, units and hashes. */
function ethers5Values(ethers: Ethers5): Pick<Stack, "isAddress" | "getAddress" | "formatEther" | "formatGwei" | "keccak256" | "transactionHash"> {
  return {
    isAddress: (value) => ethers.utils.isAddress(value),
    getAddress: (value) => ethers.utils.getAddress(value),
    formatEther: (wei) => ethers.utils.formatEther(wei.toString()),
    formatGwei: (wei) => ethers.utils.formatUnits(wei.toString(), "gwei"),
    keccak256: (data) => ethers.utils.keccak256(data),
    transactionHash: (raw) => ethers.utils.keccak256(raw),
  };
}

/** The configured signers, local keys, and calls sent from a signer. */
function ethers5Signing(ethers: Ethers5): Pick<Stack, "signers" | "addressOf" | "signTransaction" | "sendCall" | "deployCode" | "signTypedData"> {
  return {
    signers: () => ethers.getSigners(),
    addressOf: (key) => new ethers.Wallet(key).address,
    async signTransaction(key, tx) {
      const raw = await new ethers.Wallet(key).signTransaction(ethers5Transaction(tx));
      return { raw, hash: ethers.utils.keccak256(raw) };
    },
    async sendCall(signer, to, data) {
      await (await (signer as Signer5).sendTransaction({ to, data })).wait();
    },
    signTypedData: (signer, { domain, types, value }) => (signer as Signer5)._signTypedData(domain, types, value),
    async deployCode(signer, data) {
      const receipt = await (await (signer as Signer5).sendTransaction({ data })).wait();
      if (typeof receipt?.contractAddress !== "string") throw new Error("the creation's receipt names no contract address");
      return receipt.contractAddress;
    },
  };
}

/** Factories, and the creation data of the contracts behind a transparent proxy (OpenZeppelin 4.x). */
function ethers5Creations(parts: StackParts): Pick<Stack, "contractFactory" | "deployData" | "proxyCreations" | "deterministicProxyCreation"> {
  const ethers = parts.ethers as Ethers5;
  const upgrades = parts.upgrades as Upgrades1;
  const artifactFactory = async (artifactPath: string, signer: StackSigner) => {
    const artifact = upgradesCoreArtifact(parts.upgradesDir, artifactPath);
    return ethers.getContractFactory(artifact.abi, artifact.bytecode, signer);
  };
  return {
    contractFactory: (name, signer) => ethers.getContractFactory(name, signer),
    deployData: async (f, args) => String(factory(f).getDeployTransaction(...args).data),
    async proxyCreations(signer, logic) {
      const admin = await artifactFactory(V4_PROXY_ADMIN, signer);
      const proxy = await artifactFactory(V4_TRANSPARENT_PROXY, signer);
      return [String(admin.getDeployTransaction().data), String(proxy.getDeployTransaction(logic, signer.address, "0x").data)];
    },
    // 1.x: the network's plugin-managed ProxyAdmin (owned by the deployer), never one a factory would own.
    async deterministicProxyCreation(signer, f, args) {
      const implementation = await upgrades.deployImplementation(factory(f), TRANSPARENT);
      const admin = await upgrades.deployProxyAdmin(signer, {});
      const proxy = await artifactFactory(V4_TRANSPARENT_PROXY, signer);
      const initialize = factory(f).interface.encodeFunctionData("initialize", args);
      return String(proxy.getDeployTransaction(implementation, admin, initialize).data);
    },
  };
}

/** What hardhat-upgrades 1.x does with transparent proxies: validate, deploy, upgrade, import, and its managed ProxyAdmin. */
function upgrades1Proxies(
  upgrades: Upgrades1
): Pick<
  Stack,
  | "validateImplementation"
  | "validateUpgrade"
  | "deployProxy"
  | "upgradeProxy"
  | "prepareUpgrade"
  | "importProxy"
  | "managedProxyAdmin"
  | "ensureManagedProxyAdmin"
> {
  return {
    validateImplementation: (f) => upgrades.validateImplementation(factory(f), TRANSPARENT),
    validateUpgrade: (proxy, f) => upgrades.validateUpgrade(proxy, factory(f), TRANSPARENT),
    async deployProxy(f, args) {
      const proxy = await upgrades.deployProxy(factory(f), [...args], { ...TRANSPARENT, initializer: "initialize" });
      await proxy.deployed();
      return proxy.address;
    },
    async upgradeProxy(proxy, f) {
      const upgraded = await upgrades.upgradeProxy(proxy, factory(f), TRANSPARENT);
      await upgraded.deployed();
    },
    prepareUpgrade: (proxy, f) => upgrades.prepareUpgrade(proxy, factory(f), TRANSPARENT),
    importProxy: async (proxy, f) => void (await upgrades.forceImport(proxy, factory(f), TRANSPARENT)),
    ensureManagedProxyAdmin: (signer) => upgrades.deployProxyAdmin(signer, {}),
    async managedProxyAdmin() {
      let admin: { address: string; owner(): Promise<string> };
      try {
        admin = await upgrades.admin.getInstance();
      } catch (error) {
        if (/No ProxyAdmin was found/.test((error as Error).message)) return undefined;
        throw error;
      }
      try {
        return { address: admin.address, owner: await admin.owner() };
      } catch (error) {
        // The manifest names a ProxyAdmin this chain does not hold (a node started afresh): the
        // plugin deploys a new one, owned by the deployer.
        if ((error as { code?: unknown }).code === "CALL_EXCEPTION") return undefined;
        throw error;
      }
    },
  };
}

/** ethers 5 takes numbers as hex strings (and nonce and chainId as plain numbers). */
function ethers5Transaction(tx: UnsignedTransaction): object {
  const hex = (value: bigint) => `0x${value.toString(16)}`;
  const fees =
    tx.gasPrice !== undefined
      ? { type: 0, gasPrice: hex(tx.gasPrice) }
      : { type: 2, maxFeePerGas: hex(tx.maxFeePerGas ?? 0n), maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas ?? 0n) };
  return {
    chainId: Number(tx.chainId),
    nonce: Number(tx.nonce),
    ...(tx.to === null ? {} : { to: tx.to }),
    data: tx.data,
    value: hex(tx.value),
    gasLimit: hex(tx.gasLimit),
    ...fees,
  };
}
