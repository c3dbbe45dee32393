// The seam between the tasks and an ethers/upgrades stack. The tasks never touch ethers or the
// upgrades plugin directly: everything that differs between ethers 5 with hardhat-upgrades 1.x and
// ethers 6 with hardhat-upgrades 3.x sits behind this interface, one short file per stack.
// Amounts are always bigint here; each adapter converts to and from its own number type.
import type { CompiledCode } from "../compiler/deployed-code";

/** A signer of the stack (opaque to the tasks beyond its address). */
export interface StackSigner {
  readonly address: string;
}

/** A contract factory of the stack (opaque to the tasks beyond its creation bytecode). */
export interface StackFactory {
  /** Creation bytecode, 0x-prefixed. */
  readonly bytecode: string;
}

/** A transaction ready to sign: every field filled (legacy gasPrice, or the two EIP-1559 fees). */
export interface UnsignedTransaction {
  chainId: bigint;
  nonce: bigint;
  /** null for a contract creation. */
  to: string | null;
  data: string;
  value: bigint;
  gasLimit: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

export interface Stack {
  /** Which stack this is, for messages: "ethers 5 + @openzeppelin/hardhat-upgrades 1.28.0". */
  readonly description: string;

  isAddress(value: string): boolean;
  /** The checksummed form of an address that `isAddress` accepted. */
  getAddress(value: string): string;
  formatEther(wei: bigint): string;
  formatGwei(wei: bigint): string;

  /** The configured signers, first one first (the deployer). */
  signers(): Promise<StackSigner[]>;
  /** The address of a private key. */
  addressOf(privateKey: string): string;
  /** Signs locally: the signed bytes, and their hash (keccak256), known before anything is sent. */
  signTransaction(privateKey: string, tx: UnsignedTransaction): Promise<{ raw: string; hash: string }>;
  /** The hash of signed transaction bytes. */
  transactionHash(raw: string): string;

  contractFactory(name: string, signer?: StackSigner): Promise<StackFactory>;
  /** Creation data (bytecode plus encoded constructor arguments). */
  deployData(factory: StackFactory, args: readonly unknown[]): Promise<string>;
  /**
   * Creation data of every contract the upgrades plugin deploys for a transparent proxy besides the
   * implementation (a ProxyAdmin and the proxy on 1.x; the proxy, which creates its admin, on 3.x),
   * built against `logic` with no initializer call, for gas estimates.
   */
  proxyCreations(signer: StackSigner, logic: string): Promise<string[]>;

  validateImplementation(factory: StackFactory): Promise<void>;
  validateUpgrade(proxy: string, factory: StackFactory): Promise<void>;
  /**
   * Deploys implementation, admin and proxy with `initialize(...args)`, waits, returns the proxy.
   * `initialOwner` (OpenZeppelin 5 proxies) owns the new ProxyAdmin from its creation; OpenZeppelin 4's
   * shared ProxyAdmin is handed over before the proxy exists (ensureManagedProxyAdmin).
   */
  deployProxy(factory: StackFactory, args: readonly unknown[], initialOwner?: string): Promise<string>;
  /** Upgrades `proxy` to the factory's contract and waits for it. */
  upgradeProxy(proxy: string, factory: StackFactory): Promise<void>;
  /**
   * Deploys the factory's contract as `proxy`'s next implementation (or finds the one the upgrades
   * manifest already holds) without upgrading: for an upgrade the ProxyAdmin's owner sends. Its address.
   */
  prepareUpgrade(proxy: string, factory: StackFactory): Promise<string>;

  /** keccak256 of 0x-prefixed bytes. */
  keccak256(data: string): string;
  /**
   * For `--deterministic`: deploys the implementation (or reuses it, through the upgrades manifest)
   * and whatever admin the proxy needs, and returns the proxy's creation code with
   * `initialize(...args)` as its constructor data, for a factory to create.
   */
  deterministicProxyCreation(signer: StackSigner, factory: StackFactory, args: readonly unknown[], initialOwner?: string): Promise<string>;
  /** The EIP-712 signature (eth_signTypedData_v4) of `value` by `signer`, as a 65-byte hex string. */
  signTypedData(signer: StackSigner, typed: TypedData): Promise<string>;
  /** Sends a call from `signer` and waits for it to be mined; throws when it reverts. */
  sendCall(signer: StackSigner, to: string, data: string): Promise<void>;
  /** Sends creation code from `signer`, waits for it to be mined, and returns the new contract's address. */
  deployCode(signer: StackSigner, data: string): Promise<string>;
  /**
   * hardhat-upgrades 1.x only: the network's plugin-managed ProxyAdmin that a deterministic proxy
   * would get, and its owner, when the upgrades manifest has one (undefined when it has none).
   */
  managedProxyAdmin?(): Promise<{ address: string; owner: string } | undefined>;
  /** hardhat-upgrades 1.x only: the network's plugin-managed ProxyAdmin, deployed from `signer` when the manifest has none. Its address. */
  ensureManagedProxyAdmin?(signer: StackSigner): Promise<string>;
  /** Tells the upgrades plugin about a proxy it did not deploy, so that upgrades work as usual. */
  importProxy(proxy: string, factory: StackFactory): Promise<void>;
  /** The runtime code of the proxy and the ProxyAdmin this upgrades plugin deploys, for the drift check. */
  proxyContracts(): ProxyContracts;
}

/** A contract the upgrades plugin deploys: its fully qualified name and its runtime code. */
export type NamedCode = CompiledCode & { readonly name: string };

export interface ProxyContracts {
  /**
   * 4: hardhat-upgrades 1.x's TransparentUpgradeableProxy and ProxyAdmin (the admin deployed on its
   * own). 5: 3.x/4.x's, whose proxy creates its ProxyAdmin and keeps the admin's address as an
   * immutable.
   */
  readonly openZeppelin: 4 | 5;
  readonly proxy: NamedCode;
  readonly admin: NamedCode;
}

/** EIP-712 typed data, without its EIP712Domain type (the libraries derive it from the domain). */
export interface TypedData {
  domain: { chainId: number; verifyingContract: string };
  types: Record<string, Array<{ name: string; type: string }>>;
  value: Record<string, unknown>;
}
