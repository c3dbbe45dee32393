// What `multiaccount-kit/hardhat` exports beside the plugin object, used as a project's own script
// uses it: `npx hardhat run --no-compile scripts/exports.ts`. Runs a task by its exported name on a
// corrupt record; Hardhat 3 gets a HardhatPluginError whose `cause` is our error, caught by its
// exported class. Prints one JSON line for the host test; `tsc --noEmit` on the host checks the types.
import fs from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import hre from "hardhat";
import { HardhatPluginError } from "hardhat/plugins";
import multiAccountKit, * as kit from "multiaccount-kit/hardhat";
import { AddressesFileError, MultiAccountKitError, TASK_ADDRESSES_SHOW, type MultiAccountConfig, type MultiAccountUserConfig } from "multiaccount-kit/hardhat";

const corrupt = path.join(hre.config.paths.root, "output", "exports-check.json");
fs.mkdirSync(path.dirname(corrupt), { recursive: true });
fs.writeFileSync(corrupt, '{ "protocolAddress": ');
let caught: unknown;
try {
  await hre.tasks.getTask(TASK_ADDRESSES_SHOW).run({ addressesFile: corrupt });
} catch (error) {
  caught = error;
}
const cause = caught instanceof Error ? caught.cause : undefined;
const config: MultiAccountConfig = hre.config.multiAccount;
const section: MultiAccountUserConfig = { addressesFile: "output/addresses.json", rpc: { retries: 2 } };
console.log(
  JSON.stringify({
    plugin: multiAccountKit.id,
    exports: Object.keys(kit).sort(),
    caughtHardhatPluginError: HardhatPluginError.isHardhatPluginError(caught),
    causeAddressesFileError: cause instanceof AddressesFileError,
    causeMultiAccountKitError: cause instanceof MultiAccountKitError,
    message: caught instanceof Error ? caught.message : String(caught),
    // A script that prints what it caught sees the whole error: only the CLI's own printout is shorter.
    printedWithStack: inspect(caught).includes("\n    at "),
    untouched: fs.readFileSync(corrupt, "utf8") === '{ "protocolAddress": ',
    contract: config.contract,
    rpcRetries: section.rpc?.retries,
  })
);
