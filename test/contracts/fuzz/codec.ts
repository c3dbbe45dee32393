// One text form for errors and events, shared by the model's predictions and the chain's results,
// so that comparing them is comparing strings: `NotAccountOwner(0xAb.., 0xCd..)`.
import { BigNumber, utils } from "ethers";
import type { ParamType } from "ethers/lib/utils";

export const text = {
  address: (value: string): string => utils.getAddress(value),
  number: (value: bigint | number): string => value.toString(),
  string: (value: string): string => JSON.stringify(value),
  bytes: (value: string): string => value.toLowerCase(),
  bool: (value: boolean): string => String(value),
};

export function signature(name: string, args: string[]): string {
  return `${name}(${args.join(", ")})`;
}

/** `Error(string)`, as Solidity's `require` and `revert("...")` encode it. */
export function errorString(message: string): string {
  return signature("Error", [text.string(message)]);
}

export const EMPTY_REVERT = "<revert without data>";

function formatValue(param: ParamType, value: unknown): string {
  if (param.baseType === "array") {
    return `[${(value as unknown[]).map((item) => formatValue(param.arrayChildren, item)).join(", ")}]`;
  }
  if (param.baseType === "tuple") {
    return `(${param.components.map((c, i) => formatValue(c, (value as unknown[])[i])).join(", ")})`;
  }
  if (param.type === "address") return text.address(value as string);
  if (param.type === "string") return text.string(value as string);
  if (param.type === "bool") return text.bool(value as boolean);
  if (/^u?int/.test(param.type)) return BigNumber.from(value).toString();
  return text.bytes(utils.hexlify(value as string));
}

function formatFragment(name: string, inputs: ParamType[], values: utils.Result): string {
  return signature(
    name,
    inputs.map((input, i) => formatValue(input, values[i]))
  );
}

/** Decodes errors and events of every contract a step can touch. */
export class Codec {
  private readonly errors: utils.Interface;
  private readonly events: utils.Interface;

  constructor(errorAbis: unknown[][], eventAbis: unknown[][]) {
    this.errors = new utils.Interface(unique(errorAbis.flat(), "error"));
    this.events = new utils.Interface(unique(eventAbis.flat(), "event"));
  }

  revert(data: string): string {
    if (data === "0x") return EMPTY_REVERT;
    const selector = data.slice(0, 10);
    if (selector === "0x08c379a0") return errorString(utils.defaultAbiCoder.decode(["string"], `0x${data.slice(10)}`)[0]);
    if (selector === "0x4e487b71") {
      return signature("Panic", [BigNumber.from(`0x${data.slice(10)}`).toString()]);
    }
    try {
      const parsed = this.errors.parseError(data);
      return formatFragment(parsed.name, parsed.errorFragment.inputs, parsed.args);
    } catch {
      return `<unknown revert ${data}>`;
    }
  }

  event(log: { topics: string[]; data: string }): string {
    try {
      const parsed = this.events.parseLog(log);
      return formatFragment(parsed.name, parsed.eventFragment.inputs, parsed.args);
    } catch {
      return `<unknown event ${log.topics[0]}>`;
    }
  }
}

/** Fragments of one type, each signature once (contracts share OpenZeppelin's). */
function unique(abi: unknown[], type: "error" | "event"): utils.Fragment[] {
  const seen = new Map<string, utils.Fragment>();
  for (const item of abi) {
    if ((item as { type?: string }).type !== type) continue;
    const fragment = utils.Fragment.from(item as Parameters<typeof utils.Fragment.from>[0]);
    seen.set(fragment.format(), fragment);
  }
  return [...seen.values()];
}
