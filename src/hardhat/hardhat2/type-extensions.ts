// Adds the `multiAccount` section to Hardhat 2's config types. Nothing here names an ethers plugin:
// the tasks reach ethers only through the stack adapters, so both stacks compile against these types.
import "hardhat/types/config";
import type { MultiAccountConfig, MultiAccountUserConfig } from "../config";

declare module "hardhat/types/config" {
  interface HardhatUserConfig {
    multiAccount?: MultiAccountUserConfig;
  }
  interface HardhatConfig {
    multiAccount: MultiAccountConfig;
  }
}
