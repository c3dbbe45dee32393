// What an adapter is built from: the ethers namespace and the upgrades object the host's plugins
// provide, and where the upgrades plugin is installed (its proxy artifacts come from its own
// @openzeppelin/upgrades-core, so that estimates price exactly what it deploys).
export interface StackParts {
  ethers: unknown;
  ethersVersion: string;
  upgrades: unknown;
  upgradesDir: string;
  upgradesVersion: string;
}

export interface Artifact {
  abi: unknown[];
  bytecode: string;
}

/** An upgrades-core artifact, as Hardhat writes one: it names its source file and contract too. */
export interface NamedArtifact extends Artifact {
  sourceName: string;
  contractName: string;
}

export function upgradesCoreArtifact(upgradesDir: string, artifactPath: string): NamedArtifact {
  const file = require.resolve(`@openzeppelin/upgrades-core/artifacts/${artifactPath}`, { paths: [upgradesDir] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an artifact of the host's upgrades install, found at run time
  return require(file) as NamedArtifact;
}
