// Compiled by `tsc --noEmit` in the test: the plugin's type extensions reach a Hardhat 3 project that
// imports it, so the resolved config has a typed `multiAccount` section.
import type { HardhatConfig } from "hardhat/types/config";
import type {} from "multiaccount-kit/hardhat";

export function addressRecord(config: HardhatConfig): string {
  return config.multiAccount.addressesFile;
}
