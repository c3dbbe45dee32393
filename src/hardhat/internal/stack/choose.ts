// Which adapter serves the project, decided once from what the runtime holds. A pure function of
// what was observed, so that every combination (including the broken ones) is unit-tested.
import { majorOf, type PackageInfo } from "./packages";

export type StackKind = "ethers5" | "ethers6";

export interface Observed {
  /** Version of the ethers library behind the loaded ethers plugin (or installed, when it would not load). */
  ethersVersion?: string;
  /** The hardhat-ethers plugins this process has loaded. */
  ethersPlugins: readonly PackageInfo[];
  /** The upgrades plugin this process has loaded. */
  upgrades?: PackageInfo;
  /** What reading `hre.ethers` threw, when it did. */
  ethersError?: string;
}

interface StackRequirement {
  label: string;
  ethersMajor: number;
  ethersPlugin: string;
  upgradesMajor: number;
  packages: string;
  imports: string;
  install: string;
}

export const SUPPORTED_STACKS: Record<StackKind, StackRequirement> = {
  ethers5: {
    label: "The ethers 5 stack (@nomiclabs plugins)",
    ethersMajor: 5,
    ethersPlugin: "@nomiclabs/hardhat-ethers",
    upgradesMajor: 1,
    packages: "ethers 5, @nomiclabs/hardhat-ethers 2, @nomiclabs/hardhat-etherscan 3, @openzeppelin/hardhat-upgrades 1.x",
    imports: `import "@nomiclabs/hardhat-ethers"; import "@nomiclabs/hardhat-etherscan"; import "@openzeppelin/hardhat-upgrades";`,
    install: "npm install --save-dev ethers@^5.7.2 @nomiclabs/hardhat-ethers@^2.2.3 @nomiclabs/hardhat-etherscan@^3.1.8 @openzeppelin/hardhat-upgrades@^1.28.0",
  },
  ethers6: {
    label: "The ethers 6 stack (hardhat-toolbox 6 or 5)",
    ethersMajor: 6,
    ethersPlugin: "@nomicfoundation/hardhat-ethers",
    upgradesMajor: 3,
    packages: "ethers 6, @nomicfoundation/hardhat-ethers 3, @nomicfoundation/hardhat-verify 2, @openzeppelin/hardhat-upgrades 3.x",
    imports: `import "@nomicfoundation/hardhat-toolbox"; import "@openzeppelin/hardhat-upgrades";`,
    // Only the upgrades plugin: the stack matched on the ethers plugin the project has, whose toolbox
    // (5 or 6) an install naming it would move.
    install: "npm install --save-dev @openzeppelin/hardhat-upgrades@^3",
  },
};

function describe(observed: Observed): string {
  const parts: string[] = [];
  parts.push(observed.ethersVersion ? `ethers ${observed.ethersVersion.replace(/^ethers\//, "")}` : "no ethers library");
  if (observed.ethersPlugins.length === 0) parts.push("no hardhat-ethers plugin loaded");
  for (const plugin of observed.ethersPlugins) parts.push(`${plugin.name} ${plugin.version}`);
  parts.push(observed.upgrades ? `${observed.upgrades.name} ${observed.upgrades.version}` : "no @openzeppelin/hardhat-upgrades loaded");
  return parts.join(", ");
}

function supportedList(): string {
  return Object.values(SUPPORTED_STACKS)
    .map((stack) => `  ${stack.label}: ${stack.packages}.\n    In hardhat.config: ${stack.imports}`)
    .join("\n");
}

export type Choice = { kind: StackKind } | { problem: string };

export function chooseStack(observed: Observed): Choice {
  const major = majorOf(observed.ethersVersion);
  const plugins = observed.ethersPlugins.map((plugin) => plugin.name);
  const upgradesMajor = majorOf(observed.upgrades?.version);
  const found = `This project has ${describe(observed)}${observed.ethersError ? ` (reading hre.ethers failed: ${observed.ethersError})` : ""}.`;

  for (const [kind, stack] of Object.entries(SUPPORTED_STACKS) as Array<[StackKind, StackRequirement]>) {
    const ethersMatch = major === stack.ethersMajor && plugins.length === 1 && plugins[0] === stack.ethersPlugin;
    if (!ethersMatch || observed.ethersError !== undefined) continue;
    if (upgradesMajor === stack.upgradesMajor) return { kind };
    if (observed.upgrades === undefined) {
      return {
        problem:
          `multiaccount-kit deploys through @openzeppelin/hardhat-upgrades, which is not installed. ${found}\n` +
          `For ${stack.label}, run \`${stack.install}\` and add: ${stack.imports}`,
      };
    }
  }
  return {
    problem:
      `multiaccount-kit supports two Hardhat 2 stacks, and this project matches neither. ${found}\n` +
      `${supportedList()}\n` +
      `Install the packages of one stack (and only one hardhat-ethers plugin), and put its imports before import "multiaccount-kit/hardhat".`,
  };
}
