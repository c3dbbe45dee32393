// Deposits with collateral that does not follow ERC-20 to the letter: no return value (USDT-like),
// `false` instead of a revert, and no code at all.
import { expect } from "chai";
import type { Contract } from "ethers";
import { ethers, useSnapshot, addAccount } from "./fixture";

const MODE = { Standard: 0, ReturnsNothing: 1, ReturnsFalse: 2 } as const;

describe("MultiAccount deposits with non-standard collateral", () => {
  const { deployment } = useSnapshot();

  /** Points the MultiAccount at a fresh protocol whose collateral misbehaves for the MultiAccount. */
  async function useOddCollateral(mode: number) {
    const d = deployment();
    const token = await (await ethers.getContractFactory("MockOddCollateral")).deploy();
    const protocol = await (await ethers.getContractFactory("MockProtocol")).deploy(token.address);
    await d.multiAccount.connect(d.admin).setProtocolAddress(protocol.address);
    await token.setMode(mode, d.multiAccount.address);
    const account = await addAccount(d.multiAccount, d.alice);
    await token.mint(d.alice.address, 3000);
    await token.connect(d.alice).approve(d.multiAccount.address, 3000);
    return { ...d, token, protocol, account };
  }

  async function expectNothingLeft(token: Contract, multiAccount: Contract, protocol: Contract) {
    expect(await token.balanceOf(multiAccount.address)).to.equal(0);
    expect(await token.allowance(multiAccount.address, protocol.address)).to.equal(0);
  }

  it("deposits a token that returns nothing, again and again", async () => {
    const { multiAccount, token, protocol, alice, account } = await useOddCollateral(MODE.ReturnsNothing);
    await multiAccount.connect(alice).depositForAccount(account, 1000);
    // A USDT-like token refuses non-zero to non-zero approvals; the second deposit proves none is needed.
    await expect(multiAccount.connect(alice).depositAndAllocateForAccount(account, 2000)).to.changeTokenBalances(token, [alice, protocol], [-2000, 2000]);
    expect(await protocol.balances(account)).to.equal(3000);
    await expectNothingLeft(token, multiAccount, protocol);
  });

  it("rejects a token that returns false", async () => {
    const { multiAccount, token, protocol, alice, account } = await useOddCollateral(MODE.ReturnsFalse);
    await expect(multiAccount.connect(alice).depositForAccount(account, 1000))
      .to.be.revertedWithCustomError(multiAccount, "TokenOperationFailed")
      .withArgs(token.address);
    expect(await token.balanceOf(alice.address)).to.equal(3000);
    expect(await protocol.balances(account)).to.equal(0);
    await expectNothingLeft(token, multiAccount, protocol);
  });

  it("deposits the odd token normally when it behaves", async () => {
    const { multiAccount, token, protocol, alice, account } = await useOddCollateral(MODE.Standard);
    await multiAccount.connect(alice).depositForAccount(account, 1000);
    expect(await protocol.balances(account)).to.equal(1000);
    await expectNothingLeft(token, multiAccount, protocol);
  });

  it("reverts when the collateral has no code", async () => {
    const { multiAccount, admin, alice, carol } = deployment();
    const protocol = await (await ethers.getContractFactory("MockProtocol")).deploy(carol.address);
    await multiAccount.connect(admin).setProtocolAddress(protocol.address);
    const account = await addAccount(multiAccount, alice);
    await expect(multiAccount.connect(alice).depositForAccount(account, 1000)).to.be.revertedWithoutReason();
  });
});
