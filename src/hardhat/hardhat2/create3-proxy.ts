// Hardhat 2: the source of a proxy that --deterministic created through CreateX, verified before the
// upgrades plugin verifies the proxy. The upgrades plugin (1.x, 3.x) reads a proxy's constructor
// arguments from its creation transaction's input, which for that proxy is the call to CreateX; it
// then falls back to the explorer plugin, which finds the proxy among none of the project's contracts,
// and the proxy is left unverified. Verified here first with upgrades-core's build of it, it is found
// verified, and linked. Runs inside the routing (verification-routing.ts): the route's URL and key.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { IMPLEMENTATION_SLOT } from "../constants";
import { CREATEX_ADDRESS, create3InitCode } from "../internal/chains/createx";
import { firstLogTransaction, isVerifiedOn, submitSource } from "../internal/chains/etherscan-api";
import type { VerificationRoute } from "../internal/chains/explorers";
import { loadedPackage } from "../internal/stack/packages";
import { UPGRADED_TOPIC, createdThroughCreateX, upgradesProxySource } from "../internal/stack/proxy-source";

/** Verifies `address`'s source when it is a proxy CreateX created from upgrades-core's build; returns a line to print, or undefined. */
export async function verifyCreate3Proxy(hre: HardhatRuntimeEnvironment, route: VerificationRoute, address: string): Promise<string | undefined> {
  const upgrades = loadedPackage("@openzeppelin/hardhat-upgrades");
  const slot = String(await hre.network.provider.send("eth_getStorageAt", [address, IMPLEMENTATION_SLOT, "latest"]));
  if (upgrades === undefined || /^(0x)?0*$/.test(slot)) return undefined;
  const endpoint = { apiUrl: route.apiUrl, key: route.key };
  if (await isVerifiedOn(endpoint, address)) return undefined;
  const hash = await firstLogTransaction(endpoint, address, UPGRADED_TOPIC);
  const tx =
    hash === undefined ? null : ((await hre.network.provider.send("eth_getTransactionByHash", [hash])) as { to?: string | null; input?: string } | null);
  const initCode = tx?.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase() && tx.input !== undefined ? create3InitCode(tx.input) : undefined;
  const source = initCode === undefined ? undefined : upgradesProxySource(upgrades.dir, initCode);
  if (source === undefined) return undefined;
  const status = await submitSource(endpoint, { address, ...source });
  if (!status.success) throw new Error(`the explorer did not verify the proxy ${address} (${source.contractName}, created through CreateX): ${status.message}`);
  return createdThroughCreateX(address, source.contractName);
}
