// Gas estimate for the whole deployment, made before anything is sent: the implementation, the
// ProxyAdmin and the proxy are estimated by the node; `initialize` runs inside the proxy's
// constructor against an implementation that does not exist yet, so it is modelled from its
// storage writes and the size of the account bytecode it stores.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { BigNumber, type ContractFactory } from "ethers";
import { getProxyAdminFactory, getTransparentUpgradeableProxyFactory } from "@openzeppelin/hardhat-upgrades/dist/utils";
import { withNode } from "./network";

/** initialize: ~12 fresh storage slots, role events, and the CREATE of the bytecode data contract. */
const INITIALIZE_BASE_GAS = 360_000;
/** Per byte of account bytecode: calldata (16), data contract code deposit (200), copying. */
const INITIALIZE_GAS_PER_BYTE = 230;
/** Headroom for the node's gas price moving and estimation error. */
const MARGIN_PERCENT = 110;

export async function estimateDeployment(
  hre: HardhatRuntimeEnvironment,
  implementationFactory: ContractFactory,
  accountBytecode: string,
  anyContractAddress: string
): Promise<BigNumber> {
  const signer = implementationFactory.signer;
  const from = await signer.getAddress();
  const provider = hre.ethers.provider;
  const estimate = (data: string | undefined) =>
    withNode(hre, "estimating gas", () => provider.estimateGas({ from, data }));

  const implementation = await estimate(implementationFactory.getDeployTransaction().data as string);
  const adminFactory = await getProxyAdminFactory(hre, signer);
  const proxyAdmin = await estimate(adminFactory.getDeployTransaction().data as string);
  // The proxy constructor needs a contract as its logic; any contract will do for the estimate.
  const proxyFactory = await getTransparentUpgradeableProxyFactory(hre, signer);
  const proxy = await estimate(proxyFactory.getDeployTransaction(anyContractAddress, from, "0x").data as string);
  const bytecodeBytes = (accountBytecode.length - 2) / 2;
  const initialize = BigNumber.from(INITIALIZE_BASE_GAS + INITIALIZE_GAS_PER_BYTE * bytecodeBytes);

  return implementation.add(proxyAdmin).add(proxy).add(initialize).mul(MARGIN_PERCENT).div(100);
}

/** The price the deployer may be charged per gas: the configured one, else the node's max fee. */
export async function gasPriceFor(hre: HardhatRuntimeEnvironment): Promise<BigNumber> {
  const configured = (hre.network.config as { gasPrice?: unknown }).gasPrice;
  if (typeof configured === "number") return BigNumber.from(configured);
  const fees = await withNode(hre, "reading the gas price", () => hre.ethers.provider.getFeeData());
  return fees.maxFeePerGas ?? fees.gasPrice ?? BigNumber.from(0);
}
