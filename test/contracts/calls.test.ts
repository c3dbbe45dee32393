// _call: who may forward what, batch shape, revert bubbling and reentrancy.
import { expect } from "chai";
import { useSnapshot, addAccount, selectorOf } from "./fixture";

describe("MultiAccount _call", () => {
  const { deployment } = useSnapshot();

  async function setup() {
    const d = deployment();
    const account = await addAccount(d.multiAccount, d.alice);
    const encode = (name: string, args: unknown[] = []) => d.protocol.interface.encodeFunctionData(name, args);
    return { ...d, account, encode };
  }

  describe("who may call", () => {
    it("lets the owner call any selector, including the protocol's fallback", async () => {
      const { multiAccount, protocol, alice, account, encode } = await setup();
      await multiAccount.connect(alice)._call(account, [encode("echo", [1]), encode("other", [2])]);
      expect(await protocol.echoCount()).to.equal(1);
      expect(await protocol.lastCaller()).to.equal(account);
      await multiAccount.connect(alice)._call(account, ["0xdeadbeef01"]);
      expect(await protocol.lastCallData()).to.equal("0xdeadbeef01");
    });

    it("lets a delegate call only the selectors granted to it", async () => {
      const { multiAccount, protocol, alice, bob, account, encode } = await setup();
      await multiAccount.connect(alice).delegateAccess(account, bob.address, selectorOf(protocol, "echo"), true);
      await expect(multiAccount.connect(bob)._call(account, [encode("echo", [5])]))
        .to.emit(protocol, "Echo")
        .withArgs(account, 5);
      await expect(multiAccount.connect(bob)._call(account, [encode("echo", [6]), encode("other", [1])]))
        .to.be.revertedWithCustomError(multiAccount, "AccessNotDelegated")
        .withArgs(account, bob.address, selectorOf(protocol, "other"));
      expect(await protocol.echoCount()).to.equal(1);
    });

    it("rejects a stranger with AccessNotDelegated", async () => {
      const { multiAccount, protocol, carol, account, encode } = await setup();
      await expect(multiAccount.connect(carol)._call(account, [encode("echo", [1])]))
        .to.be.revertedWithCustomError(multiAccount, "AccessNotDelegated")
        .withArgs(account, carol.address, selectorOf(protocol, "echo"));
    });

    it("does not carry a grant over to another account of the same owner", async () => {
      const { multiAccount, protocol, alice, bob, account, encode } = await setup();
      const second = await addAccount(multiAccount, alice, "second");
      await multiAccount.connect(alice).delegateAccess(account, bob.address, selectorOf(protocol, "echo"), true);
      await expect(multiAccount.connect(bob)._call(second, [encode("echo", [1])]))
        .to.be.revertedWithCustomError(multiAccount, "AccessNotDelegated")
        .withArgs(second, bob.address, selectorOf(protocol, "echo"));
    });

    it("rejects an unknown account", async () => {
      const { multiAccount, alice, bob, encode } = await setup();
      await expect(multiAccount.connect(alice)._call(bob.address, [encode("echo", [1])]))
        .to.be.revertedWithCustomError(multiAccount, "UnknownAccount")
        .withArgs(bob.address);
    });
  });

  describe("batch shape", () => {
    it("rejects call data shorter than 4 bytes from the owner", async () => {
      const { multiAccount, alice, account, encode } = await setup();
      for (const short of ["0x", "0x12", "0x123456"]) {
        await expect(multiAccount.connect(alice)._call(account, [encode("echo", [1]), short]))
          .to.be.revertedWithCustomError(multiAccount, "CallDataTooShort")
          .withArgs(1, (short.length - 2) / 2);
      }
    });

    it("rejects call data shorter than 4 bytes from a delegate", async () => {
      const { multiAccount, protocol, alice, bob, account } = await setup();
      await multiAccount.connect(alice).delegateAccess(account, bob.address, "0x00000000", true);
      await multiAccount.connect(alice).delegateAccess(account, bob.address, "0x12345600", true);
      for (const short of ["0x", "0x123456"]) {
        await expect(multiAccount.connect(bob)._call(account, [short]))
          .to.be.revertedWithCustomError(multiAccount, "CallDataTooShort")
          .withArgs(0, (short.length - 2) / 2);
      }
      expect(await protocol.lastCaller()).to.equal("0x0000000000000000000000000000000000000000");
    });

    it("rejects an empty batch", async () => {
      const { multiAccount, alice, account } = await setup();
      await expect(multiAccount.connect(alice)._call(account, [])).to.be.revertedWithCustomError(multiAccount, "EmptyBatch");
    });

    it("runs a batch of 300 calls (no 8-bit counter)", async () => {
      const { multiAccount, protocol, alice, account, encode } = await setup();
      const batch = Array.from({ length: 300 }, (_, i) => encode("echo", [i]));
      await multiAccount.connect(alice)._call(account, batch);
      expect(await protocol.echoCount()).to.equal(300);
      expect(await protocol.lastCallData()).to.equal(batch[299]);
    });

    it("emits Call with the call data and the result", async () => {
      const { multiAccount, protocol, alice, account, encode } = await setup();
      const callData = encode("echo", [21]);
      const result = protocol.interface.encodeFunctionResult("echo", [42]);
      await expect(multiAccount.connect(alice)._call(account, [callData]))
        .to.emit(multiAccount, "Call")
        .withArgs(alice.address, account, callData, result);
    });
  });

  describe("failures", () => {
    it("bubbles up a revert reason unchanged and rolls back the whole batch", async () => {
      const { multiAccount, protocol, alice, account, encode } = await setup();
      await expect(multiAccount.connect(alice)._call(account, [encode("echo", [1]), encode("failWithReason", ["no way"])])).to.be.revertedWith("no way");
      expect(await protocol.echoCount()).to.equal(0);
    });

    it("bubbles up a custom error unchanged", async () => {
      const { multiAccount, protocol, alice, account, encode } = await setup();
      await expect(multiAccount.connect(alice)._call(account, [encode("failWithCustom", [7])]))
        .to.be.revertedWithCustomError(protocol, "CustomFailure")
        .withArgs(7);
    });

    it("bubbles up a panic unchanged", async () => {
      const { multiAccount, alice, account, encode } = await setup();
      await expect(multiAccount.connect(alice)._call(account, [encode("failWithPanic")])).to.be.revertedWithPanic(0x12);
    });

    it("bubbles up the exact revert bytes", async () => {
      const { multiAccount, protocol, alice, account, encode } = await setup();
      const expected = protocol.interface.encodeErrorResult("CustomFailure", [99]);
      let data: string | undefined;
      try {
        await multiAccount.connect(alice).callStatic._call(account, [encode("failWithCustom", [99])]);
      } catch (error) {
        data = (error as { data?: string }).data;
      }
      expect(data).to.equal(expected);
    });
  });

  describe("reentrancy", () => {
    type Setup = Awaited<ReturnType<typeof setup>>;
    const reentries: [string, (d: Setup) => string][] = [
      ["_call", (d) => d.multiAccount.interface.encodeFunctionData("_call", [d.account, [d.encode("echo", [1])]])],
      ["depositForAccount", (d) => d.multiAccount.interface.encodeFunctionData("depositForAccount", [d.account, 1])],
      ["addAccount", (d) => d.multiAccount.interface.encodeFunctionData("addAccount", ["evil"])],
      ["withdrawFromAccount", (d) => d.multiAccount.interface.encodeFunctionData("withdrawFromAccount", [d.account, 1])],
    ];
    for (const [label, reenterCallData] of reentries) {
      it(`stops the protocol re-entering ${label} during a forwarded call`, async () => {
        const d = await setup();
        const { multiAccount, protocol, alice, account, encode } = d;
        await protocol.setReenter(multiAccount.address, reenterCallData(d));
        await expect(multiAccount.connect(alice)._call(account, [encode("echo", [1])])).to.be.revertedWith("ReentrancyGuard: reentrant call");
        expect(await protocol.echoCount()).to.equal(0);
        expect(await multiAccount.getAccountsLength(protocol.address)).to.equal(0);
      });
    }
  });
});
