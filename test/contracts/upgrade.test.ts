// Upgrade to MultiAccountV2 through the upgrades plugin: every piece of state survives.
import { expect } from "chai";
import { ethers, upgrades, useSnapshot, addAccount, minedAt, selectorOf } from "./fixture";

describe("MultiAccount upgrade", () => {
  const { deployment } = useSnapshot();

  it("passes the OpenZeppelin upgrade-safety validation", async () => {
    const { multiAccount } = deployment();
    const MultiAccount = await ethers.getContractFactory("MultiAccount");
    const MultiAccountV2 = await ethers.getContractFactory("MultiAccountV2");
    await upgrades.validateImplementation(MultiAccount, { kind: "transparent" });
    await upgrades.validateUpgrade(multiAccount.address, MultiAccountV2, { kind: "transparent" });
    await upgrades.validateUpgrade(MultiAccount, MultiAccountV2, { kind: "transparent" });
  });

  it("keeps accounts, names, owners, indexes, delegations, proposals, cooldown and roles", async () => {
    const { multiAccount, protocol, admin, alice, bob, carol, accountBytecode } = deployment();
    const echo = selectorOf(protocol, "echo");
    const other = selectorOf(protocol, "other");
    const a0 = await addAccount(multiAccount, alice, "alice-0");
    const b0 = await addAccount(multiAccount, bob, "bob-0");
    const a1 = await addAccount(multiAccount, alice, "alice-1");
    await multiAccount.connect(alice).editAccountName(a0, "alice-renamed");
    await multiAccount.connect(admin).setRevokeCooldown(3600);
    await multiAccount.connect(alice).delegateAccesses(a0, carol.address, [echo, other], true);
    const proposedAt = await minedAt(await multiAccount.connect(alice).proposeToRevokeAccesses(a0, carol.address, [other]));
    const pauser = await multiAccount.PAUSER_ROLE();
    await multiAccount.connect(admin).grantRole(pauser, carol.address);
    await multiAccount.connect(admin).setAccountsAdmin(bob.address);

    const proxyAddress = multiAccount.address;
    const implementationBefore = await upgrades.erc1967.getImplementationAddress(proxyAddress);
    const adminBefore = await upgrades.erc1967.getAdminAddress(proxyAddress);
    const MultiAccountV2 = await ethers.getContractFactory("MultiAccountV2");
    const upgraded = await upgrades.upgradeProxy(proxyAddress, MultiAccountV2, { kind: "transparent" });

    expect(upgraded.address).to.equal(proxyAddress);
    expect(await upgraded.version()).to.equal("2");
    const implementationAfter = await upgrades.erc1967.getImplementationAddress(proxyAddress);
    expect(implementationAfter).to.not.equal(implementationBefore);
    expect(await upgrades.erc1967.getAdminAddress(proxyAddress)).to.equal(adminBefore);

    const names = async (user: string) =>
      (await upgraded.getAccounts(user, 0, 10)).map((a: { accountAddress: string; name: string }) => [a.accountAddress, a.name]);
    expect(await names(alice.address)).to.deep.equal([
      [a0, "alice-renamed"],
      [a1, "alice-1"],
    ]);
    expect(await names(bob.address)).to.deep.equal([[b0, "bob-0"]]);
    expect(await upgraded.owners(a0)).to.equal(alice.address);
    expect(await upgraded.owners(b0)).to.equal(bob.address);
    expect(await upgraded.indexOfAccount(a1)).to.equal(1);
    expect(await upgraded.delegatedAccesses(a0, carol.address, echo)).to.equal(true);
    expect(await upgraded.delegatedAccesses(a0, carol.address, other)).to.equal(true);
    expect(await upgraded.revokeProposalTimestamp(a0, carol.address, other)).to.equal(proposedAt);
    expect(await upgraded.revokeCooldown()).to.equal(3600);
    expect(await upgraded.protocolAddress()).to.equal(protocol.address);
    expect(await upgraded.accountsAdmin()).to.equal(bob.address);
    expect(await upgraded.accountImplementation()).to.equal(accountBytecode.toLowerCase());
    for (const role of [await upgraded.DEFAULT_ADMIN_ROLE(), await upgraded.SETTER_ROLE(), pauser, await upgraded.UNPAUSER_ROLE()]) {
      expect(await upgraded.hasRole(role, admin.address)).to.equal(true);
    }
    expect(await upgraded.hasRole(pauser, carol.address)).to.equal(true);

    // The state is live, not just readable: delegations, proposals and new accounts keep working.
    await upgraded.connect(carol)._call(a0, [protocol.interface.encodeFunctionData("echo", [3])]);
    expect(await protocol.lastCaller()).to.equal(a0);
    await ethers.provider.send("evm_setNextBlockTimestamp", [proposedAt + 3600]);
    await upgraded.connect(alice).revokeAccesses(a0, carol.address, [other]);
    expect(await upgraded.delegatedAccesses(a0, carol.address, other)).to.equal(false);
    const predicted = await upgraded.predictNextAccountAddress(alice.address);
    expect(await addAccount(upgraded, alice, "alice-2")).to.equal(predicted);
    expect(await upgraded.indexOfAccount(predicted)).to.equal(2);
  });

  it("keeps the upgraded implementation closed to initialization", async () => {
    const { multiAccount, alice, protocol, accountBytecode } = deployment();
    const MultiAccountV2 = await ethers.getContractFactory("MultiAccountV2");
    const upgraded = await upgrades.upgradeProxy(multiAccount.address, MultiAccountV2, { kind: "transparent" });
    const implementation = MultiAccountV2.attach(await upgrades.erc1967.getImplementationAddress(upgraded.address));
    for (const target of [upgraded, implementation]) {
      await expect(target.connect(alice).initialize(alice.address, protocol.address, accountBytecode)).to.be.revertedWith(
        "Initializable: contract is already initialized"
      );
    }
  });

  it("lets only the proxy admin's owner upgrade", async () => {
    const { multiAccount, alice } = deployment();
    const MultiAccountV2 = await ethers.getContractFactory("MultiAccountV2", alice);
    await expect(upgrades.upgradeProxy(multiAccount.address, MultiAccountV2, { kind: "transparent" })).to.be.revertedWith("Ownable: caller is not the owner");
  });
});
