// What only some host projects have: Hardhat 3's config hook and types, an ethers 6 stack project with
// contracts of its own names, and a project that mixes the two Hardhat 2 stacks. (The ethers 6 stack
// on Node 24 is docs-install.test.ts's: the documented install, run by Node 24's npm, then a deploy.)
import { expect } from "chai";
import { spawn } from "child_process";
import fs from "fs";
import path from "path";
import { ethers } from "ethers";
import { INSTALL_TIMEOUT_MS, prepareHost, startHosts, type HostProject } from "../helpers/hosts";
import { errorHead, runHardhat, startNode, type LocalNode } from "../helpers/processes";
import { deployStandIn } from "../helpers/stand-in";
import { ADDRESS, ADMIN } from "./cases";

describe("a Hardhat 3 host: what only Hardhat 3 has", function () {
  let host: HostProject;
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    // Every install starts side by side from the first host file's hook (the lane runs stacks.test.ts first).
    startHosts();
    host = await prepareHost("hardhat3");
  });

  it("a bad multiAccount value is refused by the config hook, with the Hardhat 2 message", async () => {
    const result = await runHardhat(host.dir, ["addresses:show", "--network", "localhost"], { FIXTURE_VERIFY_DELAY: "-1" }, { node: host.node });
    expect(result.code, result.output).to.equal(1);
    expect(result.output).to.include("Invalid config value multiAccount.verifyDelay: expected a number of seconds >= 0, got -1. Fix it in hardhat.config.");
  });

  it("its TypeScript sees the plugin's config types and named exports (`tsc --noEmit` on the host, scripts/exports.ts included)", async () => {
    const tsc = path.join(host.dir, "node_modules", "typescript", "bin", "tsc");
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(host.node!, [tsc, "--noEmit", "-p", "."], { cwd: host.dir, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => resolve({ code, output }));
    });
    expect(result.code, result.output).to.equal(0);
  });
});

describe("an ethers 6 host with its own MultiAccount and an account contract of another name", function () {
  let host: HostProject;
  let node: LocalNode;
  let protocol: string;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    startHosts();
    host = await prepareHost("ethers6");
    node = await startNode(host.dir);
    protocol = await deployStandIn(node);
  });
  after(async () => node?.stop());

  it("deploys its own MultiAccount with --account-contract TraderVault, whose constructor takes more arguments", async () => {
    const result = await runHardhat(
      host.dir,
      [
        "--config",
        "hardhat.custom.config.ts",
        "deploy-multiaccount",
        "--network",
        "localhost",
        "--admin",
        ADMIN,
        "--protocol-address",
        protocol,
        "--account-contract",
        "TraderVault",
      ],
      { LOCALHOST_RPC_URL: node.url }
    );
    expect(result.code, result.output).to.equal(0);
    expect(result.stdout).to.include("Contract:       MultiAccount behind a transparent proxy");
    expect(result.stdout).to.match(/TraderVault creation bytecode \d+ bytes/);
    const proxy = JSON.parse(fs.readFileSync(path.join(host.dir, "output", "custom-addresses.json"), "utf8")).multiAccountAddress;
    expect(proxy).to.match(ADDRESS);

    const artifacts = path.join(host.dir, "custom-artifacts");
    expect(fs.existsSync(path.join(artifacts, "multiaccount-kit")), "the package's contracts were compiled too").to.equal(false);
    const read = (name: string) => JSON.parse(fs.readFileSync(path.join(artifacts, "custom-contracts", `${name}.sol`, `${name}.json`), "utf8"));
    const provider = new ethers.providers.JsonRpcProvider(node.url);
    const trader = provider.getSigner(3);
    const hub = new ethers.Contract(proxy, read("MultiAccount").abi, trader);
    expect(await hub.accountBytecode()).to.equal(read("TraderVault").bytecode);
    expect(await hub.admin()).to.equal(ADMIN);
    expect((await hub.protocol()).toLowerCase()).to.equal(protocol.toLowerCase());

    await (await hub.addAccount(1000)).wait();
    const [vaultAddress] = await hub.accounts(await trader.getAddress());
    const vault = new ethers.Contract(vaultAddress, read("TraderVault").abi, provider);
    expect(await vault.hub()).to.equal(proxy);
    expect(await vault.owner()).to.equal(await trader.getAddress());
    expect((await vault.protocol()).toLowerCase()).to.equal(protocol.toLowerCase());
    expect((await vault.limit()).toNumber()).to.equal(1000);
  });
});

describe("a host that mixes the stacks (both hardhat-ethers plugins, as a --force install leaves it)", function () {
  it("refuses with a StackError that names what it found and both supported stacks, sending nothing", async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    const [ethers5Host, ethers6Host] = await Promise.all([prepareHost("ethers5"), prepareHost("ethers6")]);
    const node = await startNode(ethers6Host.dir);
    try {
      const result = await runHardhat(
        ethers6Host.dir,
        ["--config", "hardhat.mixed.config.ts", "deploy-multiaccount", "--network", "localhost", "--admin", ADMIN],
        {
          LOCALHOST_RPC_URL: node.url,
          FIXTURE_STACK_A_DIR: ethers5Host.dir,
        }
      );
      expect(result.code, result.output).to.equal(1);
      const first = errorHead(result);
      expect(first).to.match(/^Error in plugin multiaccount-kit: multiaccount-kit supports two Hardhat 2 stacks, and this project matches neither\./);
      expect(first).to.include("@nomiclabs/hardhat-ethers 2.2.3, @nomicfoundation/hardhat-ethers 3.1.3");
      expect(result.output).to.include(`In hardhat.config: import "@nomicfoundation/hardhat-toolbox"; import "@openzeppelin/hardhat-upgrades";`);
      expect(result.output).to.not.match(/TypeError/);
      expect(Number(await node.rpc<string>("eth_blockNumber"))).to.equal(0);
    } finally {
      await node.stop();
    }
  });
});
