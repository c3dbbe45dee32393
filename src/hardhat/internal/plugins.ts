import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { MultiAccountKitError } from "../errors";

/** The tasks build on hardhat-ethers and hardhat-upgrades, which the user's config loads. */
export function requirePeerPlugins(hre: HardhatRuntimeEnvironment, upgrades = true): void {
  const missing: string[] = [];
  if ((hre as { ethers?: unknown }).ethers === undefined) missing.push("@nomiclabs/hardhat-ethers");
  if (upgrades && (hre as { upgrades?: unknown }).upgrades === undefined) missing.push("@openzeppelin/hardhat-upgrades");
  if (missing.length > 0) {
    throw new MultiAccountKitError(
      `This task needs ${missing.join(" and ")}. Install ${missing.length > 1 ? "them" : "it"} and add ` +
        missing.map((name) => `import "${name}";`).join(" ") +
        ` to hardhat.config before import "multiaccount-kit/hardhat".`
    );
  }
}
