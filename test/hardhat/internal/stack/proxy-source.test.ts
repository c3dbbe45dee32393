// Which of upgrades-core's proxies an init code is, with the build an explorer is given for it: the
// repository's own hardhat-upgrades 1.x install, whose upgrades-core ships OpenZeppelin 4's and 5's.
import { expect } from "chai";
import path from "path";
import { upgradesProxySource } from "../../../../src/hardhat/internal/stack/proxy-source";
import { upgradesCoreArtifact } from "../../../../src/hardhat/internal/stack/parts";
import { REPO_ROOT } from "../../helpers/environment";

const UPGRADES = path.join(REPO_ROOT, "node_modules", "@openzeppelin", "hardhat-upgrades");
const ARGS = "00".repeat(12) + "11".repeat(20);
const V4 = "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";
const V5 = "@openzeppelin/contracts-v5/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";

describe("upgradesProxySource", () => {
  it("OpenZeppelin 5's proxy: its build (solc 0.8.29) and the constructor arguments after its creation code", () => {
    const source = upgradesProxySource(UPGRADES, upgradesCoreArtifact(UPGRADES, V5).bytecode + ARGS);
    expect(source).to.deep.include({
      contractName: "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol:TransparentUpgradeableProxy",
      constructorArguments: ARGS,
    });
    expect(source!.compilerVersion).to.match(/^v0\.8\.29\+commit\./);
    expect(Object.keys((source!.input as { sources: object }).sources)).to.include("@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol");
  });

  it("OpenZeppelin 4's proxy (the upgrades plugin 1.x): its own build (solc 0.8.9)", () => {
    const source = upgradesProxySource(UPGRADES, upgradesCoreArtifact(UPGRADES, V4).bytecode + ARGS);
    expect(source?.compilerVersion).to.match(/^v0\.8\.9\+commit\./);
    expect(source?.constructorArguments).to.equal(ARGS);
  });

  it("undefined for an init code that is neither", () => {
    expect(upgradesProxySource(UPGRADES, "0x600a600c600039600a6000f3602a60005260206000f3")).to.equal(undefined);
  });
});
