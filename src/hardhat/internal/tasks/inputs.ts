// Validation of addresses given on the command line, in .env or in the addresses file.
import { InputError } from "../../errors";
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
