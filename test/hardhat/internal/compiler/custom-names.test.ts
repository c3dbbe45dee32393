// A project whose contracts have other names, set in its `multiAccount` config section, gets its
// own contracts deployed (and not the package's).
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { useEnvironment } from "../../helpers/environment";
import { captureConsole } from "../../helpers/capture";
import { TASK_DEPLOY_MULTIACCOUNT } from "../../../../src/hardhat/constants";

describe("a project with its own contracts of other names", function () {
  // Made in a hook, not when the file loads: a run that filters this suite out (--grep) leaves nothing behind.
  let dir: string;
  let file: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-custom-"));
    file = path.join(dir, "addresses.json");
  });
  const env = useEnvironment("custom-names", () => ({ ADDRESSES_FILE: file }));
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it("compiles only its own contracts", async () => {
    await env.hre.run("compile", { quiet: true });
    const names = await env.hre.artifacts.getAllFullyQualifiedNames();
    expect(names).to.include("contracts/AccountHub.sol:AccountHub");
    expect(names.some((name) => name.endsWith(":MultiAccount"))).to.equal(false);
  });

  it("deploys the configured contract with the configured account bytecode", async () => {
    const { hre } = env;
    const protocol = await (await hre.ethers.getContractFactory("HubProtocol")).deploy();
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol.address }));
    const [, admin] = await hre.ethers.getSigners();
    const { result, output } = await captureConsole(() => hre.run(TASK_DEPLOY_MULTIACCOUNT, { admin: admin.address }));
    expect(output).to.include("Contract:       AccountHub behind a transparent proxy");
    expect(output).to.include("HubAccount creation bytecode");
    const hub = await hre.ethers.getContractAt("AccountHub", result.proxy);
    expect(await hub.admin()).to.equal(admin.address);
    expect(await hub.protocol()).to.equal(protocol.address);
    const bytecode = (await hre.ethers.getContractFactory("HubAccount")).bytecode;
    expect(await hub.accountCodeHash()).to.equal(hre.ethers.utils.keccak256(bytecode));
    expect(JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress).to.equal(result.proxy);
  });
});
