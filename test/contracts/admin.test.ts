// Setters: SETTER_ROLE only, zero checks, and events carrying the old and new values.
import { expect } from "chai";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import { ethers, useSnapshot, addAccount } from "./fixture";

const { AddressZero } = ethers.constants;

describe("MultiAccount setters", () => {
  const { deployment } = useSnapshot();

  it("require SETTER_ROLE", async () => {
    const { multiAccount, bob, carol, protocol, accountBytecode } = deployment();
    const role = await multiAccount.SETTER_ROLE();
    const asBob = multiAccount.connect(bob);
    for (const call of [
      () => asBob.setAccountImplementation(accountBytecode),
      () => asBob.setAccountsAdmin(carol.address),
      () => asBob.setProtocolAddress(protocol.address),
      () => asBob.setRevokeCooldown(60),
    ]) {
      await expect(call()).to.be.revertedWithCustomError(multiAccount, "MissingRole").withArgs(bob.address, role);
    }
  });

  it("follow the role, not the deployer", async () => {
    const { multiAccount, admin, carol } = deployment();
    const role = await multiAccount.SETTER_ROLE();
    await multiAccount.connect(admin).grantRole(role, carol.address);
    await multiAccount.connect(admin).revokeRole(role, admin.address);
    await multiAccount.connect(carol).setRevokeCooldown(60);
    expect(await multiAccount.revokeCooldown()).to.equal(60);
    await expect(multiAccount.connect(admin).setRevokeCooldown(0)).to.be.revertedWithCustomError(multiAccount, "MissingRole").withArgs(admin.address, role);
  });

  it("setAccountsAdmin rejects zero and emits old and new", async () => {
    const { multiAccount, admin, carol } = deployment();
    await expect(multiAccount.connect(admin).setAccountsAdmin(AddressZero)).to.be.revertedWithCustomError(multiAccount, "ZeroAddress");
    await expect(multiAccount.connect(admin).setAccountsAdmin(carol.address)).to.emit(multiAccount, "SetAccountsAdmin").withArgs(admin.address, carol.address);
    expect(await multiAccount.accountsAdmin()).to.equal(carol.address);
  });

  it("setProtocolAddress rejects zero and emits old and new", async () => {
    const { multiAccount, admin, protocol, carol } = deployment();
    await expect(multiAccount.connect(admin).setProtocolAddress(AddressZero)).to.be.revertedWithCustomError(multiAccount, "ZeroAddress");
    await expect(multiAccount.connect(admin).setProtocolAddress(carol.address))
      .to.emit(multiAccount, "SetProtocolAddress")
      .withArgs(protocol.address, carol.address);
    expect(await multiAccount.protocolAddress()).to.equal(carol.address);
  });

  it("setRevokeCooldown emits old and new", async () => {
    const { multiAccount, admin } = deployment();
    await multiAccount.connect(admin).setRevokeCooldown(60);
    await expect(multiAccount.connect(admin).setRevokeCooldown(120)).to.emit(multiAccount, "SetRevokeCooldown").withArgs(60, 120);
  });

  it("setAccountImplementation changes new accounts only", async () => {
    const d = deployment();
    const { multiAccount, admin, alice } = d;
    const before = await addAccount(multiAccount, alice);
    // Any contract whose constructor takes one address will do: MockProtocol stores it as collateral.
    const MockProtocol = await ethers.getContractFactory("MockProtocol");
    const predictedBefore = await multiAccount.predictNextAccountAddress(alice.address);
    await expect(multiAccount.connect(admin).setAccountImplementation(MockProtocol.bytecode))
      .to.emit(multiAccount, "SetAccountImplementation")
      .withArgs(ethers.utils.keccak256(MockProtocol.bytecode), anyValue);
    expect(await multiAccount.accountImplementation()).to.equal(MockProtocol.bytecode.toLowerCase());
    const predictedAfter = await multiAccount.predictNextAccountAddress(alice.address);
    expect(predictedAfter).to.not.equal(predictedBefore);
    const after = await addAccount(multiAccount, alice);
    expect(after).to.equal(predictedAfter);
    // The constructor argument is the MultiAccount itself.
    expect(await MockProtocol.attach(after).collateral()).to.equal(multiAccount.address);
    // An account created before the change keeps working.
    await expect(multiAccount.connect(alice)._call(before, [d.protocol.interface.encodeFunctionData("echo", [1])]))
      .to.emit(d.protocol, "Echo")
      .withArgs(before, 1);
  });
});

describe("MultiAccount pausing", () => {
  const { deployment } = useSnapshot();

  it("pause needs PAUSER_ROLE and unpause needs UNPAUSER_ROLE", async () => {
    const { multiAccount, admin, bob, carol } = deployment();
    const pauser = await multiAccount.PAUSER_ROLE();
    const unpauser = await multiAccount.UNPAUSER_ROLE();
    await expect(multiAccount.connect(bob).pause()).to.be.revertedWithCustomError(multiAccount, "MissingRole").withArgs(bob.address, pauser);
    await multiAccount.connect(admin).grantRole(pauser, bob.address);
    await multiAccount.connect(admin).grantRole(unpauser, carol.address);

    await expect(multiAccount.connect(bob).pause()).to.emit(multiAccount, "Paused").withArgs(bob.address);
    await expect(multiAccount.connect(bob).unpause()).to.be.revertedWithCustomError(multiAccount, "MissingRole").withArgs(bob.address, unpauser);
    await expect(multiAccount.connect(carol).pause()).to.be.revertedWithCustomError(multiAccount, "MissingRole").withArgs(carol.address, pauser);
    await expect(multiAccount.connect(carol).unpause()).to.emit(multiAccount, "Unpaused").withArgs(carol.address);
    expect(await multiAccount.paused()).to.equal(false);
  });

  it("rejects pausing twice and unpausing when not paused", async () => {
    const { multiAccount, admin } = deployment();
    await expect(multiAccount.connect(admin).unpause()).to.be.revertedWithCustomError(multiAccount, "ExpectedPause");
    await multiAccount.connect(admin).pause();
    await expect(multiAccount.connect(admin).pause()).to.be.revertedWithCustomError(multiAccount, "EnforcedPause");
  });

  it("blocks every state-changing user function while paused, and frees them after", async () => {
    const { multiAccount, protocol, admin, alice, bob } = deployment();
    const account = await addAccount(multiAccount, alice);
    const echo = protocol.interface.getSighash("echo");
    const echoCall = protocol.interface.encodeFunctionData("echo", [1]);
    await multiAccount.connect(alice).delegateAccess(account, bob.address, echo, true);
    await multiAccount.connect(admin).pause();

    const asAlice = multiAccount.connect(alice);
    const calls: Record<string, () => Promise<unknown>> = {
      addAccount: () => asAlice.addAccount("x"),
      editAccountName: () => asAlice.editAccountName(account, "x"),
      depositForAccount: () => asAlice.depositForAccount(account, 1),
      depositAndAllocateForAccount: () => asAlice.depositAndAllocateForAccount(account, 1),
      withdrawFromAccount: () => asAlice.withdrawFromAccount(account, 1),
      _call: () => asAlice._call(account, [echoCall]),
      delegateCall: () => multiAccount.connect(bob)._call(account, [echoCall]),
      delegateAccess: () => asAlice.delegateAccess(account, bob.address, echo, true),
      delegateAccesses: () => asAlice.delegateAccesses(account, bob.address, [echo], true),
      proposeToRevokeAccesses: () => asAlice.proposeToRevokeAccesses(account, bob.address, [echo]),
      revokeAccesses: () => asAlice.revokeAccesses(account, bob.address, [echo]),
    };
    for (const [name, call] of Object.entries(calls)) {
      await expect(call(), name).to.be.revertedWithCustomError(multiAccount, "EnforcedPause");
    }
    // Views keep working, and nothing changed.
    expect(await multiAccount.getAccountsLength(alice.address)).to.equal(1);
    expect(await multiAccount.revokeProposalTimestamp(account, bob.address, echo)).to.equal(0);

    await multiAccount.connect(admin).unpause();
    await asAlice._call(account, [echoCall]);
    await asAlice.addAccount("after");
    expect(await protocol.echoCount()).to.equal(1);
    expect(await multiAccount.getAccountsLength(alice.address)).to.equal(2);
  });

  it("keeps the setters usable while paused, so the admin can repair configuration", async () => {
    const { multiAccount, admin, carol } = deployment();
    await multiAccount.connect(admin).pause();
    await multiAccount.connect(admin).setAccountsAdmin(carol.address);
    expect(await multiAccount.accountsAdmin()).to.equal(carol.address);
  });
});
