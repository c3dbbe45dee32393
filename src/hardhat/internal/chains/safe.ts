// A Safe (Safe{Wallet}'s multisig, v1.3.0 and later) read over plain JSON-RPC, and the hash its owners
// sign for a transaction: the EIP-712 `SafeTx` hash that the Safe contract's own getTransactionHash
// returns, which Safe{Wallet} shows as the safeTxHash. No Safe SDK is needed for either.
import { MultiAccountKitError } from "../../errors";
import type { BatchTransaction } from "../files/safe-batch";
import type { Chain } from "./reader";
import type { TypedData } from "../stack/types";

/** What a Safe says of itself. Addresses lower-case. */
export interface SafeState {
  address: string;
  version: string;
  owners: string[];
  threshold: number;
  /** The nonce its next transaction must have. */
  nonce: bigint;
}

const SELECTORS = { getOwners: "0xa0e67e2b", getThreshold: "0xe75235b8", nonce: "0xaffed0e0", VERSION: "0xffa1ad74" } as const;
/** keccak256("EIP712Domain(uint256 chainId,address verifyingContract)"): the domain of Safe 1.3.0 and later. */
const DOMAIN_TYPEHASH = "47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218";
/** keccak256 of the SafeTx type (to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, nonce). */
const SAFE_TX_TYPEHASH = "bb8310d486368db6bd6f849402fdd73ad53d316b5a4b2644ad6efe0f941286d8";
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** A 32-byte ABI word of a uint or an address, without 0x. */
export function word(value: bigint | string): string {
  const hex = typeof value === "bigint" ? value.toString(16) : value.replace(/^0x/, "").toLowerCase();
  return hex.padStart(64, "0");
}

/** The Safe at `address`, or undefined when the contract there does not answer as a Safe (owners, threshold, nonce, version). */
export async function readSafe(chain: Pick<Chain, "request">, address: string): Promise<SafeState | undefined> {
  const call = async (data: string): Promise<string | undefined> => {
    try {
      const answer = await chain.request<string>(`asking ${address} whether it is a Safe`, "eth_call", [{ to: address, data }, "latest"]);
      return /^0x([0-9a-fA-F]{64})+$/.test(answer) ? answer.slice(2) : undefined;
    } catch (error) {
      if (error instanceof MultiAccountKitError) throw error;
      return undefined; // a revert: no such function
    }
  };
  const [owners, threshold, nonce, version] = await Promise.all([
    call(SELECTORS.getOwners),
    call(SELECTORS.getThreshold),
    call(SELECTORS.nonce),
    call(SELECTORS.VERSION),
  ]);
  if (owners === undefined || threshold === undefined || nonce === undefined || version === undefined) return undefined;
  const list = dynamicArray(owners)?.map((item) => `0x${item.slice(24)}`);
  const text = dynamicString(version);
  const count = Number(BigInt(`0x${threshold.slice(0, 64)}`));
  if (list === undefined || list.length === 0 || text === undefined || count < 1 || count > list.length) return undefined;
  return { address: address.toLowerCase(), version: text, owners: list, threshold: count, nonce: BigInt(`0x${nonce.slice(0, 64)}`) };
}

/** The words of an ABI-encoded `T[]` of static T returned alone; undefined when malformed. */
function dynamicArray(hex: string): string[] | undefined {
  const words = hex.match(/.{64}/g) ?? [];
  const offset = Number(BigInt(`0x${words[0] ?? "0"}`)) / 32;
  const length = Number(BigInt(`0x${words[offset] ?? "0"}`));
  if (!Number.isInteger(offset) || offset + 1 + length > words.length) return undefined;
  return words.slice(offset + 1, offset + 1 + length);
}

/** An ABI-encoded `string` returned alone; undefined when malformed. */
function dynamicString(hex: string): string | undefined {
  const words = hex.match(/.{64}/g) ?? [];
  const offset = Number(BigInt(`0x${words[0] ?? "0"}`)) / 32;
  const length = Number(BigInt(`0x${words[offset] ?? "0"}`));
  const bytes = hex.slice((offset + 1) * 64, (offset + 1) * 64 + length * 2);
  if (!Number.isInteger(offset) || bytes.length !== length * 2) return undefined;
  return Buffer.from(bytes, "hex").toString("utf8");
}

/** Whether a Safe's VERSION is 1.3.0 or later, whose transaction hash includes the chain id (the only kind supported). */
export function supportedSafeVersion(version: string): boolean {
  const [major, minor] = version.split(".").map(Number);
  return major > 1 || (major === 1 && minor >= 3);
}

/** A call the Safe makes (operation 0), with no gas refund: what Safe{Wallet} proposes for one transaction. */
export interface SafeCall {
  to: string;
  value: bigint;
  data: string;
}

/** The safeTxHash of `call` from the Safe `safe` on `chainId` at `nonce`: keccak256(0x1901 ‖ domainSeparator ‖ structHash). */
export function safeTransactionHash(keccak256: (hex: string) => string, chainId: number, safe: string, call: SafeCall, nonce: bigint): string {
  const hash = (hex: string) => keccak256(`0x${hex}`).slice(2);
  const domain = hash(DOMAIN_TYPEHASH + word(BigInt(chainId)) + word(safe));
  const fields = [
    word(call.to),
    word(call.value),
    hash(call.data.replace(/^0x/, "")),
    word(0n),
    word(0n),
    word(0n),
    word(0n),
    word(ZERO_ADDRESS),
    word(ZERO_ADDRESS),
    word(nonce),
  ];
  const struct = hash(SAFE_TX_TYPEHASH + fields.join(""));
  return keccak256(`0x1901${domain}${struct}`);
}

/** The SafeTx of `call` from the Safe on `chainId` at `nonce` as EIP-712 typed data: what an owner or delegate signs to propose it. */
export function safeTransactionTypedData(chainId: number, safe: string, call: SafeCall, nonce: bigint): TypedData {
  const field = (name: string, type: string) => ({ name, type });
  return {
    domain: { chainId, verifyingContract: safe },
    types: {
      SafeTx: [
        field("to", "address"),
        field("value", "uint256"),
        field("data", "bytes"),
        field("operation", "uint8"),
        field("safeTxGas", "uint256"),
        field("baseGas", "uint256"),
        field("gasPrice", "uint256"),
        field("gasToken", "address"),
        field("refundReceiver", "address"),
        field("nonce", "uint256"),
      ],
    },
    value: {
      ...call,
      value: call.value.toString(),
      operation: 0,
      safeTxGas: "0",
      baseGas: "0",
      gasPrice: "0",
      gasToken: ZERO_ADDRESS,
      refundReceiver: ZERO_ADDRESS,
      nonce: nonce.toString(),
    },
  };
}

/** The call a batch transaction makes, encoded from its method and values (addresses and an empty `bytes` only). */
export function encodeTransaction(keccak256: (hex: string) => string, tx: BatchTransaction): SafeCall {
  const { name, inputs } = tx.contractMethod;
  const signature = `${name}(${inputs.map((input) => input.type).join(",")})`;
  const selector = keccak256(`0x${Buffer.from(signature, "utf8").toString("hex")}`).slice(0, 10);
  const heads = inputs.map((input, i) => {
    const value = tx.contractInputsValues[input.name];
    if (input.type === "address") return word(value);
    if (input.type === "bytes" && value === "0x") return word(BigInt(32 * inputs.length));
    throw new Error(`cannot encode ${input.type} ${JSON.stringify(value)} (input ${i} of ${signature})`);
  });
  const tails = inputs.some((input) => input.type === "bytes") ? word(0n) : "";
  return { to: tx.to, value: BigInt(tx.value), data: `${selector}${heads.join("")}${tails}` };
}
