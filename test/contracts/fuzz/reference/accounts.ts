// Account management as the rules say it should behave: addAccount, editAccountName, and where a
// user's next account lands.
import { utils } from "ethers";
import { text } from "../codec";
import { bytecodeOf, type Env, type Implementation } from "../env";
import { emit, nonReentrant, onlyOwner, revert, whenNotPaused, type Ctx } from "./core";

const initCodeHashes = new Map<string, string>();

/** CREATE2 with salt keccak256(abi.encode(user, index)) and the bytecode plus abi.encode(multiAccount). */
export function predictAccount(env: Env, implementation: Implementation, user: string, index: number): string {
  const cacheKey = `${env.multiAccount}|${implementation}`;
  let initCodeHash = initCodeHashes.get(cacheKey);
  if (!initCodeHash) {
    const argument = utils.defaultAbiCoder.encode(["address"], [env.multiAccount]);
    initCodeHash = utils.keccak256(utils.hexConcat([bytecodeOf(env, implementation), argument]));
    initCodeHashes.set(cacheKey, initCodeHash);
  }
  const salt = utils.keccak256(utils.defaultAbiCoder.encode(["address", "uint256"], [user, index]));
  return utils.getCreate2Address(env.multiAccount, salt, initCodeHash);
}

export function addAccount(ctx: Ctx, name: string): string {
  whenNotPaused(ctx);
  return nonReentrant(ctx, () => {
    const { s } = ctx;
    const list = s.lists[ctx.caller] ?? [];
    const account = predictAccount(ctx.env, s.implementation, ctx.caller, list.length);
    if (s.implementation === "dud") revert("AccountDeploymentFailed");
    s.nonce += 1;
    s.accounts.push({ address: account, owner: ctx.caller, index: list.length, name });
    s.lists[ctx.caller] = [...list, account];
    emit(ctx, "AddAccount", text.address(ctx.caller), text.address(account), text.string(name));
    return account;
  });
}

export function editAccountName(ctx: Ctx, account: string, name: string): void {
  whenNotPaused(ctx);
  const found = onlyOwner(ctx, account);
  found.name = name;
  emit(ctx, "EditAccountName", text.address(ctx.caller), text.address(account), text.string(name));
}
