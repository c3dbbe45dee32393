// The ethers 6 stack, hardhat-toolbox 6's (and 5's): ethers 6 through @nomicfoundation/hardhat-ethers 3, and
// @openzeppelin/hardhat-upgrades 3.x, which deploys an OpenZeppelin 5.x TransparentUpgradeableProxy
// whose constructor creates its own ProxyAdmin, owned by the deployer.
import type { Stack, StackFactory, StackSigner } from "./types";
import { upgradesCoreArtifact, upgradesCoreCode, type StackParts } from "./parts";

interface Factory6 extends StackFactory {
  getDeployTransaction(...args: unknown[]): Promise<{ data: string }>;
}
interface Factory6 extends StackFactory {
  interface: { encodeFunctionData(name: string, args: readonly unknown[]): string };
}
interface Signer6 extends StackSigner {
  sendTransaction(tx: { to?: string; data: string }): Promise<{ wait(): Promise<{ contractAddress?: string | null } | null> }>;
  signTypedData(domain: object, types: object, value: object): Promise<string>;
}
interface Contract6 {
  waitForDeployment(): Promise<unknown>;
  getAddress(): Promise<string>;
}
interface Ethers6 {
  isAddress(value: string): boolean;
  getAddress(value: string): string;
  formatEther(wei: bigint): string;
  formatUnits(wei: bigint, unit: string): string;
  keccak256(data: string): string;
  Wallet: new (privateKey: string) => { address: string; signTransaction(tx: object): Promise<string> };
  getSigners(): Promise<StackSigner[]>;
  getContractFactory(nameOrAbi: unknown, bytecodeOrSigner?: unknown, signer?: unknown): Promise<Factory6>;
}
interface Upgrades3 {
  deployProxy(factory: Factory6, args: unknown[], opts: object): Promise<Contract6>;
  upgradeProxy(proxy: string, factory: Factory6, opts: object): Promise<Contract6>;
  prepareUpgrade(proxy: string, factory: Factory6, opts: object): Promise<string>;
  validateImplementation(factory: Factory6, opts: object): Promise<void>;
  validateUpgrade(proxy: string, factory: Factory6, opts: object): Promise<void>;
  deployImplementation(factory: Factory6, opts: object): Promise<string>;
  forceImport(proxy: string, factory: Factory6, opts: object): Promise<unknown>;
}

const TRANSPARENT = { kind: "transparent" } as const;
export const V5_TRANSPARENT_PROXY = "@openzeppelin/contracts-v5/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";
const V5_PROXY_ADMIN = "@openzeppelin/contracts-v5/proxy/transparent/ProxyAdmin.sol/ProxyAdmin.json";

/** Sends creation code from `signer`, waits for it, and returns the new contract's address. */
async function deployCode(signer: StackSigner, data: string): Promise<string> {
  const receipt = await (await (signer as Signer6).sendTransaction({ data })).wait();
  if (typeof receipt?.contractAddress !== "string") throw new Error("the creation's receipt names no contract address");
  return receipt.contractAddress;
}

/** Signers, keys, and what they sign and send. */
function ethers6Signing(ethers: Ethers6): Pick<Stack, "signers" | "addressOf" | "signTransaction" | "transactionHash" | "sendCall" | "signTypedData"> {
  return {
    signers: () => ethers.getSigners(),
    addressOf: (key) => new ethers.Wallet(key).address,
    async signTransaction(key, tx) {
      const { gasPrice, maxFeePerGas, maxPriorityFeePerGas, to, ...rest } = tx;
      const fees = gasPrice !== undefined ? { type: 0, gasPrice } : { type: 2, maxFeePerGas, maxPriorityFeePerGas };
      const raw = await new ethers.Wallet(key).signTransaction({ ...rest, ...(to === null ? {} : { to }), ...fees });
      return { raw, hash: ethers.keccak256(raw) };
    },
    transactionHash: (raw) => ethers.keccak256(raw),
    async sendCall(signer, to, data) {
      await (await (signer as Signer6).sendTransaction({ to, data })).wait();
    },
    signTypedData: (signer, { domain, types, value }) => (signer as Signer6).signTypedData(domain, types, value),
  };
}

export function ethers6Stack(parts: StackParts): Stack {
  const ethers = parts.ethers as Ethers6;
  const upgrades = parts.upgrades as Upgrades3;
  const factory = (f: StackFactory) => f as Factory6;

  return {
    description: `ethers ${parts.ethersVersion} + @openzeppelin/hardhat-upgrades ${parts.upgradesVersion}`,
    isAddress: (value) => ethers.isAddress(value),
    getAddress: (value) => ethers.getAddress(value),
    formatEther: (wei) => ethers.formatEther(wei),
    formatGwei: (wei) => ethers.formatUnits(wei, "gwei"),
    ...ethers6Signing(ethers),
    contractFactory: (name, signer) => ethers.getContractFactory(name, signer),
    deployData: async (f, args) => (await factory(f).getDeployTransaction(...args)).data,
    async proxyCreations(signer, logic) {
      const artifact = upgradesCoreArtifact(parts.upgradesDir, V5_TRANSPARENT_PROXY);
      const proxy = await ethers.getContractFactory(artifact.abi, artifact.bytecode, signer);
      return [(await proxy.getDeployTransaction(logic, signer.address, "0x")).data];
    },
    validateImplementation: (f) => upgrades.validateImplementation(factory(f), TRANSPARENT),
    validateUpgrade: (proxy, f) => upgrades.validateUpgrade(proxy, factory(f), TRANSPARENT),
    async deployProxy(f, args, initialOwner) {
      const owner = initialOwner === undefined ? {} : { initialOwner };
      const proxy = await upgrades.deployProxy(factory(f), [...args], { ...TRANSPARENT, initializer: "initialize", ...owner });
      await proxy.waitForDeployment();
      return proxy.getAddress();
    },
    async upgradeProxy(proxy, f) {
      const upgraded = await upgrades.upgradeProxy(proxy, factory(f), TRANSPARENT);
      await upgraded.waitForDeployment();
    },
    prepareUpgrade: (proxy, f) => upgrades.prepareUpgrade(proxy, factory(f), TRANSPARENT),
    keccak256: (data) => ethers.keccak256(data),
    // 3.x/4.x: an OpenZeppelin 5 proxy, whose constructor creates its ProxyAdmin owned by the address passed (the deployer's by default).
    async deterministicProxyCreation(signer, f, args, initialOwner) {
      const implementation = await upgrades.deployImplementation(factory(f), TRANSPARENT);
      const artifact = upgradesCoreArtifact(parts.upgradesDir, V5_TRANSPARENT_PROXY);
      const proxy = await ethers.getContractFactory(artifact.abi, artifact.bytecode, signer);
      const initialize = factory(f).interface.encodeFunctionData("initialize", args);
      return (await proxy.getDeployTransaction(implementation, initialOwner ?? signer.address, initialize)).data;
    },
    deployCode,
    importProxy: async (proxy, f) => void (await upgrades.forceImport(proxy, factory(f), TRANSPARENT)),
    proxyContracts: () => ({
      openZeppelin: 5,
      proxy: upgradesCoreCode(parts.upgradesDir, V5_TRANSPARENT_PROXY, "build-info-v5.json"),
      admin: upgradesCoreCode(parts.upgradesDir, V5_PROXY_ADMIN, "build-info-v5.json"),
    }),
  };
}
