// The safety rules checked after a step, on one read of the chain (MultiAccountLens): the
// structure rules on their own, then everything read against the model.
import { BigNumber, utils } from "ethers";
import { ZERO_ADDRESS } from "./actors";
import { bytecodeOf, type Env } from "./env";
import { accessKey, findAccount, type ModelState } from "./model";
import type { Labeler } from "./labels";
import { predictAccount } from "./reference/accounts";
import type { Scope } from "./scope";
import type { World } from "./world";

interface Listed {
  account: string;
  name: string;
  owner: string;
  index: number;
}

export interface Reading {
  scope: Scope;
  paused: boolean;
  revokeCooldown: number;
  protocolAddress: string;
  accountsAdmin: string;
  implementationHash: string;
  version: string;
  users: { count: number; predicted: string; accounts: Listed[] }[];
  holderBalances: bigint[];
  strangerOwners: string[];
  allowances: bigint[];
  echoCounts: number[];
  accounts: { owner: string; index: number; balances: bigint[]; allocated: bigint[] }[];
  accesses: { granted: boolean; proposedAt: number }[];
}

type Raw = BigNumber;
const big = (value: Raw) => value.toBigInt();
const num = (value: Raw) => value.toNumber();

export async function read(world: World, env: Env, scope: Scope): Promise<Reading> {
  const keys = scope.keys.map((k) => [k.account, k.target, k.selector]);
  const query = [env.multiAccount, env.token, env.protocols, scope.users, scope.holders, scope.strangers, scope.accounts, keys];
  const raw = await world.call(world.lens, world.abis.lens.encodeFunctionData("read", [query]));
  const [r] = world.abis.lens.decodeFunctionResult("read", raw);
  return {
    scope,
    paused: r.paused,
    revokeCooldown: num(r.revokeCooldown),
    protocolAddress: r.protocolAddress,
    accountsAdmin: r.accountsAdmin,
    implementationHash: r.implementationHash,
    version: r.version,
    users: r.users.map((u: { count: Raw; predicted: string; accounts: { account: string; name: string; owner: string; index: Raw }[] }) => ({
      count: num(u.count),
      predicted: u.predicted,
      accounts: u.accounts.map((a) => ({ account: a.account, name: a.name, owner: a.owner, index: num(a.index) })),
    })),
    holderBalances: r.holderBalances.map(big),
    strangerOwners: [...r.strangerOwners],
    allowances: r.allowances.map(big),
    echoCounts: r.echoCounts.map(num),
    accounts: r.accounts.map((a: { owner: string; index: Raw; balances: Raw[]; allocated: Raw[] }) => ({
      owner: a.owner,
      index: num(a.index),
      balances: a.balances.map(big),
      allocated: a.allocated.map(big),
    })),
    accesses: r.accesses.map((a: { granted: boolean; proposedAt: Raw }) => ({ granted: a.granted, proposedAt: num(a.proposedAt) })),
  };
}

/** Rules that need no model: one owner per account, and owners, indexOfAccount and getAccounts agree. */
export function checkStructure(reading: Reading, label: Labeler): string[] {
  const complaints: string[] = [];
  const seen = new Map<string, string>();
  reading.users.forEach((user, u) => {
    const who = label(reading.scope.users[u]);
    if (user.count !== user.accounts.length) {
      complaints.push(`getAccountsLength(${who}) is ${user.count} but getAccounts lists ${user.accounts.length}`);
    }
    user.accounts.forEach((listed, i) => {
      const where = `getAccounts(${who})[${i}] = ${label(listed.account)}`;
      if (seen.has(listed.account)) complaints.push(`${where} is also listed at ${seen.get(listed.account)}`);
      seen.set(listed.account, `getAccounts(${who})[${i}]`);
      if (listed.owner !== reading.scope.users[u]) complaints.push(`${where}: owners() is ${label(listed.owner)}`);
      if (listed.index !== i) complaints.push(`${where}: indexOfAccount() is ${listed.index}`);
    });
  });
  return complaints;
}

const implementationHashes = new Map<string, string>();

function implementationHash(env: Env, s: ModelState): string {
  const key = `${env.multiAccount}|${s.implementation}`;
  if (!implementationHashes.has(key)) implementationHashes.set(key, utils.keccak256(bytecodeOf(env, s.implementation)));
  return implementationHashes.get(key)!;
}

/** Everything read, against the model. */
export function checkModel(env: Env, s: ModelState, reading: Reading, label: Labeler): string[] {
  const complaints: string[] = [];
  const show = (value: unknown) => (typeof value === "string" && value.length === 42 && utils.isAddress(value) ? label(value) : String(value));
  const expect = (what: string, expected: unknown, actual: unknown) => {
    if (String(expected) !== String(actual)) complaints.push(`${what}: expected ${show(expected)}, got ${show(actual)}`);
  };
  const { scope } = reading;
  expect("paused()", s.paused, reading.paused);
  expect("revokeCooldown()", s.revokeCooldown, reading.revokeCooldown);
  expect("protocolAddress()", s.protocolAddress, reading.protocolAddress);
  expect("accountsAdmin()", s.accountsAdmin, reading.accountsAdmin);
  expect("version()", JSON.stringify(s.version), JSON.stringify(reading.version));
  expect("keccak256(accountImplementation())", implementationHash(env, s), reading.implementationHash);
  s.protocols.forEach((p, i) => {
    expect(`allowance(multiAccount, ${label(p.address)})`, 0n, reading.allowances[i]);
    expect(`echoCount of ${label(p.address)}`, p.echoCount, reading.echoCounts[i]);
  });

  scope.users.forEach((user, u) => {
    const who = label(user);
    const list = s.lists[user] ?? [];
    const actual = reading.users[u];
    expect(`getAccounts(${who})`, list.map(label).join(", "), actual.accounts.map((a) => label(a.account)).join(", "));
    for (const listed of actual.accounts) {
      const name = findAccount(s, listed.account)?.name;
      if (name !== undefined) expect(`name of ${label(listed.account)}`, JSON.stringify(name), JSON.stringify(listed.name));
    }
    expect(`predictNextAccountAddress(${who})`, predictAccount(env, s.implementation, user, list.length), actual.predicted);
  });

  scope.holders.forEach((holder, h) => expect(`token balance of ${label(holder)}`, s.tokens[holder] ?? 0n, reading.holderBalances[h]));
  // The custody rules by name (the balances above cover them too), for clearer reports.
  const multiAccountBalance = reading.holderBalances[scope.holders.indexOf(env.multiAccount)];
  if (multiAccountBalance !== s.donated) {
    complaints.push(`the MultiAccount holds ${multiAccountBalance} tokens; only the ${s.donated} donated to it may stay there`);
  }
  scope.strangers.forEach((stranger, i) => expect(`owners(${label(stranger)})`, ZERO_ADDRESS, reading.strangerOwners[i]));

  scope.accounts.forEach((account, a) => {
    const model = findAccount(s, account);
    const actual = reading.accounts[a];
    const held = reading.holderBalances[scope.holders.indexOf(account)];
    if (held !== undefined && held !== 0n) complaints.push(`account ${label(account)} holds ${held} tokens; accounts never hold any`);
    expect(`owners(${label(account)})`, model?.owner ?? ZERO_ADDRESS, actual.owner);
    expect(`indexOfAccount(${label(account)})`, model?.index ?? 0, actual.index);
    s.protocols.forEach((p, i) => {
      expect(`${label(p.address)}.balances(${label(account)})`, p.balances[account] ?? 0n, actual.balances[i]);
      expect(`${label(p.address)}.allocated(${label(account)})`, p.allocated[account] ?? 0n, actual.allocated[i]);
    });
  });

  scope.keys.forEach((key, k) => {
    const model = s.accesses[accessKey(key.account, key.target, key.selector)];
    const actual = reading.accesses[k];
    const what = `(${label(key.account)}, ${label(key.target)}, ${key.selector})`;
    expect(`delegatedAccesses${what}`, model?.granted ?? false, actual.granted);
    expect(`revokeProposalTimestamp${what}`, model?.proposedAt ?? 0, actual.proposedAt);
  });
  return complaints;
}

/** A stable text of a reading, to compare two of the same scope whole. */
export function fingerprint(reading: Reading): string {
  return JSON.stringify({ ...reading, scope: undefined }, (_, value) => (typeof value === "bigint" ? value.toString() : value));
}
