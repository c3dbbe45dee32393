// One addresses file per network: a NETWORK_TOKEN in the file's path stands for the network's name
// (`output/{network}/addresses.json`), so each chain keeps its own protocol and MultiAccount addresses.
import { InputError } from "../../errors";

/** The token in an addresses-file path that stands for the network's name: one addresses file per network. */
export const NETWORK_TOKEN = "{network}";

/** `file` with NETWORK_TOKEN replaced by `network` (a network name cannot reach outside the folder). */
export function addressesFileFor(file: string, network: string): string {
  if (!file.includes(NETWORK_TOKEN)) return file;
  if (network === "" || network === "." || network === ".." || /[\\/\0]/.test(network)) {
    throw new InputError(`The network name ${JSON.stringify(network)} cannot stand for ${NETWORK_TOKEN} in the addresses file path ${file}.`);
  }
  return file.split(NETWORK_TOKEN).join(network);
}
