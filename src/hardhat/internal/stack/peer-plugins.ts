// "Importing multiaccount-kit/hardhat is the only line a project needs": when the upgrades plugin or
// the ethers plugin of the project's stack is installed but not imported, load it, as
// hardhat-upgrades itself loads hardhat-ethers. Loading the upgrades plugin also loads its ethers
// plugin and, when installed, its explorer plugin. Nothing is loaded across stacks: a project whose
// installed packages mix stacks is left alone and gets the stack error when a task runs.
import { SUPPORTED_STACKS } from "./choose";
import { installedPackage, loadedPackage, majorOf } from "./packages";

const ETHERS_PLUGINS = Object.values(SUPPORTED_STACKS).map((stack) => stack.ethersPlugin);

export interface PeerLoading {
  /** Loads a plugin's entry file. */
  load?: (entry: string) => void;
  /** The files this process has loaded (the require cache's keys). */
  loadedFiles?: () => string[];
}

/** Returns the names of the plugins it loaded. */
export function loadInstalledPeerPlugins(from: string, { load = require, loadedFiles = () => Object.keys(require.cache) }: PeerLoading = {}): string[] {
  const isLoaded = (name: string) => loadedPackage(name, loadedFiles()) !== undefined;
  const ethersMajor = majorOf(installedPackage("ethers", from)?.version);
  const stack = Object.values(SUPPORTED_STACKS).find((candidate) => candidate.ethersMajor === ethersMajor);
  if (stack === undefined) return [];
  const loaded: string[] = [];

  if (!isLoaded("@openzeppelin/hardhat-upgrades")) {
    const upgrades = installedPackage("@openzeppelin/hardhat-upgrades", from);
    if (upgrades !== undefined && majorOf(upgrades.version) === stack.upgradesMajor) {
      load(upgrades.entry);
      loaded.push(upgrades.name);
    }
  }
  if (!ETHERS_PLUGINS.some(isLoaded)) {
    const plugin = installedPackage(stack.ethersPlugin, from);
    if (plugin !== undefined) {
      load(plugin.entry);
      loaded.push(plugin.name);
    }
  }
  return loaded;
}
