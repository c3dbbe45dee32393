// CreateX, the factory behind `--deterministic`: where it lives, how to tell its code from anything
// else at that address, its CREATE3 entry point, and putting it on a local Hardhat network from its
// keyless transaction (never with hardhat_setCode: its runtime holds an immutable, its own address,
// that a copied artifact leaves zeroed). See docs/contributing/design.md#same-address-on-every-chain.
import { InputError } from "../../errors";
import { CREATEX_KEYLESS_TRANSACTION } from "./createx-keyless";
import type { Chain } from "./reader";

export const CREATEX_ADDRESS = "0xba5Ed099633D3B313e4D5F7bdc1305d3c28ba5Ed";
/** keccak256 of CreateX's runtime code, the same on every chain (as Hardhat Ignition checks it). */
export const CREATEX_CODE_HASH = "0xbd8a7ea8cfca7b4e5f5041d7d4b17bc317c5ce42cfbc42066a00cf26b43eb53f";
/** The one-time sender of the keyless transaction (nobody holds its key). */
export const CREATEX_KEYLESS_SENDER = "0xeD456e05CaAb11d66C4c797dD6c1D6f9A7F352b5";
/** 3,000,000 gas at 100 gwei, plus headroom, as Ignition funds it. */
const KEYLESS_FUNDING = 400_000_000_000_000_000n;
/** Ignition's rule: only the default Hardhat chain id counts as a local network it may seed. */
export const LOCAL_HARDHAT_CHAIN_ID = 31337;
/** selector of deployCreate3(bytes32,bytes) */
const DEPLOY_CREATE3 = "0x9c36a286";

export type CreateXState = "present" | "absent" | "foreign";

export async function createXState(chain: Chain, keccak256: (data: string) => string): Promise<CreateXState> {
  const code = await chain.request<string>(`reading the code at ${CREATEX_ADDRESS}`, "eth_getCode", [CREATEX_ADDRESS, "latest"]);
  if (code === "0x" || code === "") return "absent";
  return keccak256(code) === CREATEX_CODE_HASH ? "present" : "foreign";
}

/** Calldata of CreateX's deployCreate3(salt, initCode): the contract is created at an address the init code does not change. */
export function deployCreate3Data(salt: string, initCode: string): string {
  const code = initCode.replace(/^0x/, "");
  const length = code.length / 2;
  const padded = code.padEnd(Math.ceil(length / 32) * 64, "0");
  const word = (n: number) => n.toString(16).padStart(64, "0");
  return `${DEPLOY_CREATE3}${salt.replace(/^0x/, "")}${word(64)}${word(length)}${padded}`;
}

/**
 * The init code inside calldata of CreateX's deployCreate3(salt, initCode), or undefined for other
 * calldata: what a contract created through CreateX was created from (its creation transaction's
 * input is the call to CreateX, not the contract's creation code).
 */
export function create3InitCode(data: string): string | undefined {
  const hex = data.replace(/^0x/, "").toLowerCase();
  if (!hex.startsWith(DEPLOY_CREATE3.slice(2)) || hex.length < 8 + 64 * 3) return undefined;
  const word = (index: number) => hex.slice(8 + index * 64, 8 + (index + 1) * 64);
  const offset = Number.parseInt(word(1), 16);
  if (offset !== 64) return undefined;
  const length = Number.parseInt(word(2), 16);
  const code = hex.slice(8 + 64 * 3, 8 + 64 * 3 + length * 2);
  return code.length === length * 2 ? `0x${code}` : undefined;
}

/** Sends CreateX's keyless transaction on a local Hardhat network (funding its sender first) and waits for the code. */
export async function deployCreateXKeyless(chain: Chain, keccak256: (data: string) => string): Promise<void> {
  await chain.request("funding CreateX's keyless sender", "hardhat_setBalance", [CREATEX_KEYLESS_SENDER, `0x${KEYLESS_FUNDING.toString(16)}`]);
  await chain.request("sending CreateX's keyless deployment", "eth_sendRawTransaction", [CREATEX_KEYLESS_TRANSACTION]);
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await createXState(chain, keccak256)) === "present") return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new InputError(`CreateX's keyless deployment was sent but no CreateX code appeared at ${CREATEX_ADDRESS}; run again once the node has mined it.`);
}

/** The label when --salt is not given. Fixed: changing it would move every default address. */
export const DEFAULT_SALT_LABEL = "MultiAccount";
/** CreateX's CREATE3 proxy: its init code hash goes into the CREATE2 address of that proxy. */
const CREATE3_PROXY_INIT_CODE = "0x67363d3d37363d34f03d5260086018f3";
const LABEL = /^[\x21-\x7e]{1,64}$/;

/** deployer (20 bytes) | 0x00 (no chain id in the salt: the same address on every chain) | keccak256(label)[0..11]. */
export function deterministicSalt(keccak256: (data: string) => string, deployer: string, label: string): string {
  if (!LABEL.test(label)) {
    throw new InputError(`Invalid --salt "${label}": give a label of 1 to 64 printable ASCII characters without spaces (default "${DEFAULT_SALT_LABEL}").`);
  }
  const labelHash = keccak256(`0x${Buffer.from(label, "utf8").toString("hex")}`);
  return `0x${deployer.replace(/^0x/, "").toLowerCase()}00${labelHash.slice(2, 24)}`;
}

/** Where CreateX's deployCreate3 puts a contract for `deployer` and this salt (its _guard, then CREATE2 and CREATE). */
export function deterministicAddress(keccak256: (data: string) => string, deployer: string, salt: string): string {
  const hex = (value: string) => value.replace(/^0x/, "").toLowerCase();
  const guarded = keccak256(`0x${hex(deployer).padStart(64, "0")}${hex(salt)}`);
  const create3Proxy = keccak256(`0xff${hex(CREATEX_ADDRESS)}${hex(guarded)}${hex(keccak256(CREATE3_PROXY_INIT_CODE))}`).slice(-40);
  return `0x${keccak256(`0xd694${create3Proxy}01`).slice(-40)}`;
}
