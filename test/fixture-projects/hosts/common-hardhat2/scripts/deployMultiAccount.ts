// The deployment script: `npx hardhat run scripts/deployMultiAccount.ts --network <chain>`.
// Exit 0 on success, 1 (with the error logged) on failure.
import hre from "hardhat";

hre.run("deploy-multiaccount", {}).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
);
