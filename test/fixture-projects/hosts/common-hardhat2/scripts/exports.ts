// What `multiaccount-kit/hardhat` exports, used as a project's own script uses it:
// `npx hardhat run --no-compile scripts/exports.ts`. Runs a task by its exported name on a corrupt
// record, catches the failure by its exported class, and prints one JSON line for the host test.
import fs from "fs";
import path from "path";
import { inspect } from "util";
import hre from "hardhat";
import * as kit from "multiaccount-kit/hardhat";
import { AddressesFileError, MultiAccountKitError, TASK_ADDRESSES_SHOW, type MultiAccountConfig } from "multiaccount-kit/hardhat";

async function main(): Promise<void> {
  const corrupt = path.join(hre.config.paths.root, "output", "exports-check.json");
  fs.mkdirSync(path.dirname(corrupt), { recursive: true });
  fs.writeFileSync(corrupt, '{ "protocolAddress": ');
  let caught: unknown;
  try {
    await hre.run(TASK_ADDRESSES_SHOW, { addressesFile: corrupt });
  } catch (error) {
    caught = error;
  }
  const config: MultiAccountConfig = hre.config.multiAccount;
  console.log(
    JSON.stringify({
      exports: Object.keys(kit).sort(),
      caughtAddressesFileError: caught instanceof AddressesFileError,
      caughtMultiAccountKitError: caught instanceof MultiAccountKitError,
      message: caught instanceof Error ? caught.message : String(caught),
      // A script that prints what it caught sees the whole error: only the CLI's own printout is shorter.
      printedWithStack: inspect(caught).includes("\n    at "),
      untouched: fs.readFileSync(corrupt, "utf8") === '{ "protocolAddress": ',
      contract: config.contract,
    })
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
