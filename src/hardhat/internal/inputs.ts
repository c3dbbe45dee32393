// Validation of addresses given on the command line, in .env or in the address file.
import { utils } from "ethers";
import { InputError } from "../errors";

/** Returns the checksummed address, or throws an InputError naming the input and how to set it. */
export function requireAddress(label: string, value: string | undefined, howToSet: string): string {
  if (value === undefined || value.trim() === "") throw new InputError(`Missing ${label}. ${howToSet}`);
  const trimmed = value.trim();
  if (!utils.isAddress(trimmed)) {
    throw new InputError(`Invalid ${label} "${trimmed}": not a 20-byte hex address (or a wrong checksum). ${howToSet}`);
  }
  const address = utils.getAddress(trimmed);
  if (address === "0x0000000000000000000000000000000000000000") {
    throw new InputError(`Invalid ${label}: the zero address. ${howToSet}`);
  }
  return address;
}
