// `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run.
// Run through `hardhat run` so the gas benchmark has the in-process network.
import { benchGas } from "./gas";
import { benchNotifications } from "./notifications";
import { benchLive } from "./live";
import { benchFanout } from "./fanout";
import { benchBurst } from "./burst";
import { benchEveryChain } from "./every-chain";

async function main(): Promise<void> {
  console.log("== Gas (MultiAccount) ==");
  await benchGas();
  console.log("\n== Notifications ingest ==");
  await benchNotifications();
  console.log("\n== Live notifications ==");
  await benchLive();
  await benchFanout();
  await benchBurst();
  console.log("\n== Every chain in one command ==");
  await benchEveryChain();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
