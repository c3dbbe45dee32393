// Puts CreateX on a test node the way it reaches any chain: its keyless transaction, sent as is.
import { CREATEX_KEYLESS_SENDER } from "../../../src/hardhat/internal/chains/createx";
import { CREATEX_KEYLESS_TRANSACTION } from "../../../src/hardhat/internal/chains/createx-keyless";
import type { LocalNode } from "./processes";

export async function putCreateX(node: LocalNode): Promise<void> {
  await node.rpc("hardhat_setBalance", [CREATEX_KEYLESS_SENDER, "0x58d15e176280000"]);
  await node.rpc("eth_sendRawTransaction", [CREATEX_KEYLESS_TRANSACTION]);
}
