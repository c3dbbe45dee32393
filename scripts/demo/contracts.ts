// `npm run demo`, part 1: everything on the embedded in-process network. Deploys a protocol
// stand-in, runs the real deploy-multiaccount task, then uses the MultiAccount once as a trader would.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import path from "path";
import { TASK_DEPLOY_MULTIACCOUNT } from "../../src/hardhat/constants";
import { saveAddresses } from "../../src/hardhat/addresses";
import type { DeploymentResult } from "../../src/hardhat/internal/tasks/deploy";

export async function runContractsDemo(hre: HardhatRuntimeEnvironment): Promise<DeploymentResult> {
  const { ethers } = hre;
  const [deployer, trader] = await ethers.getSigners();
  const addressesFile = path.join(hre.config.paths.root, "output", "demo-addresses.json");

  console.log("== Protocol stand-in (test-only contracts) ==");
  const collateral = await (await ethers.getContractFactory("MockCollateral")).deploy(6);
  const protocol = await (await ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
  saveAddresses(addressesFile, { protocolAddress: protocol.address, collateralAddress: collateral.address });
  console.log(`collateral ${collateral.address}, protocol ${protocol.address}\n`);

  console.log("== deploy-multiaccount ==");
  const result = (await hre.run(TASK_DEPLOY_MULTIACCOUNT, {
    admin: deployer.address,
    addressesFile,
  })) as DeploymentResult;

  console.log("\n== A trader uses it ==");
  const multiAccount = await ethers.getContractAt("MultiAccount", result.proxy, trader);
  const predicted = await multiAccount.predictNextAccountAddress(trader.address);
  const receipt = await (await multiAccount.addAccount("demo account")).wait();
  const account = (await multiAccount.getAccounts(trader.address, 0, 10))[0].accountAddress;
  console.log(`addAccount("demo account") -> ${account} (predicted ${predicted}), gas ${receipt.gasUsed.toString()}`);
  await (await collateral.mint(trader.address, 1_000_000_000)).wait();
  await (await collateral.connect(trader).approve(result.proxy, 1_000_000_000)).wait();
  await (await multiAccount.depositAndAllocateForAccount(account, 250_000_000)).wait();
  console.log(
    `deposited 250 collateral; protocol balance ${(await protocol.balances(account)).toString()}, ` +
      `allocated (18 decimals) ${(await protocol.allocated(account)).toString()}`
  );
  console.log(`\nResult: ${JSON.stringify(result)}`);
  return result;
}
