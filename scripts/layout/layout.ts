// MultiAccount's storage layout in the OpenZeppelin upgrades plugin's own form, the committed
// baselines it must stay compatible with, and the plugin's own comparison between the two.
import { promises as fs } from "fs";
import path from "path";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { readValidations } from "@openzeppelin/hardhat-upgrades/dist/utils/validations";
import { getStorageUpgradeReport, getStorageLayout, getVersion, withValidationDefaults, type StorageLayout } from "@openzeppelin/upgrades-core";

export const MULTI_ACCOUNT = "contracts/multiAccount/MultiAccount.sol:MultiAccount";

/** Where the baselines live, one file per released version, relative to the project root. */
export const BASELINE_DIR = "contracts/layout";

export interface LayoutBaseline {
  description: string;
  contract: string;
  version: string;
  layout: StorageLayout;
}

/**
 * The layout of `contract` (a fully qualified name) as compiled now, read the way
 * `upgrades.upgradeProxy` reads it: from the validations hardhat-upgrades writes on `hardhat compile`,
 * found by the artifact's bytecode, so a stale cache entry for older source never answers.
 */
export async function currentLayout(hre: HardhatRuntimeEnvironment, contract: string): Promise<StorageLayout> {
  const artifact = await hre.artifacts.readArtifact(contract);
  const validations = await readValidations(hre);
  return getStorageLayout(validations, getVersion(artifact.bytecode));
}

export function baselineFile(root: string, version: string): string {
  return path.join(root, BASELINE_DIR, `MultiAccount.v${version}.json`);
}

/** Every committed baseline, oldest version first. */
export async function readBaselines(root: string): Promise<{ file: string; baseline: LayoutBaseline }[]> {
  const dir = path.join(root, BASELINE_DIR);
  const names = (await fs.readdir(dir)).filter((name) => /^MultiAccount\.v\d+\.\d+\.\d+\.json$/.test(name));
  names.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, baseline: JSON.parse(await fs.readFile(file, "utf8")) as LayoutBaseline };
    })
  );
}

/**
 * The check `upgrade-multiaccount` runs before it upgrades a transparent proxy (hardhat-upgrades'
 * `assertStorageUpgradeSafe` with its default options): `undefined` when the upgrade is allowed,
 * otherwise the plugin's report, which names each offending variable and says why.
 */
export function storageUpgradeProblems(original: StorageLayout, updated: StorageLayout): string | undefined {
  const report = getStorageUpgradeReport(original, updated, withValidationDefaults({ kind: "transparent" }));
  return report.pass ? undefined : report.explain(false);
}
