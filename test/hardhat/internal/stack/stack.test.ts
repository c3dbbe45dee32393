// The stack seam: which adapter a project gets (every combination, broken ones included), loading
// installed-but-not-imported plugins, and the net that turns an unforeseen error into a clear one.
import { expect } from "chai";
import { useRootEnvironment } from "../../helpers/environment";
import fs from "fs";
import os from "os";
import path from "path";
import { chooseStack, type Observed } from "../../../../src/hardhat/internal/stack/choose";
import { loadInstalledPeerPlugins } from "../../../../src/hardhat/internal/stack/peer-plugins";
import type { PackageInfo } from "../../../../src/hardhat/internal/stack/packages";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import { deployMultiAccount } from "../../../../src/hardhat/internal/tasks/deploy";
import { runTask } from "../../../../src/hardhat/internal/tasks/lifecycle";
import type { Host } from "../../../../src/hardhat/internal/tasks/host";
import { InputError, UnexpectedError } from "../../../../src/hardhat/errors";

const pkg = (name: string, version: string): PackageInfo => ({ name, version, dir: `/p/node_modules/${name}` });
const NOMICLABS = pkg("@nomiclabs/hardhat-ethers", "2.2.3");
const NOMICFOUNDATION = pkg("@nomicfoundation/hardhat-ethers", "3.1.3");
const UPGRADES_1 = pkg("@openzeppelin/hardhat-upgrades", "1.28.0");
const UPGRADES_3 = pkg("@openzeppelin/hardhat-upgrades", "3.9.1");

function problemOf(observed: Observed): string {
  const choice = chooseStack(observed);
  expect(choice, JSON.stringify(choice)).to.have.property("problem");
  return (choice as { problem: string }).problem;
}

describe("choosing the stack adapter", () => {
  it("the ethers 5 stack: ethers 5 through @nomiclabs/hardhat-ethers with hardhat-upgrades 1.x", () => {
    expect(chooseStack({ ethersVersion: "ethers/5.8.0", ethersPlugins: [NOMICLABS], upgrades: UPGRADES_1 })).to.deep.equal({ kind: "ethers5" });
  });

  it("the ethers 6 stack: ethers 6 through @nomicfoundation/hardhat-ethers with hardhat-upgrades 3.x", () => {
    expect(chooseStack({ ethersVersion: "6.17.0", ethersPlugins: [NOMICFOUNDATION], upgrades: UPGRADES_3 })).to.deep.equal({ kind: "ethers6" });
  });

  it("neither stack loaded: names what it found, both stacks and their import lines", () => {
    const problem = problemOf({ ethersVersion: undefined, ethersPlugins: [] });
    expect(problem).to.include("This project has no ethers library, no hardhat-ethers plugin loaded, no @openzeppelin/hardhat-upgrades loaded.");
    expect(problem).to.include(`import "@nomiclabs/hardhat-ethers"; import "@nomiclabs/hardhat-etherscan"; import "@openzeppelin/hardhat-upgrades";`);
    expect(problem).to.include(`import "@nomicfoundation/hardhat-toolbox"; import "@openzeppelin/hardhat-upgrades";`);
    expect(problem).to.match(/The ethers 5 stack \(@nomiclabs plugins\): ethers 5, .*The ethers 6 stack \(hardhat-toolbox 6 or 5\): ethers 6, /s);
  });

  it("a mix: ethers 6 with @nomiclabs/hardhat-ethers, whose hre.ethers fails to build", () => {
    const problem = problemOf({
      ethersVersion: "6.17.0",
      ethersPlugins: [NOMICLABS],
      upgrades: UPGRADES_1,
      ethersError: "Cannot read properties of undefined (reading 'JsonRpcProvider')",
    });
    expect(problem).to.include("matches neither");
    expect(problem).to.include("ethers 6.17.0, @nomiclabs/hardhat-ethers 2.2.3, @openzeppelin/hardhat-upgrades 1.28.0");
    expect(problem).to.include("reading hre.ethers failed: Cannot read properties of undefined (reading 'JsonRpcProvider')");
  });

  it("a mix: ethers 5 with @nomicfoundation/hardhat-ethers", () => {
    expect(problemOf({ ethersVersion: "ethers/5.8.0", ethersPlugins: [NOMICFOUNDATION], upgrades: UPGRADES_3 })).to.include(
      "ethers 5.8.0, @nomicfoundation/hardhat-ethers 3.1.3, @openzeppelin/hardhat-upgrades 3.9.1"
    );
  });

  it("a mix: both hardhat-ethers plugins loaded", () => {
    expect(problemOf({ ethersVersion: "6.17.0", ethersPlugins: [NOMICLABS, NOMICFOUNDATION], upgrades: UPGRADES_3 })).to.include(
      "only one hardhat-ethers plugin"
    );
  });

  it("a mix: the right ethers plugin with the other stack's upgrades plugin", () => {
    expect(problemOf({ ethersVersion: "6.17.0", ethersPlugins: [NOMICFOUNDATION], upgrades: UPGRADES_1 })).to.include("matches neither");
    expect(problemOf({ ethersVersion: "ethers/5.8.0", ethersPlugins: [NOMICLABS], upgrades: UPGRADES_3 })).to.include("matches neither");
  });

  it("a stack without hardhat-upgrades: says how to install it for that stack", () => {
    const problem = problemOf({ ethersVersion: "6.17.0", ethersPlugins: [NOMICFOUNDATION] });
    expect(problem).to.include("@openzeppelin/hardhat-upgrades, which is not installed");
    expect(problem).to.include("run `npm install --save-dev @openzeppelin/hardhat-upgrades@^3`");
    // The project's toolbox (5 or 6) is not named, so the install never moves it.
    expect(problem).to.not.include("hardhat-toolbox@");
  });
});

describe("loading installed plugins that the config does not import", () => {
  let root: string;
  const install = (name: string, version: string) => {
    const dir = path.join(root, "node_modules", name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js" }));
    fs.writeFileSync(path.join(dir, "index.js"), "");
  };
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), "mak-peers-"))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function load(alreadyLoaded: string[] = []) {
    const loaded = alreadyLoaded.map((name) => path.join(root, "node_modules", name, "index.js"));
    const names = loadInstalledPeerPlugins(root, { load: (entry) => void loaded.push(entry), loadedFiles: () => loaded });
    return { names, entries: loaded.map((file) => path.relative(root, file)) };
  }

  it("loads hardhat-upgrades 3.x (which brings its ethers plugin) in an ethers 6 project", () => {
    install("ethers", "6.17.0");
    install("@nomicfoundation/hardhat-ethers", "3.1.3");
    install("@openzeppelin/hardhat-upgrades", "3.9.1");
    // The fake load does not run the upgrades plugin's own require of hardhat-ethers, so both load here.
    expect(load().names).to.deep.equal(["@openzeppelin/hardhat-upgrades", "@nomicfoundation/hardhat-ethers"]);
  });

  it("loads nothing that the config already imported", () => {
    install("ethers", "5.8.0");
    install("@nomiclabs/hardhat-ethers", "2.2.3");
    install("@openzeppelin/hardhat-upgrades", "1.28.0");
    expect(load(["@openzeppelin/hardhat-upgrades", "@nomiclabs/hardhat-ethers"]).names).to.deep.equal([]);
  });

  it("never loads across stacks: hardhat-upgrades 1.x beside ethers 6 is left alone", () => {
    install("ethers", "6.17.0");
    install("@openzeppelin/hardhat-upgrades", "1.28.0");
    install("@nomicfoundation/hardhat-ethers", "3.1.3");
    expect(load().names).to.deep.equal(["@nomicfoundation/hardhat-ethers"]);
  });

  it("loads nothing without ethers", () => {
    install("@openzeppelin/hardhat-upgrades", "3.9.1");
    expect(load().names).to.deep.equal([]);
  });
});

/** An RPC session with nothing sent and nothing going wrong: only the task's error net is under test. */
function idleSession() {
  return { install: () => true, uninstall() {}, fail() {}, describeSent: () => undefined, aborted: new Promise<never>(() => undefined) };
}

describe("an unforeseen error inside a task", () => {
  const env = useRootEnvironment();
  it("becomes an UnexpectedError naming the task and the step, with the cause kept and secrets removed", async () => {
    const host = { secrets: ["super-secret-rpc-path"], rpc: idleSession() } as unknown as Host;
    const cause = new TypeError("Cannot read properties of undefined (reading 'isAddress') at super-secret-rpc-path");
    let caught: unknown;
    try {
      await runTask("deploy-multiaccount", host, async (progress) => {
        progress.step = "estimating the cost";
        throw cause;
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(UnexpectedError);
    const error = caught as UnexpectedError;
    expect(error.message).to.match(
      /^deploy-multiaccount failed while estimating the cost: TypeError: Cannot read properties of undefined \(reading 'isAddress'\)/
    );
    expect(error.message).to.not.include("super-secret-rpc-path");
    // The cause is kept, as a redacted copy: Hardhat prints it (on CI, or with --show-stack-traces).
    expect(error.parent).to.be.instanceOf(TypeError);
    expect(error.parent!.message).to.equal("Cannot read properties of undefined (reading 'isAddress') at <redacted>");
    expect(error.parent!.stack).to.not.include("super-secret-rpc-path");
    expect(error.cause).to.equal(error.parent);
  });

  it("our own errors pass through unchanged", async () => {
    const host = { secrets: [], rpc: idleSession() } as unknown as Host;
    const ours = new InputError("Invalid admin address");
    let caught: unknown;
    await runTask("deploy-multiaccount", host, async () => {
      throw ours;
    }).catch((error) => (caught = error));
    expect(caught).to.equal(ours);
  });

  it("a stack that throws a TypeError mid-deployment: the deploy stops with the step named, nothing sent", async () => {
    const real = hardhat2Host(env.hre);
    const stack = real.stack();
    const broken: Host = {
      ...real,
      stack: () => ({
        ...stack,
        validateImplementation: async () => {
          throw new TypeError("upgrades is not a function");
        },
      }),
    };
    const [deployer] = await env.hre.ethers.getSigners();
    const protocol = await (await env.hre.ethers.getContractFactory("MockCollateral")).deploy(6);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-broken-"));
    const file = path.join(dir, "addresses.json");
    const block = await env.hre.ethers.provider.getBlockNumber();
    let caught: unknown;
    try {
      await runTask("deploy-multiaccount", broken, (progress) =>
        deployMultiAccount(
          broken,
          {
            admin: deployer.address,
            protocolAddress: protocol.address,
            contract: "MultiAccount",
            accountContract: "ProtocolPartyA",
            addressesFile: file,
            verify: false,
            verifyDelay: 0,
            dryRun: false,
            force: false,
          },
          { progress, logger: { info() {}, warn() {}, error() {} } }
        )
      );
    } catch (error) {
      caught = error;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(caught).to.be.instanceOf(UnexpectedError);
    expect((caught as Error).message).to.match(
      /^deploy-multiaccount failed while validating MultiAccount for a transparent proxy: TypeError: upgrades is not a function/
    );
    expect(await env.hre.ethers.provider.getBlockNumber(), "a transaction was sent").to.equal(block);
  });
});
