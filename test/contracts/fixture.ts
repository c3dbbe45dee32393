// Deploys the contracts the way the plugin does (upgrades.deployProxy, transparent) on the
// in-process Hardhat network, with a mock protocol and collateral.
import hre from "hardhat";
import type { BigNumberish, Contract, ContractFactory } from "ethers";
import type { SignerWithAddress } from "@nomiclabs/hardhat-ethers/signers";

export const { ethers, upgrades } = hre;

export interface Deployment {
  multiAccount: Contract;
  protocol: Contract;
  collateral: Contract;
  accountFactory: ContractFactory;
  admin: SignerWithAddress;
  alice: SignerWithAddress;
  bob: SignerWithAddress;
  carol: SignerWithAddress;
  accountBytecode: string;
}

export async function deployFixture(decimals = 6): Promise<Deployment> {
  const [admin, alice, bob, carol] = await ethers.getSigners();
  const collateral = await (await ethers.getContractFactory("MockCollateral")).deploy(decimals);
  const protocol = await (await ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
  const accountFactory = await ethers.getContractFactory("ProtocolPartyA");
  const MultiAccount = await ethers.getContractFactory("MultiAccount");
  const multiAccount = await upgrades.deployProxy(MultiAccount, [admin.address, protocol.address, accountFactory.bytecode], {
    kind: "transparent",
    initializer: "initialize",
  });
  await multiAccount.deployed();
  return {
    multiAccount,
    protocol,
    collateral,
    accountFactory,
    admin,
    alice,
    bob,
    carol,
    accountBytecode: accountFactory.bytecode,
  };
}

/** Adds an account for `user` and returns its address, read from the AddAccount event. */
export async function addAccount(multiAccount: Contract, user: SignerWithAddress, name = "main"): Promise<string> {
  const receipt = await (await multiAccount.connect(user).addAccount(name)).wait();
  const event = receipt.events?.find((e: { event?: string }) => e.event === "AddAccount");
  if (!event?.args) throw new Error("AddAccount event missing");
  return event.args.account as string;
}

/**
 * Snapshot-based isolation: each test starts from the same deployed state, and the chain is put
 * back as it was before the suite, so that later suites in the same mocha run (which may count the
 * plugin's transactions) never see this suite's implementation or ProxyAdmin.
 */
export function useSnapshot(): { deployment: () => Deployment } {
  let initial: string;
  let snapshot: string;
  let deployment: Deployment;
  before(async () => {
    initial = await ethers.provider.send("evm_snapshot", []);
    deployment = await deployFixture();
    snapshot = await ethers.provider.send("evm_snapshot", []);
  });
  beforeEach(async () => {
    await ethers.provider.send("evm_revert", [snapshot]);
    snapshot = await ethers.provider.send("evm_snapshot", []);
  });
  after(async () => {
    await ethers.provider.send("evm_revert", [initial]);
  });
  return { deployment: () => deployment };
}

/** Timestamp of the block that mined `tx`. */
export async function minedAt(tx: { wait(): Promise<{ blockNumber: number }> }): Promise<number> {
  const { blockNumber } = await tx.wait();
  return (await ethers.provider.getBlock(blockNumber)).timestamp;
}

/** The next transaction is mined at exactly `timestamp` (automine mines one block per transaction). */
export async function setNextBlockTimestamp(timestamp: number): Promise<void> {
  await ethers.provider.send("evm_setNextBlockTimestamp", [timestamp]);
}

/** Mints `amount` collateral to `user` and approves the MultiAccount for it. */
export async function fund(deployment: Deployment, user: SignerWithAddress, amount: BigNumberish): Promise<void> {
  await deployment.collateral.mint(user.address, amount);
  await deployment.collateral.connect(user).approve(deployment.multiAccount.address, amount);
}

/** The 4-byte selector of one MockProtocol function. */
export function selectorOf(contract: Contract, name: string): string {
  return contract.interface.getSighash(name);
}

/** A ProtocolPartyA handle on an account address. */
export function accountAt(deployment: Deployment, account: string): Contract {
  return deployment.accountFactory.attach(account);
}
