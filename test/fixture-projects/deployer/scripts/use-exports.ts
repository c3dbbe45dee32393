// Uses what `multiaccount-kit/hardhat` exports the way a project's own script does (run with
// `hardhat run --no-compile`): each task by its exported name, each failure caught by its exported
// class. Prints one JSON line per check for test/hardhat/hardhat2/entry.test.ts.
import fs from "fs";
import { inspect } from "util";
import hre from "hardhat";
import { AddressesFileError, InputError, MultiAccountKitError, TASK_ADDRESSES_SHOW, TASK_DEPLOY_MULTIACCOUNT } from "../../../../src/hardhat/hardhat2";

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function main() {
  const file = hre.config.multiAccount.addressesFile;

  fs.writeFileSync(file, '{ "protocolAddress": ');
  const corrupt = await failure(() => hre.run(TASK_ADDRESSES_SHOW, { addressesFile: file }));
  console.log(
    JSON.stringify({
      check: "corrupt record",
      addressesFileError: corrupt instanceof AddressesFileError,
      multiAccountKitError: corrupt instanceof MultiAccountKitError,
      message: (corrupt as Error)?.message,
      untouched: fs.readFileSync(file, "utf8") === '{ "protocolAddress": ',
    })
  );

  fs.writeFileSync(file, "{}\n");
  const blockBefore = await hre.ethers.provider.getBlockNumber();
  const badAdmin = await failure(() => hre.run(TASK_DEPLOY_MULTIACCOUNT, { admin: "0xNOTANADDRESS", noCompile: true }));
  console.log(
    JSON.stringify({
      check: "invalid admin",
      inputError: badAdmin instanceof InputError,
      multiAccountKitError: badAdmin instanceof MultiAccountKitError,
      message: (badAdmin as Error)?.message,
      // Printed by the script, the error is whole: only the CLI's own printout is shorter.
      printedWithStack: inspect(badAdmin).includes("\n    at "),
      sent: (await hre.ethers.provider.getBlockNumber()) - blockBefore,
    })
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
