// Gas estimate for the whole deployment, made before anything is sent: the implementation and what
// the upgrades plugin deploys with it (ProxyAdmin and proxy, or a proxy that creates its admin) are
// estimated by the node; `initialize` runs inside the proxy's constructor against an implementation
// that does not exist yet, so it is modelled from its storage writes and the size of the account
// bytecode it stores.
import type { RunContext } from "./lifecycle";
import type { StackFactory, StackSigner } from "../stack/types";

/** initialize: ~12 fresh storage slots, role events, and the CREATE of the bytecode data contract. */
const INITIALIZE_BASE_GAS = 360_000n;
/** Per byte of account bytecode: calldata (16), data contract code deposit (200), copying. */
const INITIALIZE_GAS_PER_BYTE = 230n;
/** CreateX's deployCreate3 around the proxy's creation: the call, its salt guard, the CREATE2 of its small proxy, the CREATE. */
const CREATE3_GAS = 120_000n;
/** Headroom for the node's gas price moving and estimation error. */
const MARGIN_PERCENT = 110n;

export async function estimateDeployment(
  run: RunContext,
  implementation: StackFactory,
  deployer: StackSigner,
  accountBytecode: string,
  anyContractAddress: string,
  deterministic = false
): Promise<bigint> {
  const { stack, host } = run;
  const estimate = (data: string) => host.chain.estimateGas(deployer.address, data);
  let total = await estimate(await stack.deployData(implementation, []));
  // The proxy constructor needs a contract as its logic; any contract will do for the estimate.
  for (const data of await stack.proxyCreations(deployer, anyContractAddress)) total += await estimate(data);
  const bytecodeBytes = BigInt((accountBytecode.length - 2) / 2);
  total += INITIALIZE_BASE_GAS + INITIALIZE_GAS_PER_BYTE * bytecodeBytes;
  if (deterministic) total += CREATE3_GAS;
  return (total * MARGIN_PERCENT) / 100n;
}

/** The price the deployer may be charged per gas: the configured one, else the node's max fee. */
export async function gasPriceFor(run: RunContext): Promise<bigint> {
  return run.host.network.gasPrice ?? (await run.host.chain.maxFeePerGas());
}
