// Adds the `multiAccount` section to Hardhat's config types.
import "hardhat/types/config";
import type { MultiAccountConfig, MultiAccountUserConfig } from "./config";

declare module "hardhat/types/config" {
  interface HardhatUserConfig {
    multiAccount?: MultiAccountUserConfig;
  }
  interface HardhatConfig {
    multiAccount: MultiAccountConfig;
  }
}
