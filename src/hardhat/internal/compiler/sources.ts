// Puts the package's own MultiAccount sources into a project's normal build when the project has
// none of its own, so `getContractFactory("MultiAccount")` and the upgrades plugin's validation work
// there without copying any .sol file. Hardhat 2 adds them to its source names, Hardhat 3 to
// `solidity.npmFilesToBuild`; the decision is the same and lives here.
import fs from "fs";
import path from "path";
import { DEFAULT_ACCOUNT_CONTRACT, DEFAULT_CONTRACT, PLUGIN_NAME } from "../../constants";
import type { MultiAccountConfig } from "../../config";

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

/**
 * Source names to add to the build: none when the project brings (or names) its own contracts.
 * `localFiles` are the project's Solidity files, as absolute paths.
 */
export function packageSourceNames(root: string, localFiles: readonly string[], config: MultiAccountConfig): string[] {
  if (!config.includeContracts) return [];
  if (config.contract !== DEFAULT_CONTRACT || config.accountContract !== DEFAULT_ACCOUNT_CONTRACT) return [];
  // Cheap check first: without the package installed there is nothing to add and no file to read.
  if (!packageInstalled(root)) return [];
  for (const file of localFiles) {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    if (DECLARES_OWN.test(text)) return [];
  }
  return [...PACKAGE_SOURCE_NAMES];
}

/** A compiler the package's contracts name in their pragma (`^0.8.20`): 0.8.20 or a later 0.8. */
function buildsPackageContracts(version: string): boolean {
  const match = /^0\.8\.(\d+)$/.exec(version.trim());
  return match !== null && Number(match[1]) >= 20;
}

/**
 * Why the package's contracts cannot compile beside the project's own, with the project's own
 * compilers (`versions`, as its `solidity` config lists them, left as they are), naming the fix; or
 * undefined when one of them is 0.8.20 or newer, or when `overridden` (the config's `overrides`
 * name one of the package's files: the project chose their compiler itself).
 */
export function packageCompilerProblem(versions: readonly string[], overridden: readonly string[] = []): string | undefined {
  if (versions.some(buildsPackageContracts)) return undefined;
  if (overridden.some((sourceName) => sourceName.startsWith(`${PLUGIN_NAME}/contracts/`))) return undefined;
  const yours = versions.length === 0 ? "none" : versions.join(", ");
  const kept = versions.length === 0 ? "" : `{ version: "${versions[versions.length - 1]}" }, `;
  return (
    `${PLUGIN_NAME}'s contracts (pragma ^0.8.20) compile with your project's compiler when it is 0.8.20 or newer; ` +
    `this project's solidity config has ${yours}. Add one beside yours in hardhat.config, for example ` +
    `solidity: { compilers: [${kept}{ version: "0.8.28" }] } (each file gets the newest compiler its pragma allows), ` +
    `and install solc@0.8.28 (npm install --save-dev --save-exact solc@0.8.28) to compile it offline; ` +
    `or set multiAccount.includeContracts: false and compile a MultiAccount and ProtocolPartyA of your own.`
  );
}

/** Every `.sol` file under the given folders (Hardhat 3 lists source folders, not files). */
export function solidityFilesIn(folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".sol")) files.push(full);
    }
  };
  folders.forEach(walk);
  return files;
}
