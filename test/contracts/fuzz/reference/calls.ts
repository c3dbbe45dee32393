// `_call` as the rules say it should behave: the owner calls anything, a delegate only the exact
// selectors granted to it on that account, and one failing call reverts the whole batch.
import { text } from "../codec";
import { accessKey, findAccount } from "../model";
import { emit, nonReentrant, revert, whenNotPaused, type Ctx } from "./core";
import { accountCall, type ProtocolCall } from "./protocol";

/** One entry of a batch: its raw call data, and what it means to the protocol (null: too short). */
export interface BatchItem {
  data: string;
  call: ProtocolCall | null;
}

export function selectorOf(data: string): string {
  return data.slice(0, 10).toLowerCase();
}

export function byteLength(data: string): number {
  return (data.length - 2) / 2;
}

export function isGranted(ctx: Ctx, account: string, target: string, selector: string): boolean {
  return ctx.s.accesses[accessKey(account, target, selector)]?.granted ?? false;
}

export function call(ctx: Ctx, account: string, items: BatchItem[]): void {
  whenNotPaused(ctx);
  nonReentrant(ctx, () => {
    const found = findAccount(ctx.s, account);
    if (!found) revert("UnknownAccount", text.address(account));
    if (items.length === 0) revert("EmptyBatch");
    const isOwner = found.owner === ctx.caller;
    items.forEach((item, i) => {
      const length = byteLength(item.data);
      if (length < 4 || !item.call) return revert("CallDataTooShort", text.number(i), text.number(length));
      const selector = selectorOf(item.data);
      if (!isOwner && !isGranted(ctx, account, ctx.caller, selector)) {
        revert("AccessNotDelegated", text.address(account), text.address(ctx.caller), text.bytes(selector));
      }
      const result = accountCall(ctx, account, item.call);
      emit(ctx, "Call", text.address(ctx.caller), text.address(account), text.bytes(item.data), text.bytes(result));
    });
  });
}
