// Views checked on their own: getAccounts pages with any start and size, out of range included.
import type { Actor } from "../actors";
import { findAccount } from "../model";
import type { Resolver, Step } from "./types";

const MAX = 2n ** 256n - 1n;

export function accountsView(r: Resolver, user: Actor, start: bigint, size: bigint): Step {
  const address = r.env.actors[user];
  const list = r.s.lists[address] ?? [];
  const length = BigInt(list.length);
  const from = start >= length ? length : start;
  const to = size > length - from ? length : from + size;
  const expected = list.slice(Number(from), Number(to)).map((a) => `${r.label(a)} ${JSON.stringify(findAccount(r.s, a)!.name)}`);
  const shown = (n: bigint) => (n === MAX ? "max" : String(n));
  return {
    label: `getAccounts(${user}, ${shown(start)}, ${shown(size)})`,
    userAction: false,
    view: {
      to: r.env.multiAccount,
      data: r.abis.multiAccount.encodeFunctionData("getAccounts", [address, start, size]),
      check: (result) => {
        const [got] = r.abis.multiAccount.decodeFunctionResult("getAccounts", result) as unknown as [{ accountAddress: string; name: string }[]];
        const actual = got.map((a) => `${r.label(a.accountAddress)} ${JSON.stringify(a.name)}`);
        return actual.join(", ") === expected.join(", ") ? null : `expected [${expected.join(", ")}], got [${actual.join(", ")}]`;
      },
    },
    involves: { addresses: [address], keys: [] },
  };
}
