import type { HardhatRuntimeEnvironment } from "hardhat/types";

/** `path/File.sol:Name` for a bare or fully qualified contract name. */
export async function contractFqn(hre: HardhatRuntimeEnvironment, name: string): Promise<string> {
  if (name.includes(":")) return name;
  const artifact = await hre.artifacts.readArtifact(name);
  return `${artifact.sourceName}:${artifact.contractName}`;
}
