// addresses:show: the address record as a table, with explorer links and a mark on addresses that
// have no code on the selected network.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { loadAddresses, type AddressesRecord } from "../addresses";
import { hasCode, networkInfo } from "./network";
import { requirePeerPlugins } from "./plugins";
import { createLogger, explorerUrl, type Logger } from "./output";

export async function showAddresses(
  hre: HardhatRuntimeEnvironment,
  options: { addressesFile: string; json: boolean },
  effects: { logger?: Logger } = {}
): Promise<AddressesRecord> {
  requirePeerPlugins(hre, false);
  const log = createLogger(hre, effects.logger);
  const record = loadAddresses(options.addressesFile);
  if (options.json) {
    log.info(JSON.stringify(record, null, 2));
    return record;
  }
  const network = await networkInfo(hre);
  const explorer = explorerUrl(hre, network.chainId);
  const entries = Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  log.info(`${options.addressesFile} on ${network.name} (chain ${network.chainId})`);
  if (entries.length === 0) {
    log.info(`(empty)`);
    return record;
  }
  const rows: string[][] = [["field", "address", "code", explorer === undefined ? "" : "explorer"]];
  for (const [field, value] of entries) {
    const isAddress = hre.ethers.utils.isAddress(value);
    const code = isAddress ? ((await hasCode(hre, value)) ? "yes" : "NO CODE") : "not an address";
    rows.push([field, value, code, isAddress && explorer !== undefined ? `${explorer}/address/${value}` : ""]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const [index, row] of rows.entries()) {
    log.info(row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd());
    if (index === 0) log.info(widths.map((width) => "-".repeat(width)).join("  ").trimEnd());
  }
  return record;
}
