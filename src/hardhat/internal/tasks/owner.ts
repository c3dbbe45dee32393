// The owner a deployment is handed to (deploy-multiaccount --owner, handover-multiaccount --owner):
// a Safe, named with its owners and threshold, or with --owner-is-eoa an account. Checked on chain
// before anything is sent, so that a typo never hands a proxy to nobody.
import { InputError } from "../../errors";
import { readSafe, word } from "../chains/safe";
import type { RunContext } from "./lifecycle";

/**
 * What `owner` is, in words for the plan: a Safe (owners and threshold read on chain), or an account
 * when `ownerIsEoa`. An address without code needs `ownerIsEoa`; a contract that is not a Safe is refused.
 */
export async function describeNewOwner(run: RunContext, owner: string, ownerIsEoa: boolean): Promise<string> {
  const { host, stack } = run;
  run.progress.step = `checking the new owner ${owner}`;
  if (!(await host.chain.hasCode(owner))) {
    if (ownerIsEoa) return `the account ${owner} (--owner-is-eoa)`;
    throw new InputError(
      `--owner ${owner} has no code on "${host.network.name}" (chain ${run.chainId}): it is no Safe here. ` +
        `Check the address and the network; if it is an account whose key you hold, pass --owner-is-eoa. Nothing was sent.`
    );
  }
  const safe = await readSafe(host.chain, owner);
  if (safe === undefined) {
    throw new InputError(`--owner ${owner} is a contract that does not answer as a Safe (getOwners, getThreshold, nonce, VERSION). Nothing was sent.`);
  }
  const owners = safe.owners.map((address) => stack.getAddress(address)).join(", ");
  return `the Safe ${owner} (Safe ${safe.version}, ${safe.threshold} of ${safe.owners.length} owners: ${owners})`;
}

/** Ownable's transferOwnership(newOwner) call data. */
export function transferOwnershipData(owner: string): string {
  return `0xf2fde38b${word(owner)}`;
}
