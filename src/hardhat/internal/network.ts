// Network facts the tasks need before sending anything: is it live, who deploys, is it reachable,
// does an address hold code.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { SignerWithAddress } from "@nomiclabs/hardhat-ethers/signers";
import { MissingPrivateKeyError, NetworkUnreachableError } from "../errors";
import { urlOrigin } from "./redact";

const LOOPBACK = /^https?:\/\/(localhost|127(?:\.\d+){3}|\[::1\])(:\d+)?(\/|$)/i;

/** The in-process network and nodes on this machine are not live: no PRIVATE_KEY needed there. */
export function isLiveNetwork(hre: HardhatRuntimeEnvironment): boolean {
  const { name, config } = hre.network;
  if (name === "hardhat") return false;
  const url = (config as { url?: string }).url ?? "";
  return !LOOPBACK.test(url) && name !== "localhost" && name !== "docker";
}

function describeEndpoint(hre: HardhatRuntimeEnvironment): string {
  const url = (hre.network.config as { url?: string }).url;
  return url === undefined ? `network "${hre.network.name}"` : `network "${hre.network.name}" (${urlOrigin(url)})`;
}

/** Runs a read against the node, turning connection failures into one clear error. */
export async function withNode<T>(hre: HardhatRuntimeEnvironment, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNRESET|socket hang up|could not detect network|noNetwork|fetch failed|Cannot connect|connect E/i.test(message)) {
      throw new NetworkUnreachableError(
        `Cannot reach the JSON-RPC endpoint of ${describeEndpoint(hre)} while ${what}. ` +
          `Check the network's url (or <NETWORK>_RPC_URL in .env) and that the node is running; nothing was sent.`
      );
    }
    throw error;
  }
}

export interface NetworkInfo {
  name: string;
  chainId: number;
  live: boolean;
}

export async function networkInfo(hre: HardhatRuntimeEnvironment): Promise<NetworkInfo> {
  const chainId = await withNode(hre, "reading the chain id", async () =>
    Number(await hre.network.provider.send("eth_chainId", []))
  );
  return { name: hre.network.name, chainId, live: isLiveNetwork(hre) };
}

/** The first signer. On a live network without PRIVATE_KEY there is none: say how to fix it. */
export async function getDeployer(hre: HardhatRuntimeEnvironment): Promise<SignerWithAddress> {
  const accounts = (hre.network.config as { accounts?: unknown }).accounts;
  if (isLiveNetwork(hre) && Array.isArray(accounts) && accounts.length === 0) {
    throw new MissingPrivateKeyError(hre.network.name);
  }
  const signers = await withNode(hre, "reading the deployer account", () => hre.ethers.getSigners());
  if (signers.length === 0) throw new MissingPrivateKeyError(hre.network.name);
  return signers[0];
}

export async function hasCode(hre: HardhatRuntimeEnvironment, address: string): Promise<boolean> {
  const code = await withNode(hre, `reading the code at ${address}`, () => hre.ethers.provider.getCode(address));
  return code !== "0x";
}

/** Reads an address out of a 32-byte storage slot (ERC-1967). */
export async function readAddressSlot(hre: HardhatRuntimeEnvironment, address: string, slot: string): Promise<string> {
  const word = await withNode(hre, `reading storage of ${address}`, () => hre.ethers.provider.getStorageAt(address, slot));
  return hre.ethers.utils.getAddress(hre.ethers.utils.hexDataSlice(word, 12));
}
