// addresses:show: the addresses file as a table, with explorer links and a mark on addresses that
// have no code on the selected network; then who owns the MultiAccount proxy's ProxyAdmin, and a Safe
// upgrade of ours waiting for its owners.
import { loadAddresses, type AddressesFile } from "../../addresses";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT } from "../../constants";
import { readSafe } from "../chains/safe";
import { batchFileFor, batchedImplementation } from "../files/safe-batch";
import type { Host } from "./host";
import { createLogger, printTable } from "../output/log";
import type { RunEffects } from "./lifecycle";

export async function showAddresses(host: Host, options: { addressesFile: string; json: boolean }, effects: RunEffects = {}): Promise<AddressesFile> {
  const progress = effects.progress ?? { step: "starting" };
  const addresses = await showTable(host, options, { ...effects, progress });
  const proxy = addresses.multiAccountAddress;
  if (options.json || proxy === undefined || !host.stack().isAddress(proxy) || !(await host.chain.hasCode(proxy))) return addresses;
  progress.step = "reading who owns the proxy's ProxyAdmin";
  const log = createLogger(host.secrets, effects.logger);
  for (const line of await proxyAdminOwnership(host, proxy, options.addressesFile)) log.info(line);
  return addresses;
}

/** The proxy's ProxyAdmin and its owner (a Safe's threshold and nonce), and our Safe upgrade of it that waits, if any. */
async function proxyAdminOwnership(host: Host, proxy: string, addressesFile: string): Promise<string[]> {
  const stack = host.stack();
  const admin = await host.chain.addressInSlot(proxy, ADMIN_SLOT);
  if (/^0x0{40}$/.test(admin)) return [];
  const owner = await host.chain.ownerOf(admin);
  if (owner === undefined) return [`ProxyAdmin ${stack.getAddress(admin)} (no owner() to read)`];
  const safe = (await host.chain.hasCode(owner)) ? await readSafe(host.chain, owner) : undefined;
  const who =
    safe !== undefined
      ? `the Safe ${stack.getAddress(owner)} (Safe ${safe.version}, ${safe.threshold} of ${safe.owners.length} owners, nonce ${safe.nonce})`
      : stack.getAddress(owner);
  const lines = [`ProxyAdmin ${stack.getAddress(admin)}, owned by ${who}`];
  const file = batchFileFor(addressesFile, host.network.name);
  const implementation = batchedImplementation(file, proxy, admin);
  if (safe !== undefined && implementation !== undefined && (await host.chain.addressInSlot(proxy, IMPLEMENTATION_SLOT)) !== implementation) {
    lines.push(`Waiting for the Safe: the upgrade to ${stack.getAddress(implementation)} in ${file}`);
  }
  return lines;
}

async function showTable(host: Host, options: { addressesFile: string; json: boolean }, effects: RunEffects): Promise<AddressesFile> {
  const progress = effects.progress ?? { step: "starting" };
  progress.step = "checking the project's ethers and upgrades plugins";
  const stack = host.stack();
  const log = createLogger(host.secrets, effects.logger);
  progress.step = `loading the addresses file ${options.addressesFile}`;
  const addresses = loadAddresses(options.addressesFile);
  if (options.json) {
    log.info(JSON.stringify(addresses, null, 2));
    return addresses;
  }
  progress.step = "reading the chain id";
  const chainId = await host.chain.chainId();
  const browserUrl = host.explorer.browserUrl(chainId);
  const entries = Object.entries(addresses).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  log.info(`${options.addressesFile} on ${host.network.name} (chain ${chainId})`);
  if (entries.length === 0) {
    log.info(`(empty)`);
    return addresses;
  }
  progress.step = "reading the code at each address";
  const rows: string[][] = [["field", "address", "code", browserUrl === undefined ? "" : "explorer"]];
  for (const [field, value] of entries) {
    const isAddress = stack.isAddress(value);
    const code = isAddress ? ((await host.chain.hasCode(value)) ? "yes" : "NO CODE") : "not an address";
    rows.push([field, value, code, isAddress && browserUrl !== undefined ? `${browserUrl}/address/${value}` : ""]);
  }
  printTable(log, rows);
  return addresses;
}
