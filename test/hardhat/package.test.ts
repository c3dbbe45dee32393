// "Adding the plugin to other Hardhat projects" from the published files: npm pack, install the
// tarball into a fresh Hardhat project that has no MultiAccount of its own, and deploy there.
import { expect } from "chai";
import { execFileSync, spawn } from "child_process";
import fs from "fs";
import path from "path";
import { REPO_ROOT } from "./helpers/environment";
import { freePort, runHardhat, startNode, type LocalNode } from "./helpers/processes";

const OUT = path.join(REPO_ROOT, "test-output");
// Inside the repository, so the project finds hardhat and its plugins the way a hoisted install would.
const PROJECT = path.join(OUT, "pack-project");

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" }, stdio: ["ignore", "pipe", "pipe"] });
}

describe("the packed package in a fresh Hardhat project", function () {
  let node: LocalNode | undefined;

  before(function () {
    fs.rmSync(PROJECT, { recursive: true, force: true });
    fs.mkdirSync(path.join(PROJECT, "contracts"), { recursive: true });
    fs.mkdirSync(path.join(PROJECT, "scripts"), { recursive: true });
    const packed = npm(["pack", "--silent", "--pack-destination", OUT], REPO_ROOT).trim().split("\n").pop()!;
    const tarball = path.join(OUT, packed);
    expect(fs.existsSync(tarball), tarball).to.equal(true);
    const listing = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" });
    expect(listing).to.include("package/dist/hardhat/index.js");
    expect(listing).to.include("package/contracts/multiAccount/MultiAccount.sol");
    expect(listing).to.not.include("package/contracts/test/");
    expect(listing).to.not.include("package/test/");

    fs.writeFileSync(path.join(PROJECT, "package.json"), JSON.stringify({ name: "pack-project", private: true }, null, 2));
    fs.writeFileSync(
      path.join(PROJECT, "hardhat.config.ts"),
      `import "@nomiclabs/hardhat-ethers";
import "@openzeppelin/hardhat-upgrades";
import "multiaccount-kit/hardhat";
import type { HardhatUserConfig } from "hardhat/config";

const config: HardhatUserConfig = {
  solidity: { version: "0.8.24", settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris" } },
  networks: { localhost: { url: process.env.LOCALHOST_RPC_URL || "http://127.0.0.1:8545" } },
  multiAccount: { verifyDelay: 0 },
};
export default config;
`
    );
    fs.writeFileSync(
      path.join(PROJECT, "contracts", "Protocol.sol"),
      `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Protocol { function getCollateral() external pure returns (address) { return address(0); } }
`
    );
    fs.writeFileSync(
      path.join(PROJECT, "scripts", "protocol.js"),
      `const hre = require("hardhat");
const { updateAddresses } = require("multiaccount-kit/hardhat/addresses");
(async () => {
  const protocol = await (await hre.ethers.getContractFactory("Protocol")).deploy();
  updateAddresses(hre.config.multiAccount.addressesFile, { protocolAddress: protocol.address });
  console.log("protocol", protocol.address);
})().catch((e) => { console.error(e); process.exit(1); });
`
    );
    npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", tarball], PROJECT);
  });

  after(async () => {
    await node?.stop();
  });

  it("compiles the package's contracts into the project's build", async () => {
    const result = await runHardhat(PROJECT, ["compile"], {});
    expect(result.code, result.output).to.equal(0);
    const artifact = path.join(PROJECT, "artifacts", "multiaccount-kit", "contracts", "multiAccount", "MultiAccount.sol", "MultiAccount.json");
    expect(fs.existsSync(artifact), "MultiAccount artifact").to.equal(true);
  });

  it("runs `npx hardhat deploy-multiaccount` there", async () => {
    node = await startNode(PROJECT);
    const env = { LOCALHOST_RPC_URL: node.url };
    const protocol = await runHardhat(PROJECT, ["run", "scripts/protocol.js", "--network", "localhost"], env);
    expect(protocol.code, protocol.output).to.equal(0);
    const help = await runHardhat(PROJECT, ["help", "deploy-multiaccount"], env);
    expect(help.output).to.include("--protocol-address");
    const result = await runHardhat(PROJECT, ["deploy-multiaccount", "--network", "localhost", "--admin", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"], env);
    expect(result.code, result.output).to.equal(0);
    const record = JSON.parse(fs.readFileSync(path.join(PROJECT, "output", "addresses.json"), "utf8"));
    expect(result.stdout).to.include(`Proxy:          ${record.multiAccountAddress}`);
    expect(result.stdout).to.include("Verification skipped");
  });

  it("loads the notifications entry without Hardhat", () => {
    const loaded = execFileSync(
      process.execPath,
      ["-e", "require('multiaccount-kit/notifications'); console.log(Object.keys(require.cache).filter((f) => /node_modules[\\\\/](hardhat|ethers|ws)[\\\\/]/.test(f)).length)"],
      { cwd: PROJECT, encoding: "utf8" }
    );
    expect(loaded.trim()).to.equal("0");
  });

  it("runs `npx multiaccount-kit-mock-hedger --port <port>` from the installed bin", async () => {
    const port = await freePort();
    const bin = path.join(PROJECT, "node_modules", ".bin", "multiaccount-kit-mock-hedger");
    const child = spawn(bin, ["--port", String(port)], { cwd: PROJECT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    try {
      for (let i = 0; i < 600 && !output.includes("[mock-hedger] WS"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).to.include(`ws://127.0.0.1:${port}/ws/position-state-ws3`);
      const account = "0x00000000000000000000000000000000000a11ce";
      const emitted = await (await fetch(`http://127.0.0.1:${port}/__mock/record`, { method: "POST", body: JSON.stringify({ account }) })).json();
      const page = await fetch(`http://127.0.0.1:${port}/position-state/0/10`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "App-Name": "pack-test" },
        body: JSON.stringify({ address: account, modify_time_gte: 0 }),
      });
      expect(page.status).to.equal(200);
      expect((await page.json()).position_state).to.deep.equal([emitted]);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited, output).to.equal(0);
    }
  });
});
