// Host projects: Hardhat projects of the stacks we support, each with its own package.json and
// lock file under test/fixture-projects/hosts/, installed the way a user installs them. Each is
// copied outside this repository (so nothing resolves to our own node_modules), installed with
// `npm ci`, and then given the packed tarball with a plain `npm install <tarball>`. The install is
// kept between runs on this machine, keyed by the lock file; the tarball is installed every time.
//
// A host that pins the npm `node` package (the Hardhat 3 one: Hardhat 3 needs Node 22, this machine
// has 20) runs on that Node.js, npm included: npm skips optional dependencies whose `engines` do not
// match the Node.js it runs on, and Hardhat 3's native EDR binaries say `node >= 22`. That Node.js
// is first fetched from the registry into a folder of its own, to run the host's `npm ci`.
import { execFile } from "child_process";
import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import { FIXTURES, REPO_ROOT } from "./environment";

export const HOSTS = path.join(FIXTURES, "hosts");
const WORK = path.join(os.tmpdir(), "multiaccount-kit-hosts");
const OUT = path.join(REPO_ROOT, "test-output");
/** What a run leaves in a host, cleared before the next one. */
const BUILD_OUTPUTS = ["artifacts", "cache", "custom-artifacts", "custom-cache", "typechain-types", "custom-typechain-types", "output", ".openzeppelin"];

/** This machine's npm (beside the Node.js running the tests, or the one `npm test` names), to run on any Node.js. */
const NPM_CLI = [path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js"), process.env.npm_execpath ?? ""].find(
  (file) => file.endsWith("npm-cli.js") && fs.existsSync(file)
)!;

function npm(args: string[], cwd: string, node?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
  if (node !== undefined) env.PATH = `${path.dirname(node)}${path.delimiter}${env.PATH ?? ""}`;
  return new Promise((resolve, reject) => {
    execFile(node ?? process.execPath, [NPM_CLI, ...args], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`npm ${args.join(" ")} in ${cwd} failed:\n${stdout}\n${stderr}`)) : resolve(stdout)
    );
  });
}

let packing: Promise<string> | undefined;

/** `npm pack` of this repository (which builds it first), once per test run. */
export function packedTarball(): Promise<string> {
  packing ??= (async () => {
    fs.mkdirSync(OUT, { recursive: true });
    const name = (await npm(["pack", "--silent", "--pack-destination", OUT], REPO_ROOT)).trim().split("\n").pop()!;
    return path.join(OUT, name);
  })();
  return packing;
}

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (source) => !/[\\/]node_modules([\\/]|$)/.test(source) });
}

type LockPackages = Record<string, { version?: string }>;

function lockedVersions(dir: string): Map<string, string> {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: LockPackages };
  const versions = new Map<string, string>();
  for (const [location, entry] of Object.entries(lock.packages)) if (location !== "" && entry.version) versions.set(location, entry.version);
  return versions;
}

/** Which shared folders of fixture-projects/hosts each host gets, before its own files. */
const SHARED: Record<string, string[]> = {
  "stack-a": ["common", "common-hardhat2"],
  "stack-b": ["common", "common-hardhat2"],
  hardhat3: ["common"],
  consumer: [],
};

const bootstrapping = new Map<string, Promise<string>>();

/** The binary of the npm `node` package of `version`, installed once into a folder of its own. */
function nodeBinary(version: string): Promise<string> {
  let binary = bootstrapping.get(version);
  if (binary === undefined) {
    binary = (async () => {
      const dir = path.join(WORK, `node-${version}`);
      const bin = path.join(dir, "node_modules", "node", "bin", "node");
      if (!fs.existsSync(bin)) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(
          path.join(dir, "package.json"),
          JSON.stringify({ name: "node-bootstrap", private: true, allowScripts: { [`node@${version}`]: true } })
        );
        await npm(["install", "--no-package-lock", `node@${version}`], dir);
      }
      return bin;
    })();
    bootstrapping.set(version, binary);
  }
  return binary;
}

export interface HostProject {
  name: string;
  dir: string;
  /** The Node.js binary the project runs on, when it pins one (the npm `node` package). */
  node?: string;
  /** Version of each of the project's own packages that the tarball's install changed (should be none). */
  changedVersions: string[];
  /** Packages the install added (the tarball and its own dependencies). */
  addedPackages: string[];
  installedVersion: string;
}

const preparing = new Map<string, Promise<HostProject>>();

/** The host project `name` (a folder of fixture-projects/hosts), installed with the packed tarball. */
export function prepareHost(name: string): Promise<HostProject> {
  let prepared = preparing.get(name);
  if (prepared === undefined) {
    prepared = install(name);
    preparing.set(name, prepared);
  }
  return prepared;
}

async function install(name: string): Promise<HostProject> {
  const fixture = path.join(HOSTS, name);
  // Keyed by this checkout too: two checkouts on one machine must not copy their files over each other's.
  const key = crypto
    .createHash("sha256")
    .update(REPO_ROOT)
    .update(fs.readFileSync(path.join(fixture, "package.json")))
    .update(fs.readFileSync(path.join(fixture, "package-lock.json")))
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(WORK, `${name}-${key}`);
  const pinnedNode = (JSON.parse(fs.readFileSync(path.join(fixture, "package.json"), "utf8")) as { devDependencies?: Record<string, string> }).devDependencies
    ?.node;
  const runtime = pinnedNode === undefined ? undefined : await nodeBinary(pinnedNode);
  const marker = path.join(dir, "node_modules", ".multiaccount-kit-host");
  if (!fs.existsSync(marker)) {
    // This checkout's installs of earlier lock files of this host are not needed any more.
    const mine = path.join(WORK, ".checkouts", `${name}-${crypto.createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 12)}`);
    if (fs.existsSync(mine)) fs.rmSync(path.join(WORK, fs.readFileSync(mine, "utf8")), { recursive: true, force: true });
    fs.mkdirSync(path.dirname(mine), { recursive: true });
    fs.writeFileSync(mine, path.basename(dir));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(fixture, file), path.join(dir, file));
    // `npm ci` refuses a lock that lacks some optional dependency of a package. This machine's
    // registry carries only the Linux x64 builds of Hardhat 3's EDR, so a lock written here lists
    // only those; `npm install` follows the same lock and skips the builds it cannot fetch.
    await npm([runtime === undefined ? "ci" : "install"], dir, runtime);
    fs.writeFileSync(marker, key);
  }
  for (const output of BUILD_OUTPUTS) fs.rmSync(path.join(dir, output), { recursive: true, force: true });
  // A kept install still holds the previous run's package, which its restored lock does not list;
  // npm then resolves the new tarball's peers against the old copy. Start from the lock's own tree.
  fs.rmSync(path.join(dir, "node_modules", "multiaccount-kit"), { recursive: true, force: true });
  fs.rmSync(path.join(dir, "node_modules", ".package-lock.json"), { force: true });
  for (const shared of SHARED[name] ?? ["common"]) copyTree(path.join(HOSTS, shared), dir);
  copyTree(fixture, dir);

  const before = lockedVersions(dir);
  await npm(["install", await packedTarball()], dir, runtime);
  const after = lockedVersions(dir);
  const changedVersions = [...before]
    .filter(([location, version]) => after.get(location) !== version)
    .map(([location, version]) => `${location} ${version} -> ${after.get(location)}`);
  const addedPackages = [...after.keys()].filter((location) => !before.has(location));
  const installedVersion = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "multiaccount-kit", "package.json"), "utf8")).version;
  const node = runtime === undefined ? undefined : path.join(dir, "node_modules", "node", "bin", "node");
  return { name, dir, node, changedVersions, addedPackages, installedVersion };
}
