// Funds: deposits leave no residue or allowance, deposit-and-allocate scales to 18 decimals, and a
// withdrawal always pays the owner.
import { expect } from "chai";
import { useSnapshot, addAccount, deployFixture, fund } from "./fixture";

describe("MultiAccount funds", () => {
  const { deployment } = useSnapshot();

  describe("depositForAccount", () => {
    it("credits the account in the protocol and keeps nothing back", async () => {
      const d = deployment();
      const { multiAccount, protocol, collateral, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1_000_000);
      await expect(multiAccount.connect(alice).depositForAccount(account, 1_000_000))
        .to.emit(multiAccount, "DepositForAccount")
        .withArgs(alice.address, account, 1_000_000)
        .and.to.changeTokenBalances(collateral, [alice, protocol, multiAccount], [-1_000_000, 1_000_000, 0]);
      expect(await protocol.balances(account)).to.equal(1_000_000);
      expect(await collateral.balanceOf(multiAccount.address)).to.equal(0);
      expect(await collateral.allowance(multiAccount.address, protocol.address)).to.equal(0);
    });

    it("reverts with DepositResidue when the protocol pulls short, and changes nothing", async () => {
      const d = deployment();
      const { multiAccount, protocol, collateral, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1000);
      await protocol.setPullShortBy(1);
      await expect(multiAccount.connect(alice).depositForAccount(account, 1000)).to.be.revertedWithCustomError(multiAccount, "DepositResidue").withArgs(0, 1);
      expect(await collateral.balanceOf(alice.address)).to.equal(1000);
      expect(await collateral.balanceOf(multiAccount.address)).to.equal(0);
      expect(await collateral.allowance(multiAccount.address, protocol.address)).to.equal(0);
      expect(await protocol.balances(account)).to.equal(0);
    });

    it("rejects a zero amount, a wrong caller and an unknown account", async () => {
      const d = deployment();
      const { multiAccount, alice, bob } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1000);
      await fund(d, bob, 1000);
      await expect(multiAccount.connect(alice).depositForAccount(account, 0)).to.be.revertedWithCustomError(multiAccount, "ZeroAmount");
      await expect(multiAccount.connect(bob).depositForAccount(account, 1000))
        .to.be.revertedWithCustomError(multiAccount, "NotAccountOwner")
        .withArgs(account, bob.address);
      await expect(multiAccount.connect(alice).depositForAccount(bob.address, 1000))
        .to.be.revertedWithCustomError(multiAccount, "UnknownAccount")
        .withArgs(bob.address);
    });

    it("bubbles up a failed token pull", async () => {
      const d = deployment();
      const { multiAccount, collateral, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 999);
      await expect(multiAccount.connect(alice).depositForAccount(account, 1000)).to.be.revertedWith("ERC20: insufficient allowance");
      expect(await collateral.balanceOf(alice.address)).to.equal(999);
    });
  });

  describe("depositAndAllocateForAccount", () => {
    for (const [decimals, amount, allocated] of [
      [6, "2500000", "2500000000000000000"],
      [18, "2500000000000000000", "2500000000000000000"],
      [24, "2500000000000000000000000", "2500000000000000000"],
    ] as const) {
      it(`scales ${decimals}-decimal collateral to 18 decimals`, async () => {
        const d = await deployFixture(decimals);
        const { multiAccount, protocol, collateral, alice } = d;
        const account = await addAccount(multiAccount, alice);
        await fund(d, alice, amount);
        await expect(multiAccount.connect(alice).depositAndAllocateForAccount(account, amount))
          .to.emit(multiAccount, "DepositForAccount")
          .withArgs(alice.address, account, amount)
          .and.to.emit(multiAccount, "AllocateForAccount")
          .withArgs(alice.address, account, allocated);
        expect(await protocol.balances(account)).to.equal(amount);
        expect(await protocol.allocated(account)).to.equal(allocated);
        expect(await collateral.balanceOf(multiAccount.address)).to.equal(0);
        expect(await collateral.allowance(multiAccount.address, protocol.address)).to.equal(0);
      });
    }

    it("refuses an amount worth nothing in 18 decimals before any token moves", async () => {
      const d = await deployFixture(24);
      const { multiAccount, protocol, collateral, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1_000_000);
      // With 24 decimals, 999,999 units are 0.999999 of one 18-decimal unit: nothing to allocate.
      await expect(multiAccount.connect(alice).depositAndAllocateForAccount(account, 999_999))
        .to.be.revertedWithCustomError(multiAccount, "AllocationRoundsToZero")
        .withArgs(999_999);
      expect(await collateral.balanceOf(alice.address)).to.equal(1_000_000);
      expect(await protocol.balances(account)).to.equal(0);
      expect(await protocol.allocated(account)).to.equal(0);
      // One unit more is worth one 18-decimal unit; a plain deposit of any amount still works.
      await expect(multiAccount.connect(alice).depositAndAllocateForAccount(account, 1_000_000))
        .to.emit(multiAccount, "AllocateForAccount")
        .withArgs(alice.address, account, 1);
      await fund(d, alice, 1);
      await multiAccount.connect(alice).depositForAccount(account, 1);
      expect(await protocol.balances(account)).to.equal(1_000_001);
      expect(await protocol.allocated(account)).to.equal(1);
    });

    it("rejects a zero amount and a wrong caller", async () => {
      const d = deployment();
      const { multiAccount, alice, bob } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, bob, 1000);
      await expect(multiAccount.connect(alice).depositAndAllocateForAccount(account, 0)).to.be.revertedWithCustomError(multiAccount, "ZeroAmount");
      await expect(multiAccount.connect(bob).depositAndAllocateForAccount(account, 1000))
        .to.be.revertedWithCustomError(multiAccount, "NotAccountOwner")
        .withArgs(account, bob.address);
    });

    it("reverts the deposit too when the allocation fails", async () => {
      const d = deployment();
      const { multiAccount, protocol, collateral, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1000);
      // The account is re-entered during allocate; the whole deposit must roll back.
      const reenter = multiAccount.interface.encodeFunctionData("addAccount", ["x"]);
      await protocol.setReenter(multiAccount.address, reenter);
      await expect(multiAccount.connect(alice).depositAndAllocateForAccount(account, 1000)).to.be.revertedWith("ReentrancyGuard: reentrant call");
      expect(await collateral.balanceOf(alice.address)).to.equal(1000);
      expect(await protocol.balances(account)).to.equal(0);
    });
  });

  describe("withdrawFromAccount", () => {
    it("pays the owner", async () => {
      const d = deployment();
      const { multiAccount, protocol, collateral, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1000);
      await multiAccount.connect(alice).depositForAccount(account, 1000);
      await expect(multiAccount.connect(alice).withdrawFromAccount(account, 400))
        .to.emit(multiAccount, "WithdrawFromAccount")
        .withArgs(alice.address, account, 400)
        .and.to.changeTokenBalances(collateral, [alice, protocol, multiAccount], [400, -400, 0]);
      expect(await protocol.balances(account)).to.equal(600);
    });

    it("refuses a non-owner, an unknown account and a zero amount", async () => {
      const d = deployment();
      const { multiAccount, protocol, alice, bob } = d;
      const account = await addAccount(multiAccount, alice);
      await fund(d, alice, 1000);
      await multiAccount.connect(alice).depositForAccount(account, 1000);
      await expect(multiAccount.connect(bob).withdrawFromAccount(account, 1000))
        .to.be.revertedWithCustomError(multiAccount, "NotAccountOwner")
        .withArgs(account, bob.address);
      await expect(multiAccount.connect(bob).withdrawFromAccount(bob.address, 1000))
        .to.be.revertedWithCustomError(multiAccount, "UnknownAccount")
        .withArgs(bob.address);
      await expect(multiAccount.connect(alice).withdrawFromAccount(account, 0)).to.be.revertedWithCustomError(multiAccount, "ZeroAmount");
      expect(await protocol.balances(account)).to.equal(1000);
    });

    it("bubbles up the protocol's error when the balance is short", async () => {
      const d = deployment();
      const { multiAccount, protocol, alice } = d;
      const account = await addAccount(multiAccount, alice);
      await expect(multiAccount.connect(alice).withdrawFromAccount(account, 1))
        .to.be.revertedWithCustomError(protocol, "InsufficientBalance")
        .withArgs(account, 0, 1);
    });
  });
});
