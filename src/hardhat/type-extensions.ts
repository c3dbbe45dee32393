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

// The tasks use `hre.ethers` and `hre.upgrades`; bring their types in without loading the plugins
// (type-only imports are erased, and the user's config loads the plugins themselves).
import type {} from "@nomiclabs/hardhat-ethers/internal/type-extensions";
import type {} from "@openzeppelin/hardhat-upgrades/dist/type-extensions";
