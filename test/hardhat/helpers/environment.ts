// Loads a fixture project's Hardhat runtime in-process, as another project would, and unloads it
// afterwards so the next fixture starts clean.
import fs from "fs";
import path from "path";
import { resetHardhatContext } from "hardhat/plugins-testing";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

export const REPO_ROOT = path.resolve(__dirname, "../../..");
export const FIXTURES = path.join(REPO_ROOT, "test", "fixture-projects");
/** A Hardhat 2 config for `hardhat node` alone (`--config` it from any Hardhat 2 project): see the file. */
export const NODE_ONLY_CONFIG = path.join(FIXTURES, "node-only", "hardhat.config.js");

/** Makes `node_modules/multiaccount-kit` in the fixture point at this repository, as an install would. */
export function linkPackage(fixtureDir: string): void {
  const link = path.join(fixtureDir, "node_modules", "multiaccount-kit");
  fs.mkdirSync(path.dirname(link), { recursive: true });
  try {
    if (fs.readlinkSync(link) === path.relative(path.dirname(link), REPO_ROOT)) return;
    fs.unlinkSync(link);
  } catch {
    // no link yet
  }
  fs.symlinkSync(path.relative(path.dirname(link), REPO_ROOT), link, "dir");
}

/**
 * A copy of the deployer fixture at `project` (its sources and config; no build output, record or
 * upgrades manifest), with this repository's package.json and contracts as its installed
 * multiaccount-kit: a project of its own for a test that changes sources or builds, away from the
 * fixture the other tests share. Anything in `project`'s folder from an earlier run goes first.
 */
export function copyDeployerFixture(project: string): void {
  fs.rmSync(path.dirname(project), { recursive: true, force: true });
  fs.cpSync(path.join(FIXTURES, "deployer"), project, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|artifacts|cache|output|\.openzeppelin)$/.test(source),
  });
  const installed = path.join(project, "node_modules", "multiaccount-kit");
  fs.mkdirSync(installed, { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(installed, "package.json"));
  fs.cpSync(path.join(REPO_ROOT, "contracts"), path.join(installed, "contracts"), { recursive: true });
}

export interface Environment {
  hre: HardhatRuntimeEnvironment;
}

/** mocha hooks: before() loads the fixture with `env` set; after() restores cwd, env and context. */
export function useEnvironment(fixture: string, env: () => Record<string, string>, network = "hardhat"): Environment {
  const holder = {} as Environment;
  const previousCwd = process.cwd();
  let previousEnv: NodeJS.ProcessEnv;
  before(function () {
    previousEnv = { ...process.env };
    const dir = path.join(FIXTURES, fixture);
    linkPackage(dir);
    process.chdir(dir);
    Object.assign(process.env, env(), { HARDHAT_NETWORK: network });
    resetHardhatContext();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after chdir and resetHardhatContext, for this fixture project
    holder.hre = require("hardhat");
  });
  after(function () {
    resetHardhatContext();
    process.chdir(previousCwd);
    for (const key of Object.keys(process.env)) if (!(key in previousEnv)) delete process.env[key];
    Object.assign(process.env, previousEnv);
  });
  return holder;
}

/**
 * mocha hooks for a test of this repository's own project (hardhat.config.ts at the root): before()
 * loads it afresh. A file that took `hre` from `import hre from "hardhat"` at load time would keep
 * the runtime that the first useEnvironment() after it unloaded (its plugins gone from the require
 * cache), and fail or pass by the order the files run in.
 */
export function useRootEnvironment(): Environment {
  const holder = {} as Environment;
  before(function () {
    resetHardhatContext();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded afresh, after resetHardhatContext
    holder.hre = require("hardhat");
  });
  return holder;
}
