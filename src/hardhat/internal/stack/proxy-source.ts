// The source of a transparent proxy that upgrades-core's artifacts built, found from its init code:
// what an explorer needs to verify a proxy that --deterministic created through CreateX, whose
// creation transaction is the call to CreateX (the upgrades plugins read a proxy's constructor
// arguments from its creation transaction's input, and so do not find them there).
import { upgradesCoreArtifact } from "./parts";
import { V5_TRANSPARENT_PROXY } from "./ethers6";

/** keccak256("Upgraded(address)"): an EIP-1967 proxy's first log of it is in its creation transaction. */
export const UPGRADED_TOPIC = "0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b";

/** OpenZeppelin 5's proxy (the upgrades plugin 3.x, 4.x) and 4's (1.x), each with the build upgrades-core ships for it. */
const PROXIES = [
  { artifact: V5_TRANSPARENT_PROXY, build: "build-info-v5.json" },
  { artifact: "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json", build: "build-info.json" },
];

export interface ProxySource {
  /** `path/To.sol:Name`, as the build names it. */
  contractName: string;
  /** solc's standard JSON input. */
  input: object;
  /** `v0.8.29+commit.ab55807c`, as explorers take it. */
  compilerVersion: string;
  /** The constructor arguments, ABI-encoded, without 0x. */
  constructorArguments: string;
}

/** The upgrades-core proxy whose creation code `initCode` starts with, or undefined (another contract, or another build). */
export function upgradesProxySource(upgradesDir: string, initCode: string): ProxySource | undefined {
  const code = initCode.toLowerCase().replace(/^0x/, "");
  for (const candidate of PROXIES) {
    let artifact: { bytecode: string; sourceName: string; contractName: string };
    try {
      artifact = upgradesCoreArtifact(upgradesDir, candidate.artifact);
    } catch {
      continue;
    }
    const bytecode = artifact.bytecode.toLowerCase().replace(/^0x/, "");
    if (!code.startsWith(bytecode)) continue;
    const build = upgradesCoreArtifact(upgradesDir, candidate.build) as unknown as { input: object; solcLongVersion: string };
    return {
      contractName: `${artifact.sourceName}:${artifact.contractName}`,
      input: build.input,
      compilerVersion: `v${build.solcLongVersion}`,
      constructorArguments: code.slice(bytecode.length),
    };
  }
  return undefined;
}

/** What verification prints once such a proxy's source is verified (either Hardhat major). */
export function createdThroughCreateX(proxy: string, contractName: string): string {
  return `Verified the proxy ${proxy} (${contractName}), created through CreateX, with the constructor arguments of its init code.`;
}
