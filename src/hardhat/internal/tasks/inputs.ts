// Validation of what is given on the command line, in .env or in the addresses file: addresses, and
// the network a run selects.
import { InputError } from "../../errors";
import { nearestName } from "../output/nearest-name";
import type { Stack } from "../stack/types";

const ZERO = "0x0000000000000000000000000000000000000000";

/** Returns the checksummed address, or throws an InputError naming the input and how to set it. */
export function requireAddress(stack: Stack, label: string, value: string | undefined, howToSet: string): string {
  if (value === undefined || value.trim() === "") throw new InputError(`Missing ${label}. ${howToSet}`);
  const trimmed = value.trim();
  if (!stack.isAddress(trimmed)) {
    throw new InputError(`Invalid ${label} "${trimmed}": not a 20-byte hex address (or a wrong checksum). ${howToSet}`);
  }
  const address = stack.getAddress(trimmed);
  if (address === ZERO) throw new InputError(`Invalid ${label}: the zero address. ${howToSet}`);
  return address;
}

/**
 * The selected network `name` is not among the `configured` ones (Hardhat's HH100 on Hardhat 2,
 * HHE705 on Hardhat 3): the error lists them, and offers the nearest name when one is near.
 */
export function unknownNetworkError(name: string, configured: readonly string[]): InputError {
  const nearest = nearestName(name, configured);
  const list = configured.length === 0 ? "none" : configured.join(", ");
  return new InputError(
    nearest === undefined
      ? `Network "${name}" is not in this project's config. Configured networks: ${list}. ` +
          `Run again with one of them as --network, or add "${name}" to the networks in hardhat.config.`
      : `Network "${name}" is not in this project's config; did you mean "${nearest}"? Configured networks: ${list}. ` +
          `Run again with --network ${nearest}, or add "${name}" to the networks in hardhat.config.`
  );
}
