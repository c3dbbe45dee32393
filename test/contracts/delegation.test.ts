// Delegation: grants per selector, and revocation only through a proposal that has aged past the
// cooldown read at revoke time and has not expired.
import { expect } from "chai";
import type { Contract } from "ethers";
import type { SignerWithAddress } from "@nomiclabs/hardhat-ethers/signers";
import { useSnapshot, addAccount, ethers, minedAt, selectorOf, setNextBlockTimestamp } from "./fixture";

const HOUR = 3600;
const DAY = 24 * HOUR;
const LIFETIME = 7 * DAY;

describe("MultiAccount delegation", () => {
  const { deployment } = useSnapshot();

  async function setup(cooldown = HOUR) {
    const d = deployment();
    const account = await addAccount(d.multiAccount, d.alice);
    const echo = selectorOf(d.protocol, "echo");
    const other = selectorOf(d.protocol, "other");
    const echoCall = d.protocol.interface.encodeFunctionData("echo", [1]);
    if (cooldown > 0) await d.multiAccount.connect(d.admin).setRevokeCooldown(cooldown);
    const asAlice = d.multiAccount.connect(d.alice);
    return { ...d, account, echo, other, echoCall, asAlice };
  }

  /** Alice revokes bob's `echo`: the event, the access and the proposal gone, and bob's call refused. */
  async function revokesEcho({ multiAccount, asAlice, bob, account, echo, echoCall }: Awaited<ReturnType<typeof setup>>) {
    await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
      .to.emit(multiAccount, "DelegateAccess")
      .withArgs(account, bob.address, echo, false);
    expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
    expect(await multiAccount.revokeProposalTimestamp(account, bob.address, echo)).to.equal(0);
    await expect(multiAccount.connect(bob)._call(account, [echoCall]))
      .to.be.revertedWithCustomError(multiAccount, "AccessNotDelegated")
      .withArgs(account, bob.address, echo);
  }

  describe("granting", () => {
    it("grants one selector with delegateAccess", async () => {
      const { multiAccount, asAlice, bob, account, echo, other } = await setup();
      await expect(asAlice.delegateAccess(account, bob.address, echo, true))
        .to.emit(multiAccount, "DelegateAccess")
        .withArgs(account, bob.address, echo, true);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);
      expect(await multiAccount.delegatedAccesses(account, bob.address, other)).to.equal(false);
    });

    it("grants many selectors with delegateAccesses", async () => {
      const { multiAccount, asAlice, bob, carol, account, echo, other } = await setup();
      await expect(asAlice.delegateAccesses(account, bob.address, [echo, other], true))
        .to.emit(multiAccount, "DelegateAccess")
        .withArgs(account, bob.address, other, true);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);
      expect(await multiAccount.delegatedAccesses(account, bob.address, other)).to.equal(true);
      expect(await multiAccount.delegatedAccesses(account, carol.address, echo)).to.equal(false);
    });

    it("refuses state false: revocation goes through a proposal", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      await expect(asAlice.delegateAccess(account, bob.address, echo, false)).to.be.revertedWithCustomError(multiAccount, "RevokeThroughProposal");
      await expect(asAlice.delegateAccesses(account, bob.address, [echo], false)).to.be.revertedWithCustomError(multiAccount, "RevokeThroughProposal");
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);
    });

    it("rejects a zero target and empty selectors", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup();
      const zero = "0x0000000000000000000000000000000000000000";
      await expect(asAlice.delegateAccess(account, zero, echo, true)).to.be.revertedWithCustomError(multiAccount, "ZeroAddress");
      await expect(asAlice.delegateAccesses(account, zero, [echo], true)).to.be.revertedWithCustomError(multiAccount, "ZeroAddress");
      for (const call of [
        () => asAlice.delegateAccesses(account, bob.address, [], true),
        () => asAlice.proposeToRevokeAccesses(account, bob.address, []),
        () => asAlice.revokeAccesses(account, bob.address, []),
      ]) {
        await expect(call()).to.be.revertedWithCustomError(multiAccount, "EmptySelectors");
      }
    });

    it("refuses the account itself as a delegate, with InvalidTarget", async () => {
      const { multiAccount, asAlice, account, echo } = await setup();
      await expect(asAlice.delegateAccess(account, account, echo, true))
        .to.be.revertedWithCustomError(multiAccount, "InvalidTarget")
        .withArgs(account);
      expect(await multiAccount.delegatedAccesses(account, account, echo)).to.equal(false);
    });

    it("refuses the account's owner as a delegate, with InvalidTarget", async () => {
      const { multiAccount, asAlice, alice, account, echo } = await setup();
      await expect(asAlice.delegateAccess(account, alice.address, echo, true))
        .to.be.revertedWithCustomError(multiAccount, "InvalidTarget")
        .withArgs(alice.address);
      expect(await multiAccount.delegatedAccesses(account, alice.address, echo)).to.equal(false);
    });

    it("reverts a whole delegateAccesses batch whose target is the account or its owner, granting none of it", async () => {
      const { multiAccount, asAlice, alice, account, echo, other } = await setup();
      // A batch names one target for all its selectors, so one refused grant is the whole batch refused.
      for (const target of [account, alice.address]) {
        await expect(asAlice.delegateAccesses(account, target, [echo, other], true))
          .to.be.revertedWithCustomError(multiAccount, "InvalidTarget")
          .withArgs(target);
        expect(await multiAccount.delegatedAccesses(account, target, echo)).to.equal(false);
        expect(await multiAccount.delegatedAccesses(account, target, other)).to.equal(false);
      }
    });

    it("still grants to any other target, another account of the same owner included", async () => {
      const { multiAccount, asAlice, alice, bob, account, echo, other } = await setup();
      const secondAccount = await addAccount(multiAccount, alice, "second");
      await expect(asAlice.delegateAccess(account, bob.address, echo, true))
        .to.emit(multiAccount, "DelegateAccess")
        .withArgs(account, bob.address, echo, true);
      await expect(asAlice.delegateAccesses(account, secondAccount, [echo, other], true))
        .to.emit(multiAccount, "DelegateAccess")
        .withArgs(account, secondAccount, other, true);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);
      expect(await multiAccount.delegatedAccesses(account, secondAccount, other)).to.equal(true);
    });

    it("lets only the owner grant, propose and revoke", async () => {
      const { multiAccount, bob, carol, account, echo } = await setup();
      const asBob = multiAccount.connect(bob);
      for (const call of [
        () => asBob.delegateAccess(account, bob.address, echo, true),
        () => asBob.delegateAccesses(account, bob.address, [echo], true),
        () => asBob.proposeToRevokeAccesses(account, carol.address, [echo]),
        () => asBob.revokeAccesses(account, carol.address, [echo]),
      ]) {
        await expect(call()).to.be.revertedWithCustomError(multiAccount, "NotAccountOwner").withArgs(account, bob.address);
      }
      for (const call of [
        () => asBob.delegateAccess(carol.address, bob.address, echo, true),
        () => asBob.delegateAccesses(carol.address, bob.address, [echo], true),
        () => asBob.proposeToRevokeAccesses(carol.address, bob.address, [echo]),
        () => asBob.revokeAccesses(carol.address, bob.address, [echo]),
      ]) {
        await expect(call()).to.be.revertedWithCustomError(multiAccount, "UnknownAccount").withArgs(carol.address);
      }
    });
  });

  describe("revoking", () => {
    it("refuses to propose revoking a selector that is not granted, and changes nothing", async () => {
      const { multiAccount, asAlice, bob, carol, account, echo, other } = await setup(0);
      await asAlice.delegateAccess(account, bob.address, echo, true);
      // One ungranted selector in the batch reverts the whole proposal.
      await expect(asAlice.proposeToRevokeAccesses(account, bob.address, [echo, other]))
        .to.be.revertedWithCustomError(multiAccount, "AccessNotGranted")
        .withArgs(other);
      expect(await multiAccount.revokeProposalTimestamp(account, bob.address, echo)).to.equal(0);
      // Granted to bob is not granted to carol.
      await expect(asAlice.proposeToRevokeAccesses(account, carol.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "AccessNotGranted")
        .withArgs(echo);
      // Once revoked, there is nothing left to propose.
      await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      await expect(asAlice.proposeToRevokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "AccessNotGranted")
        .withArgs(echo);
      expect(await multiAccount.revokeProposalTimestamp(account, bob.address, echo)).to.equal(0);
    });

    it("needs a proposal", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "NoRevokeProposal")
        .withArgs(echo);
    });

    it("waits for the cooldown and works at exactly proposal + cooldown", async () => {
      const context = await setup();
      const { multiAccount, asAlice, bob, account, echo, echoCall } = context;
      await asAlice.delegateAccess(account, bob.address, echo, true);
      const proposeTx = await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]);
      await expect(proposeTx).to.emit(multiAccount, "ProposeToRevokeAccess").withArgs(account, bob.address, echo);
      const proposedAt = await minedAt(proposeTx);
      expect(await multiAccount.revokeProposalTimestamp(account, bob.address, echo)).to.equal(proposedAt);

      // Until the revoke lands, the grant still works.
      await multiAccount.connect(bob)._call(account, [echoCall]);
      await setNextBlockTimestamp(proposedAt + HOUR - 1);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "RevokeCooldownNotPassed")
        .withArgs(echo, proposedAt + HOUR);

      await setNextBlockTimestamp(proposedAt + HOUR);
      await revokesEcho(context);
      // The proposal is used up.
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "NoRevokeProposal")
        .withArgs(echo);
    });

    it("works with a zero cooldown right after the proposal", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup(0);
      await asAlice.delegateAccess(account, bob.address, echo, true);
      await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
    });

    it("expires a proposal 7 days after its cooldown passed", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      const expiresAt = proposedAt + HOUR + LIFETIME;
      await setNextBlockTimestamp(expiresAt + 1);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "RevokeProposalExpired")
        .withArgs(echo, expiresAt);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);

      // A new proposal works again.
      const reproposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      await setNextBlockTimestamp(reproposedAt + HOUR);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
    });

    it("still accepts a proposal on the last second of its lifetime", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      await setNextBlockTimestamp(proposedAt + HOUR + LIFETIME);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
    });

    it("clears a pending proposal when the selector is granted again", async () => {
      const { multiAccount, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      await asAlice.delegateAccesses(account, bob.address, [echo], true);
      expect(await multiAccount.revokeProposalTimestamp(account, bob.address, echo)).to.equal(0);
      await setNextBlockTimestamp(proposedAt + HOUR);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "NoRevokeProposal")
        .withArgs(echo);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);
    });

    it("reads the cooldown at revoke time", async () => {
      const { multiAccount, admin, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      await multiAccount.connect(admin).setRevokeCooldown(2 * HOUR);
      await setNextBlockTimestamp(proposedAt + HOUR);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "RevokeCooldownNotPassed")
        .withArgs(echo, proposedAt + 2 * HOUR);
      await setNextBlockTimestamp(proposedAt + 2 * HOUR);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
    });

    it("revokes per selector and per target", async () => {
      const { multiAccount, asAlice, bob, carol, account, echo, other } = await setup();
      await asAlice.delegateAccesses(account, bob.address, [echo, other], true);
      await asAlice.delegateAccess(account, carol.address, echo, true);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      await setNextBlockTimestamp(proposedAt + HOUR);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo, other]))
        .to.be.revertedWithCustomError(multiAccount, "NoRevokeProposal")
        .withArgs(other);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
      expect(await multiAccount.delegatedAccesses(account, bob.address, other)).to.equal(true);
      expect(await multiAccount.delegatedAccesses(account, carol.address, echo)).to.equal(true);
    });
  });

  describe("pausing", () => {
    // A proposal ages only while the contract runs: neither the owner (who cannot revoke) nor the
    // delegate (who cannot call) can act while it is paused.
    async function pauseBetween(admin: SignerWithAddress, multiAccount: Contract, from: number, to: number) {
      await setNextBlockTimestamp(from);
      await multiAccount.connect(admin).pause();
      await setNextBlockTimestamp(to);
      await multiAccount.connect(admin).unpause();
    }

    async function proposeBoth() {
      const context = await setup();
      const { asAlice, bob, account, echo, other } = context;
      await asAlice.delegateAccesses(account, bob.address, [echo, other], true);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo, other]));
      return { ...context, proposedAt };
    }

    it("keeps a proposal usable through an 8-day pause: the revoke goes through once unpaused", async () => {
      const context = await proposeBoth();
      const { multiAccount, admin, asAlice, account, bob, echo, proposedAt } = context;
      await setNextBlockTimestamp(proposedAt + HOUR);
      await multiAccount.connect(admin).pause();
      await expect(asAlice.revokeAccesses(account, bob.address, [echo])).to.be.revertedWithCustomError(multiAccount, "EnforcedPause");
      await setNextBlockTimestamp(proposedAt + HOUR + 8 * DAY);
      await multiAccount.connect(admin).unpause();

      await revokesEcho(context);
    });

    it("delays readiness by the time paused during the cooldown, to the second", async () => {
      const { multiAccount, admin, asAlice, bob, account, echo, proposedAt } = await proposeBoth();
      await pauseBetween(admin, multiAccount, proposedAt + 600, proposedAt + 600 + 1800);
      const readyAt = proposedAt + HOUR + 1800;
      await setNextBlockTimestamp(readyAt - 1);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "RevokeCooldownNotPassed")
        .withArgs(echo, readyAt);
      await setNextBlockTimestamp(readyAt);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.emit(multiAccount, "DelegateAccess")
        .withArgs(account, bob.address, echo, false);
    });

    /** The proposal of `echo` and `other` still works at `expiresAt` (echo), and has expired one second later (other). */
    async function expectExpiry(
      {
        multiAccount,
        asAlice,
        bob,
        account,
        echo,
        other,
      }: Pick<Awaited<ReturnType<typeof setup>>, "multiAccount" | "asAlice" | "bob" | "account" | "echo" | "other">,
      expiresAt: number
    ) {
      await setNextBlockTimestamp(expiresAt);
      await asAlice.revokeAccesses(account, bob.address, [echo]);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(false);
      await setNextBlockTimestamp(expiresAt + 1);
      await expect(asAlice.revokeAccesses(account, bob.address, [other]))
        .to.be.revertedWithCustomError(multiAccount, "RevokeProposalExpired")
        .withArgs(other, expiresAt);
    }

    it("extends the usable window by exactly the time paused within it", async () => {
      const { multiAccount, admin, asAlice, bob, account, echo, other, proposedAt } = await proposeBoth();
      await pauseBetween(admin, multiAccount, proposedAt + HOUR + 2 * DAY, proposedAt + HOUR + 5 * DAY);
      const expiresAt = proposedAt + HOUR + LIFETIME + 3 * DAY;
      await expectExpiry({ multiAccount, asAlice, bob, account, echo, other }, expiresAt);
      expect(await multiAccount.delegatedAccesses(account, bob.address, other)).to.equal(true);
    });

    it("adds up repeated pauses after the proposal, and ignores a pause before it", async () => {
      const { multiAccount, admin, asAlice, bob, account, echo, other } = await setup();
      await asAlice.delegateAccesses(account, bob.address, [echo, other], true);
      const now = (await ethers.provider.getBlock("latest")).timestamp;
      await pauseBetween(admin, multiAccount, now + 10, now + 10 + 5 * DAY);
      const proposedAt = now + 5 * DAY + 20;
      await setNextBlockTimestamp(proposedAt);
      await asAlice.proposeToRevokeAccesses(account, bob.address, [echo, other]);
      const pauses = [
        [proposedAt + 60, 20 * 60],
        [proposedAt + HOUR + DAY, 2 * DAY],
        [proposedAt + HOUR + 4 * DAY, 6 * DAY],
        [proposedAt + HOUR + 11 * DAY, 1],
      ];
      for (const [from, length] of pauses) await pauseBetween(admin, multiAccount, from, from + length);
      const paused = pauses.reduce((sum, [, length]) => sum + length, 0);
      const expiresAt = proposedAt + HOUR + LIFETIME + paused;
      await expectExpiry({ multiAccount, asAlice, bob, account, echo, other }, expiresAt);
    });

    it("still expires a proposal that no pause touched, 7 days after its cooldown, even after earlier pauses", async () => {
      const { multiAccount, admin, asAlice, bob, account, echo } = await setup();
      await asAlice.delegateAccess(account, bob.address, echo, true);
      const now = (await ethers.provider.getBlock("latest")).timestamp;
      await pauseBetween(admin, multiAccount, now + 10, now + 10 + 3 * DAY);
      const proposedAt = await minedAt(await asAlice.proposeToRevokeAccesses(account, bob.address, [echo]));
      const expiresAt = proposedAt + HOUR + LIFETIME;
      await setNextBlockTimestamp(expiresAt + 1);
      await expect(asAlice.revokeAccesses(account, bob.address, [echo]))
        .to.be.revertedWithCustomError(multiAccount, "RevokeProposalExpired")
        .withArgs(echo, expiresAt);
      expect(await multiAccount.delegatedAccesses(account, bob.address, echo)).to.equal(true);
    });
  });

  describe("cooldown bound", () => {
    it("accepts exactly 30 days and rejects more", async () => {
      const { multiAccount, admin } = await setup(0);
      await expect(multiAccount.connect(admin).setRevokeCooldown(30 * DAY + 1))
        .to.be.revertedWithCustomError(multiAccount, "RevokeCooldownTooLong")
        .withArgs(30 * DAY + 1, 30 * DAY);
      await expect(multiAccount.connect(admin).setRevokeCooldown(30 * DAY))
        .to.emit(multiAccount, "SetRevokeCooldown")
        .withArgs(0, 30 * DAY);
      expect(await multiAccount.revokeCooldown()).to.equal(30 * DAY);
    });
  });
});
