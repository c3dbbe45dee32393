// Custody: only the MultiAccount drives an account, and an account always calls the protocol that
// the MultiAccount holds now.
import { expect } from "chai";
import { ethers, useSnapshot, addAccount, accountAt, fund, selectorOf } from "./fixture";

describe("ProtocolPartyA custody", () => {
  const { deployment } = useSnapshot();

  it("refuses _call from an EOA, the admin and the accounts admin", async () => {
    const d = deployment();
    const { multiAccount, protocol, admin, alice, carol } = d;
    const account = accountAt(d, await addAccount(multiAccount, alice));
    await multiAccount.connect(admin).setAccountsAdmin(carol.address);
    const withdraw = protocol.interface.encodeFunctionData("withdrawTo", [carol.address, 1]);
    for (const caller of [alice, admin, carol]) {
      await expect(account.connect(caller)._call(protocol.address, withdraw)).to.be.revertedWithCustomError(account, "NotMultiAccount");
    }
  });

  it("refuses _call from a contract other than its MultiAccount", async () => {
    const d = deployment();
    const { multiAccount, protocol, alice } = d;
    const account = accountAt(d, await addAccount(multiAccount, alice));
    // The protocol re-entering the account directly is just another stranger.
    const withdraw = protocol.interface.encodeFunctionData("withdrawTo", [protocol.address, 1]);
    await protocol.setReenter(account.address, account.interface.encodeFunctionData("_call", [protocol.address, withdraw]));
    const echo = protocol.interface.encodeFunctionData("echo", [1]);
    await expect(multiAccount.connect(alice)._call(account.address, [echo])).to.be.revertedWithCustomError(account, "NotMultiAccount");
  });

  it("keeps the accounts admin away from user funds", async () => {
    const d = deployment();
    const { multiAccount, protocol, collateral, admin, alice } = d;
    const account = await addAccount(multiAccount, alice);
    await fund(d, alice, 1000);
    await multiAccount.connect(alice).depositForAccount(account, 1000);
    await expect(multiAccount.connect(admin).withdrawFromAccount(account, 1000))
      .to.be.revertedWithCustomError(multiAccount, "NotAccountOwner")
      .withArgs(account, admin.address);
    const withdraw = protocol.interface.encodeFunctionData("withdrawTo", [admin.address, 1000]);
    await expect(multiAccount.connect(admin)._call(account, [withdraw]))
      .to.be.revertedWithCustomError(multiAccount, "AccessNotDelegated")
      .withArgs(account, admin.address, selectorOf(protocol, "withdrawTo"));
    expect(await protocol.balances(account)).to.equal(1000);
    expect(await collateral.balanceOf(admin.address)).to.equal(0);
  });

  it("reaches the new protocol after setProtocolAddress, for accounts created before", async () => {
    const d = deployment();
    const { multiAccount, protocol, collateral, admin, alice } = d;
    const account = await addAccount(multiAccount, alice);
    const newProtocol = await (await ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
    await multiAccount.connect(admin).setProtocolAddress(newProtocol.address);

    const echo = protocol.interface.encodeFunctionData("echo", [21]);
    await expect(multiAccount.connect(alice)._call(account, [echo]))
      .to.emit(newProtocol, "Echo")
      .withArgs(account, 21);
    expect(await newProtocol.echoCount()).to.equal(1);
    expect(await newProtocol.lastCaller()).to.equal(account);
    expect(await protocol.echoCount()).to.equal(0);

    // Funds paths follow the new protocol too.
    await fund(d, alice, 500);
    await multiAccount.connect(alice).depositForAccount(account, 500);
    expect(await newProtocol.balances(account)).to.equal(500);
    await expect(multiAccount.connect(alice).withdrawFromAccount(account, 200)).to.changeTokenBalances(collateral, [alice, newProtocol], [200, -200]);
  });

  it("refuses to call a protocol address without code", async () => {
    const d = deployment();
    const { multiAccount, protocol, admin, alice, carol } = d;
    const account = accountAt(d, await addAccount(multiAccount, alice));
    await multiAccount.connect(admin).setProtocolAddress(carol.address);
    const echo = protocol.interface.encodeFunctionData("echo", [1]);
    await expect(multiAccount.connect(alice)._call(account.address, [echo]))
      .to.be.revertedWithCustomError(multiAccount, "ProtocolHasNoCode")
      .withArgs(carol.address);
    await expect(multiAccount.connect(alice).withdrawFromAccount(account.address, 1))
      .to.be.revertedWithCustomError(multiAccount, "ProtocolHasNoCode")
      .withArgs(carol.address);
  });

  it("passes the protocol's return data back unchanged", async () => {
    const d = deployment();
    const { multiAccount, protocol, alice } = d;
    const account = await addAccount(multiAccount, alice);
    const echo = protocol.interface.encodeFunctionData("echo", [21]);
    await expect(multiAccount.connect(alice)._call(account, [echo]))
      .to.emit(multiAccount, "Call")
      .withArgs(alice.address, account, echo, ethers.utils.defaultAbiCoder.encode(["uint256"], [42]));
    // Data that is no ABI-encoded value at all comes back as it is, too.
    const fallbackCall = "0xdeadbeef";
    await expect(multiAccount.connect(alice)._call(account, [fallbackCall]))
      .to.emit(multiAccount, "Call")
      .withArgs(alice.address, account, fallbackCall, "0x");
  });

  it("rejects a zero MultiAccount in the account constructor", async () => {
    const { accountFactory } = deployment();
    await expect(accountFactory.deploy(ethers.constants.AddressZero)).to.be.revertedWithCustomError(accountFactory, "ZeroMultiAccount");
  });
});
