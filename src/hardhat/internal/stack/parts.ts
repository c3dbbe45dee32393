// What an adapter is built from: the ethers namespace and the upgrades object the host's plugins
// provide, and where the upgrades plugin is installed (its proxy artifacts come from its own
// @openzeppelin/upgrades-core, so that estimates price exactly what it deploys, and the drift check
// compares the chain's code with exactly what it deploys).
import { referencedRanges, type CompiledCode, type ImmutableReferences } from "../compiler/deployed-code";

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

interface BuildInfo {
  output: { contracts: Record<string, Record<string, { evm: { deployedBytecode: { immutableReferences?: ImmutableReferences } } }>> };
}

/**
 * The runtime code of a contract the upgrades plugin deploys, from its upgrades-core artifact, with
 * the immutables' ranges from the build info it was compiled in (`buildInfo`: build-info.json for
 * OpenZeppelin 4, build-info-v5.json for 5, both at upgrades-core's artifacts' top; a 1 MB file, read
 * only when asked). The build info names sources without upgrades-core's `-v5` folder suffix.
 */
export function upgradesCoreCode(upgradesDir: string, artifactPath: string, buildInfo: string): CompiledCode & { name: string } {
  const artifact = upgradesCoreArtifact(upgradesDir, artifactPath) as Artifact & { sourceName: string; contractName: string; deployedBytecode: string };
  return {
    name: `${artifact.sourceName}:${artifact.contractName}`,
    bytecode: artifact.deployedBytecode,
    async filledAtDeploy() {
      const info = upgradesCoreArtifact(upgradesDir, buildInfo) as unknown as BuildInfo;
      const output = info.output.contracts[artifact.sourceName.replace(/^@openzeppelin\/contracts-v5\//, "@openzeppelin/contracts/")]?.[artifact.contractName];
      return referencedRanges(undefined, output?.evm.deployedBytecode.immutableReferences);
    },
  };
}
