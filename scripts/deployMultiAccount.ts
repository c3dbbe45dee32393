// The deployment script: `npx hardhat run scripts/deployMultiAccount.ts --network <chain>`.
// It runs the deploy-multiaccount task with its defaults (admin from ADMIN_PUBLIC_KEY, protocol from
// the addresses file) and exits 0 on success, 1 on failure.
import hre from "hardhat";
import { TASK_DEPLOY_MULTIACCOUNT } from "../src/hardhat/constants";
import { runScript } from "../src/hardhat/hardhat2/script";

runScript(hre, () => hre.run(TASK_DEPLOY_MULTIACCOUNT, {}));
