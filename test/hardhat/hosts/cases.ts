// What the host-project tests share: the stacks (with how each differs), the accounts and keys, and
// starting a `hardhat node` with a given chain id from a host without compiling it.
import fs from "fs";
import path from "path";
import type { HostProject } from "../helpers/hosts";
import { startNode, type LocalNode } from "../helpers/processes";
import { NODE_ONLY_CONFIG } from "../helpers/environment";

export const ADMIN = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** `hardhat node`'s first account (Hardhat's published test mnemonic): the deployer, signing locally as PRIVATE_KEY. */
export const NODE_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export const SECRET_KEY = "0x" + "5e".repeat(32);
export const API_KEY = "host-etherscan-key-42";
export const ADDRESS = /0x[0-9a-fA-F]{40}/;
export const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const OFFLINE_SOLC_LIST = path.join(__dirname, "..", "helpers", "offline-solc-list.js");

export interface StackCase {
  host: string;
  label: string;
  major: 2 | 3;
  /** Transactions a deployment sends: implementation, ProxyAdmin, proxy (1.x); implementation, proxy (3.x, 4.x). */
  deployTransactions: number;
  /** Node options the explorer plugin needs offline. */
  nodeArgs: string[];
  /** How to print a task's help. */
  help: (task: string) => string[];
  /** Hardhat 3 names npm sources with the package's version in the compiler input it submits. */
  sourceName: (host: HostProject) => string;
}

export const STACKS: StackCase[] = [
  {
    host: "ethers5",
    label: "the ethers 5 stack: Hardhat 2, @nomiclabs/hardhat-ethers 2, hardhat-etherscan 3, hardhat-upgrades 1.x",
    major: 2,
    deployTransactions: 3,
    nodeArgs: ["--require", OFFLINE_SOLC_LIST],
    help: (task) => ["help", task],
    sourceName: () => "multiaccount-kit/contracts",
  },
  {
    host: "ethers6",
    label: "the ethers 6 stack: Hardhat 2, hardhat-toolbox 6 (hardhat-ethers 3, hardhat-verify 2), hardhat-upgrades 3.x",
    major: 2,
    deployTransactions: 2,
    nodeArgs: [],
    help: (task) => ["help", task],
    sourceName: () => "multiaccount-kit/contracts",
  },
  {
    host: "hardhat3",
    label: "Hardhat 3: ESM config, hardhat-ethers 4, hardhat-verify 3, hardhat-upgrades 4.x, on Node 22 from the npm registry",
    major: 3,
    deployTransactions: 2,
    nodeArgs: [],
    help: (task) => [task, "--help"],
    sourceName: (host) => `npm/multiaccount-kit@${host.installedVersion}/contracts`,
  },
];

export const HARDHAT2_STACKS = STACKS.filter((stack) => stack.major === 2);

/**
 * `hardhat node` for `host`, running chain `chainId` (56 stands in for bsc). On Hardhat 2 the host's
 * config reads the chain id from FIXTURE_NODE_CHAIN_ID; Hardhat 3's node takes --chain-id, and runs
 * from an empty project beside the host, because Hardhat 3's node task builds its project first.
 */
export function startChain(host: HostProject, stack: StackCase, chainId: number): Promise<LocalNode> {
  if (stack.major === 3) {
    return startNode(host.dir, { node: host.node, globalArgs: ["--config", "node-only/hardhat.config.ts"], args: ["--chain-id", String(chainId)] });
  }
  return startNode(host.dir, { node: host.node, globalArgs: ["--config", NODE_ONLY_CONFIG], env: { FIXTURE_NODE_CHAIN_ID: String(chainId) } });
}

/** The artifact of the contract named `name` in the project's artifacts, if any. */
export function artifactFile(dir: string, name: string): string | undefined {
  const walk = (folder: string): string | undefined => {
    if (!fs.existsSync(folder)) return undefined;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const found = entry.isDirectory() ? walk(path.join(folder, entry.name)) : entry.name === `${name}.json` ? path.join(folder, entry.name) : undefined;
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(path.join(dir, "artifacts"));
}

/** Whether the project's artifacts hold a contract named `name`. */
export function compiled(dir: string, name: string): boolean {
  return artifactFile(dir, name) !== undefined;
}
