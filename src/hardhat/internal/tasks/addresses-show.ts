// addresses:show: the addresses file as a table, with explorer links and a mark on addresses that
// have no code on the selected network.
import { loadAddresses, type AddressesFile } from "../../addresses";
import type { Host } from "./host";
import { createLogger, printTable } from "../output/log";
import type { RunEffects } from "./lifecycle";

export async function showAddresses(host: Host, options: { addressesFile: string; json: boolean }, effects: RunEffects = {}): Promise<AddressesFile> {
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
