// initialize(): roles, stored addresses and bytecode, and that neither the proxy nor the
// implementation can be initialized twice or with bad input.
import { expect } from "chai";
import { ethers, upgrades, useSnapshot } from "./fixture";

const ALREADY_INITIALIZED = "Initializable: contract is already initialized";

describe("MultiAccount initialize", () => {
  const { deployment } = useSnapshot();

  async function deployProxy(args: unknown[]) {
    const MultiAccount = await ethers.getContractFactory("MultiAccount");
    return upgrades.deployProxy(MultiAccount, args, { kind: "transparent", initializer: "initialize" });
  }

  it("grants the admin every role", async () => {
    const { multiAccount, admin, alice } = deployment();
    const roles = [
      await multiAccount.DEFAULT_ADMIN_ROLE(),
      await multiAccount.SETTER_ROLE(),
      await multiAccount.PAUSER_ROLE(),
      await multiAccount.UNPAUSER_ROLE(),
    ];
    for (const role of roles) {
      expect(await multiAccount.hasRole(role, admin.address)).to.equal(true);
      expect(await multiAccount.hasRole(role, alice.address)).to.equal(false);
    }
    // Every role is administered by DEFAULT_ADMIN_ROLE, which the admin holds.
    for (const role of roles) expect(await multiAccount.getRoleAdmin(role)).to.equal(roles[0]);
  });

  it("stores the accounts admin, the protocol address and a zero cooldown", async () => {
    const { multiAccount, admin, protocol } = deployment();
    expect(await multiAccount.accountsAdmin()).to.equal(admin.address);
    expect(await multiAccount.protocolAddress()).to.equal(protocol.address);
    expect(await multiAccount.revokeCooldown()).to.equal(0);
    expect(await multiAccount.paused()).to.equal(false);
  });

  it("returns exactly the ProtocolPartyA creation bytecode", async () => {
    const { multiAccount, accountBytecode } = deployment();
    expect(await multiAccount.accountImplementation()).to.equal(accountBytecode.toLowerCase());
  });

  it("rejects initializing the proxy again", async () => {
    const { multiAccount, admin, protocol, accountBytecode } = deployment();
    await expect(multiAccount.initialize(admin.address, protocol.address, accountBytecode)).to.be.revertedWith(ALREADY_INITIALIZED);
  });

  it("rejects initializing the implementation directly", async () => {
    const { multiAccount, alice, protocol, accountBytecode } = deployment();
    const implementationAddress = await upgrades.erc1967.getImplementationAddress(multiAccount.address);
    expect(implementationAddress).to.not.equal(multiAccount.address);
    const implementation = (await ethers.getContractFactory("MultiAccount")).attach(implementationAddress);
    await expect(implementation.connect(alice).initialize(alice.address, protocol.address, accountBytecode)).to.be.revertedWith(ALREADY_INITIALIZED);
    // Nothing was written to the implementation's own storage.
    expect(await implementation.accountsAdmin()).to.equal(ethers.constants.AddressZero);
  });

  it("rejects a zero admin", async () => {
    const { multiAccount, protocol, accountBytecode } = deployment();
    await expect(deployProxy([ethers.constants.AddressZero, protocol.address, accountBytecode])).to.be.revertedWithCustomError(multiAccount, "ZeroAddress");
  });

  it("rejects a zero protocol address", async () => {
    const { multiAccount, admin, accountBytecode } = deployment();
    await expect(deployProxy([admin.address, ethers.constants.AddressZero, accountBytecode])).to.be.revertedWithCustomError(multiAccount, "ZeroAddress");
  });

  it("rejects empty account bytecode", async () => {
    const { multiAccount, admin, protocol } = deployment();
    await expect(deployProxy([admin.address, protocol.address, "0x"])).to.be.revertedWithCustomError(multiAccount, "EmptyAccountImplementation");
  });

  it("rejects account bytecode larger than a contract can hold", async () => {
    const { multiAccount, admin, protocol } = deployment();
    const tooLarge = "0x" + "00".repeat(24576);
    await expect(deployProxy([admin.address, protocol.address, tooLarge]))
      .to.be.revertedWithCustomError(multiAccount, "AccountImplementationTooLarge")
      .withArgs(24576, 24575);
  });

  it("initializes a fresh proxy whose implementation cannot be initialized either", async () => {
    const { admin, protocol, accountBytecode } = deployment();
    const fresh = await deployProxy([admin.address, protocol.address, accountBytecode]);
    expect(await fresh.protocolAddress()).to.equal(protocol.address);
    await expect(fresh.initialize(admin.address, protocol.address, accountBytecode)).to.be.revertedWith(ALREADY_INITIALIZED);
  });
});
