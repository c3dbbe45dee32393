// Adds the `multiaccount-kit` config section to Hardhat 3's config types.
import type { MultiAccountConfig, MultiAccountUserConfig } from "../config.js";

import "hardhat/types/config";
declare module "hardhat/types/config" {
  interface HardhatUserConfig {
    multiAccount?: MultiAccountUserConfig;
  }

  interface HardhatConfig {
    multiAccount: MultiAccountConfig;
  }
}
