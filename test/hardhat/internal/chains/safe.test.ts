// The ProxyAdmin's upgrade as a Safe batch transaction, encoded from its method and values as the
// Transaction Builder encodes it (here by ethers), for both OpenZeppelin majors; the Safe versions
// whose transaction hash the task computes. The hash itself and the batch file are checked against
// the Safe contracts and protocol-kit in test/hardhat/internal/tasks/safe-upgrade.test.ts.
import { expect } from "chai";
import { utils } from "ethers";
import { encodeTransaction, supportedSafeVersion } from "../../../../src/hardhat/internal/chains/safe";
import { upgradeTransaction } from "../../../../src/hardhat/internal/files/safe-batch";

const ADMIN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PROXY = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const IMPLEMENTATION = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";

describe("the ProxyAdmin's upgrade as a Safe batch transaction", () => {
  for (const [major, signature, args] of [
    [4, "function upgrade(address proxy, address implementation)", [PROXY, IMPLEMENTATION]],
    [5, "function upgradeAndCall(address proxy, address implementation, bytes data) payable", [PROXY, IMPLEMENTATION, "0x"]],
  ] as const) {
    it(`OpenZeppelin ${major}: ${signature.split("(")[0].slice(9)}, to the ProxyAdmin, encoded as ethers encodes the method and its values`, () => {
      const transaction = upgradeTransaction(major, ADMIN, PROXY, IMPLEMENTATION);
      const fragment = utils.FunctionFragment.from(signature.slice(9));
      expect(transaction.contractMethod).to.deep.equal({
        name: fragment.name,
        payable: major === 5,
        inputs: fragment.inputs.map((input) => ({ internalType: input.type, name: input.name, type: input.type })),
      });
      const values = transaction.contractMethod.inputs.map((input) => transaction.contractInputsValues[input.name]);
      expect(values).to.deep.equal(args);
      const call = encodeTransaction(utils.keccak256, transaction);
      expect(call).to.deep.equal({ to: ADMIN, value: 0n, data: new utils.Interface([signature]).encodeFunctionData(fragment.name, [...args]) });
    });
  }

  it("the hash is computed for Safe 1.3.0 and later, whose domain has the chain id", () => {
    expect(["1.1.1", "1.2.0", "1.3.0", "1.4.1", "1.5.0", "2.0.0"].map(supportedSafeVersion)).to.deep.equal([false, false, true, true, true, true]);
  });
});
