// Account management: CREATE2 addresses bound to user and counter, bookkeeping, paging, names,
// and bytecode that must never register a code-less account.
import { expect } from "chai";
import { ethers, useSnapshot, addAccount } from "./fixture";

const { AddressZero, MaxUint256 } = ethers.constants;

describe("MultiAccount accounts", () => {
  const { deployment } = useSnapshot();

  describe("addresses", () => {
    it("deploys each account at predictNextAccountAddress(user)", async () => {
      const { multiAccount, alice, bob } = deployment();
      for (let i = 0; i < 3; ++i) {
        for (const user of [alice, bob]) {
          const predicted = await multiAccount.predictNextAccountAddress(user.address);
          await expect(multiAccount.connect(user).addAccount(`acc ${i}`))
            .to.emit(multiAccount, "AddAccount")
            .withArgs(user.address, predicted, `acc ${i}`);
          expect(await ethers.provider.getCode(predicted)).to.not.equal("0x");
        }
      }
    });

    it("binds the salt to the user and the user's own counter", async () => {
      const { multiAccount, alice, accountBytecode } = deployment();
      const initCode = ethers.utils.hexConcat([accountBytecode, ethers.utils.defaultAbiCoder.encode(["address"], [multiAccount.address])]);
      for (let index = 0; index < 2; ++index) {
        const salt = ethers.utils.keccak256(ethers.utils.defaultAbiCoder.encode(["address", "uint256"], [alice.address, index]));
        const expected = ethers.utils.getCreate2Address(multiAccount.address, salt, ethers.utils.keccak256(initCode));
        expect(await addAccount(multiAccount, alice)).to.equal(expected);
      }
    });

    it("keeps a predicted, pre-funded address for the user who predicted it", async () => {
      const { multiAccount, alice, bob } = deployment();
      const predicted = await multiAccount.predictNextAccountAddress(alice.address);
      const prefund = ethers.utils.parseEther("1");
      await alice.sendTransaction({ to: predicted, value: prefund });

      for (let i = 0; i < 5; ++i) expect(await addAccount(multiAccount, bob)).to.not.equal(predicted);
      expect(await ethers.provider.getCode(predicted)).to.equal("0x");
      expect(await multiAccount.predictNextAccountAddress(alice.address)).to.equal(predicted);

      expect(await addAccount(multiAccount, alice)).to.equal(predicted);
      expect(await multiAccount.owners(predicted)).to.equal(alice.address);
      expect(await ethers.provider.getBalance(predicted)).to.equal(prefund);
    });

    it("hands each user's accounts their own ProtocolPartyA bound to this MultiAccount", async () => {
      const { multiAccount, alice, accountFactory } = deployment();
      const account = await addAccount(multiAccount, alice);
      // The runtime code holds the MultiAccount as its one immutable: the same code as a
      // ProtocolPartyA deployed for this MultiAccount by hand.
      const reference = await accountFactory.deploy(multiAccount.address);
      expect(await ethers.provider.getCode(account)).to.equal(await ethers.provider.getCode(reference.address));
      const other = await accountFactory.deploy(alice.address);
      expect(await ethers.provider.getCode(account)).to.not.equal(await ethers.provider.getCode(other.address));
    });
  });

  describe("bookkeeping and paging", () => {
    it("records owner, index and length per user", async () => {
      const { multiAccount, alice, bob } = deployment();
      const a0 = await addAccount(multiAccount, alice, "a0");
      const b0 = await addAccount(multiAccount, bob, "b0");
      const a1 = await addAccount(multiAccount, alice, "a1");
      expect(await multiAccount.owners(a0)).to.equal(alice.address);
      expect(await multiAccount.owners(a1)).to.equal(alice.address);
      expect(await multiAccount.owners(b0)).to.equal(bob.address);
      expect(await multiAccount.owners(alice.address)).to.equal(AddressZero);
      expect(await multiAccount.indexOfAccount(a0)).to.equal(0);
      expect(await multiAccount.indexOfAccount(a1)).to.equal(1);
      expect(await multiAccount.indexOfAccount(b0)).to.equal(0);
      expect(await multiAccount.getAccountsLength(alice.address)).to.equal(2);
      expect(await multiAccount.getAccountsLength(bob.address)).to.equal(1);
      const page = await multiAccount.getAccounts(alice.address, 0, 10);
      expect(page.map((a: { accountAddress: string; name: string }) => [a.accountAddress, a.name])).to.deep.equal([
        [a0, "a0"],
        [a1, "a1"],
      ]);
    });

    it("clamps out-of-range pages and never panics", async () => {
      const { multiAccount, alice, carol } = deployment();
      const accounts = [];
      for (let i = 0; i < 3; ++i) accounts.push(await addAccount(multiAccount, alice, `n${i}`));
      const addresses = async (start: unknown, size: unknown) =>
        (await multiAccount.getAccounts(alice.address, start, size)).map((a: { accountAddress: string }) => a.accountAddress);

      expect(await addresses(1, 1)).to.deep.equal([accounts[1]]);
      expect(await addresses(1, 100)).to.deep.equal(accounts.slice(1));
      expect(await addresses(0, MaxUint256)).to.deep.equal(accounts);
      expect(await addresses(2, MaxUint256)).to.deep.equal([accounts[2]]); // start + size overflows
      expect(await addresses(MaxUint256, MaxUint256)).to.deep.equal([]);
      expect(await addresses(3, 1)).to.deep.equal([]);
      expect(await addresses(0, 0)).to.deep.equal([]);
      expect(await multiAccount.getAccounts(carol.address, 0, 10)).to.deep.equal([]);
    });
  });

  describe("editAccountName", () => {
    it("lets the owner rename an account", async () => {
      const { multiAccount, alice } = deployment();
      const account = await addAccount(multiAccount, alice, "old");
      await addAccount(multiAccount, alice, "second");
      await expect(multiAccount.connect(alice).editAccountName(account, "new"))
        .to.emit(multiAccount, "EditAccountName")
        .withArgs(alice.address, account, "new");
      const [first, second] = await multiAccount.getAccounts(alice.address, 0, 2);
      expect(first.name).to.equal("new");
      expect(second.name).to.equal("second");
    });

    it("rejects anyone but the owner", async () => {
      const { multiAccount, alice, bob, admin } = deployment();
      const account = await addAccount(multiAccount, alice, "mine");
      await addAccount(multiAccount, bob, "bob's");
      for (const caller of [bob, admin]) {
        await expect(multiAccount.connect(caller).editAccountName(account, "stolen"))
          .to.be.revertedWithCustomError(multiAccount, "NotAccountOwner")
          .withArgs(account, caller.address);
      }
      expect((await multiAccount.getAccounts(alice.address, 0, 1))[0].name).to.equal("mine");
    });

    it("rejects an unknown account", async () => {
      const { multiAccount, alice, bob } = deployment();
      await expect(multiAccount.connect(alice).editAccountName(bob.address, "x"))
        .to.be.revertedWithCustomError(multiAccount, "UnknownAccount")
        .withArgs(bob.address);
      await expect(multiAccount.connect(alice).editAccountName(AddressZero, "x"))
        .to.be.revertedWithCustomError(multiAccount, "UnknownAccount")
        .withArgs(AddressZero);
    });
  });

  describe("junk account bytecode", () => {
    for (const [label, code] of [
      ["0x00 (deploys empty code)", "0x00"],
      ["0xfe (constructor reverts)", "0xfe"],
    ]) {
      it(`never registers an account from ${label}`, async () => {
        const { multiAccount, admin, alice } = deployment();
        await multiAccount.connect(admin).setAccountImplementation(code);
        expect(await multiAccount.accountImplementation()).to.equal(code);
        const predicted = await multiAccount.predictNextAccountAddress(alice.address);
        await expect(multiAccount.connect(alice).addAccount("junk")).to.be.revertedWithCustomError(multiAccount, "AccountDeploymentFailed");
        expect(await multiAccount.getAccountsLength(alice.address)).to.equal(0);
        expect(await multiAccount.owners(predicted)).to.equal(AddressZero);
        expect(await ethers.provider.getCode(predicted)).to.equal("0x");
      });
    }

    it("rejects empty bytecode in the setter", async () => {
      const { multiAccount, admin, accountBytecode } = deployment();
      await expect(multiAccount.connect(admin).setAccountImplementation("0x")).to.be.revertedWithCustomError(multiAccount, "EmptyAccountImplementation");
      expect(await multiAccount.accountImplementation()).to.equal(accountBytecode.toLowerCase());
    });

    it("accepts 24575 bytes and rejects 24576 bytes in the setter", async () => {
      const { multiAccount, admin } = deployment();
      // Hardhat's gas estimate for these transactions overshoots the 16,777,216 per-transaction cap
      // (the accepted one really uses about 5.4M), so the limit is given explicitly.
      const gasLimit = 8_000_000;
      await expect(multiAccount.connect(admin).setAccountImplementation("0x" + "fe".repeat(24576), { gasLimit }))
        .to.be.revertedWithCustomError(multiAccount, "AccountImplementationTooLarge")
        .withArgs(24576, 24575);
      const largest = "0x" + "fe".repeat(24575);
      await multiAccount.connect(admin).setAccountImplementation(largest, { gasLimit });
      expect(await multiAccount.accountImplementation()).to.equal(largest);
    });
  });
});
