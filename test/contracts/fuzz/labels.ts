// Readable names for addresses in step labels and failure messages: `alice`, `alice#1` (her second
// account), `protocolB`, `multiAccount`.
import { utils } from "ethers";
import { ACTORS, NO_CODE_ADDRESS, ZERO_ADDRESS } from "./actors";
import type { Env } from "./env";
import type { ModelState } from "./model";

export type Labeler = (address: string) => string;

export function labeler(env: Env, s: ModelState): Labeler {
  const names = new Map<string, string>();
  names.set(ZERO_ADDRESS, "0x0");
  names.set(utils.getAddress(NO_CODE_ADDRESS), "noCode");
  names.set(env.multiAccount, "multiAccount");
  names.set(env.token, "token");
  names.set(env.protocols[1], "protocolB");
  names.set(env.proxyAdmin, "proxyAdmin");
  names.set(env.v2Implementation, "MultiAccountV2");
  for (const actor of ACTORS) names.set(env.actors[actor], actor);
  for (const account of s.accounts) names.set(account.address, `${names.get(account.owner) ?? account.owner}#${account.index}`);
  return (address: string) => {
    const checksummed = utils.getAddress(address);
    return names.get(checksummed) ?? checksummed;
  };
}

/** Replaces every address in a text (an error, an event) by its label. */
export function relabel(value: string, label: Labeler): string {
  return value.replace(/0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g, (address) => label(address));
}
