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

export function upgradesCoreArtifact(upgradesDir: string, artifactPath: string): Artifact {
  const file = require.resolve(`@openzeppelin/upgrades-core/artifacts/${artifactPath}`, { paths: [upgradesDir] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an artifact of the host's upgrades install, found at run time
  return require(file) as Artifact;
}
