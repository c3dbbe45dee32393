// Puts the package's own MultiAccount sources into a project's normal build when the project has
// none of its own, so `getContractFactory("MultiAccount")` and the upgrades plugin's validation work
// there without copying any .sol file.
import fs from "fs";
import path from "path";
import { DEFAULT_ACCOUNT_CONTRACT, DEFAULT_CONTRACT, PLUGIN_NAME } from "../constants";
import type { MultiAccountConfig } from "../config";

export const PACKAGE_SOURCE_NAMES = [
  `${PLUGIN_NAME}/contracts/multiAccount/MultiAccount.sol`,
  `${PLUGIN_NAME}/contracts/multiAccount/ProtocolPartyA.sol`,
] as const;

const DECLARES_OWN = new RegExp(`\\bcontract\\s+(${DEFAULT_CONTRACT}|${DEFAULT_ACCOUNT_CONTRACT})\\b`);

function packageInstalled(root: string): boolean {
  try {
    require.resolve(`${PLUGIN_NAME}/package.json`, { paths: [root] });
    return true;
  } catch {
    return false;
  }
}

/** Source names to add to the build: none when the project brings (or names) its own contracts. */
export function packageSourceNames(root: string, localSourceNames: readonly string[], config: MultiAccountConfig): string[] {
  if (!config.includeContracts) return [];
  if (config.contract !== DEFAULT_CONTRACT || config.accountContract !== DEFAULT_ACCOUNT_CONTRACT) return [];
  // Cheap check first: without the package installed there is nothing to add and no file to read.
  if (!packageInstalled(root)) return [];
  for (const sourceName of localSourceNames) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, sourceName), "utf8");
    } catch {
      continue;
    }
    if (DECLARES_OWN.test(text)) return [];
  }
  return [...PACKAGE_SOURCE_NAMES];
}
