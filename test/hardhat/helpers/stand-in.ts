// A protocol stand-in put on a node without compiling anything: a contract that answers 42 to every
// call. The deployment only needs code at the protocol address.
import type { LocalNode } from "./processes";

/** PUSH1 42 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN */
const RUNTIME = "602a60005260206000f3";
/** Copies RUNTIME (10 bytes, at offset 12) to memory and returns it. */
const INIT_CODE = `0x600a600c600039600a6000f3${RUNTIME}`;

export async function deployStandIn(node: LocalNode): Promise<string> {
  const [from] = await node.rpc<string[]>("eth_accounts");
  const hash = await node.rpc<string>("eth_sendTransaction", [{ from, data: INIT_CODE }]);
  const receipt = await node.rpc<{ contractAddress: string }>("eth_getTransactionReceipt", [hash]);
  return receipt.contractAddress;
}
