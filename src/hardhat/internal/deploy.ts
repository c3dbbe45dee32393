// deploy-multiaccount: checks every input, then deploys MultiAccount behind a transparent proxy in
// the spec's order, records the proxy address and verifies the implementation.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { BigNumber, ContractFactory } from "ethers";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT, TASK_ADDRESSES_SHOW, TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT } from "../constants";
import { InputError, MultiAccountKitError } from "../errors";
import { updateAddresses } from "../addresses";
import { requireAddress } from "./inputs";
import { hasCode, readAddressSlot, withNode, type NetworkInfo } from "./network";
import { addressLink, currencySymbol, type Logger } from "./output";
import { describeGas, startRun } from "./run";
import { summarizeGas, trackTransactions } from "./transactions";
import { verifyContract, type Sleep } from "./verify";
import { estimateDeployment, gasPriceFor } from "./estimate";
import { contractFqn } from "./artifacts";

export interface DeployOptions {
  admin?: string;
  protocolAddress?: string;
  contract: string;
  accountContract: string;
  addressesFile: string;
  verify: boolean;
  verifyDelay: number;
  dryRun: boolean;
  force: boolean;
}

export interface DeploymentResult {
  proxy: string;
  admin: string;
  implementation: string;
}

export interface DeployEffects {
  logger?: Logger;
  sleep?: Sleep;
}

export async function deployMultiAccount(
  hre: HardhatRuntimeEnvironment,
  options: DeployOptions,
  effects: DeployEffects = {}
): Promise<DeploymentResult | undefined> {
  const file = options.addressesFile;
  // 1. Load the addresses; 2. the first signer deploys.
  const { log, addresses, deployer, network, explorer } = await startRun(hre, file, effects.logger);

  // Every check happens before anything is sent.
  const admin = requireAddress(
    "admin address",
    options.admin ?? process.env.ADMIN_PUBLIC_KEY,
    "Pass --admin <address> or set ADMIN_PUBLIC_KEY in the .env file."
  );
  const protocol = requireAddress(
    "protocol address",
    options.protocolAddress ?? addresses.protocolAddress,
    `Pass --protocol-address <address> or set "protocolAddress" in ${file}.`
  );
  if (!(await hasCode(hre, protocol))) {
    throw new InputError(
      `The protocol address ${protocol} has no contract code on network "${network.name}" (chain ${network.chainId}). ` +
        `Deploy the protocol first, or fix --protocol-address / "protocolAddress" in ${file}.`
    );
  }
  await refuseExistingDeployment(hre, addresses.multiAccountAddress, options, network, file);

  // 3. Factories for the account and the MultiAccount.
  const tracker = trackTransactions(deployer, log, explorer);
  const accountFactory = await getFactory(hre, options.accountContract, "--account-contract");
  const multiAccountFactory = await getFactory(hre, options.contract, "--contract", tracker.signer);
  const initArgs = [admin, protocol, accountFactory.bytecode];

  await hre.upgrades.validateImplementation(multiAccountFactory, { kind: "transparent" });
  const estimate = await estimateDeployment(hre, multiAccountFactory, accountFactory.bytecode, protocol);
  const gasPrice = await gasPriceFor(hre);
  const cost = estimate.mul(gasPrice);
  const balance = await withNode(hre, "reading the deployer balance", () => deployer.getBalance());
  const symbol = currencySymbol(network.chainId);
  const fmt = (wei: BigNumber) => `${hre.ethers.utils.formatEther(wei)} ${symbol}`;

  log.info(`Network:        ${network.name} (chain ${network.chainId})`);
  log.info(`Deployer:       ${deployer.address} (balance ${fmt(balance)})`);
  log.info(`Contract:       ${options.contract} behind a transparent proxy`);
  log.info(`initialize(admin ${admin}, protocolAddress ${protocol}, ${options.accountContract} creation bytecode ${(accountFactory.bytecode.length - 2) / 2} bytes)`);
  log.info(`Estimated gas:  ${estimate.toString()} at ${hre.ethers.utils.formatUnits(gasPrice, "gwei")} gwei = ${fmt(cost)}`);

  if (options.dryRun) {
    log.info(balance.lt(cost) ? `Dry run: the deployer balance is too low for this deployment.` : `Dry run: nothing was sent.`);
    return undefined;
  }
  if (balance.lt(cost)) {
    throw new InputError(
      `The deployer ${deployer.address} holds ${fmt(balance)} but the deployment needs about ${fmt(cost)}. ` +
        `Fund the deployer (or set a lower gas price for "${network.name}") and run again; nothing was sent.`
    );
  }

  // 4-5. Deploy the implementation, the ProxyAdmin and the proxy, and wait for them.
  log.info(`Deploying ${options.contract} (implementation, ProxyAdmin, proxy with initialize)...`);
  let proxyAddress: string;
  try {
    const proxy = await hre.upgrades.deployProxy(multiAccountFactory, initArgs, {
      kind: "transparent",
      initializer: "initialize",
    });
    await proxy.deployed();
    proxyAddress = proxy.address;
  } catch (error) {
    throw new MultiAccountKitError(
      `Deployment failed on "${network.name}": ${(error as Error).message}. ` +
        `Transactions already sent: ${tracker.hashes.join(", ") || "none"}. Check them on the explorer before retrying.`,
      error as Error
    );
  }

  // 6. Log the proxy, and the admin and implementation read from the ERC-1967 slots.
  const result: DeploymentResult = {
    proxy: proxyAddress,
    admin: await readAddressSlot(hre, proxyAddress, ADMIN_SLOT),
    implementation: await readAddressSlot(hre, proxyAddress, IMPLEMENTATION_SLOT),
  };
  log.info(`Proxy:          ${result.proxy}${addressLink(explorer, result.proxy)}`);
  log.info(`ProxyAdmin:     ${result.admin}${addressLink(explorer, result.admin)}`);
  log.info(`Implementation: ${result.implementation}${addressLink(explorer, result.implementation)}`);

  // 7. Record the proxy.
  updateAddresses(file, { multiAccountAddress: result.proxy });
  log.info(`Saved multiAccountAddress to ${file}`);

  const gas = await summarizeGas(hre.ethers.provider, tracker.hashes);
  log.info(`Gas used:       ${describeGas(hre, gas, network.chainId)}`);

  // 8-9. Wait, then verify the implementation; a failure is only logged.
  if (options.verify) {
    await verifyContract(
      hre,
      {
        address: result.implementation,
        contract: await contractFqn(hre, options.contract),
        delaySeconds: options.verifyDelay,
        chainId: network.chainId,
      },
      log,
      effects.sleep
    );
  } else {
    log.info(`Verification skipped (--no-verify).`);
  }

  if (network.name === "hardhat") {
    // Nothing deployed here outlives this process: point at a chain that keeps it.
    log.info(`Next: the in-process network ends with this command. To keep a deployment, start \`npx hardhat node\` and run \`npx hardhat ${TASK_DEPLOY_MULTIACCOUNT} --network localhost\`.`);
  } else {
    log.info(`Next: npx hardhat ${TASK_ADDRESSES_SHOW} --network ${network.name}`);
  }
  return result;
}

async function getFactory(
  hre: HardhatRuntimeEnvironment,
  name: string,
  flag: string,
  signer?: import("ethers").Signer
): Promise<ContractFactory> {
  try {
    return await hre.ethers.getContractFactory(name, signer);
  } catch (error) {
    throw new InputError(
      `Cannot load contract "${name}" (${(error as Error).message.split("\n")[0]}). ` +
        `Check ${flag} (or the multiAccount config) and that it compiles with \`npx hardhat compile\`.`
    );
  }
}

async function refuseExistingDeployment(
  hre: HardhatRuntimeEnvironment,
  existing: string | undefined,
  options: DeployOptions,
  network: NetworkInfo,
  file: string
): Promise<void> {
  if (existing === undefined || existing.trim() === "" || options.force) return;
  if (!hre.ethers.utils.isAddress(existing)) return;
  if (await hasCode(hre, existing)) {
    throw new InputError(
      `${file} already names a MultiAccount at ${existing}, and it has code on "${network.name}". ` +
        `To upgrade it, run \`npx hardhat ${TASK_UPGRADE_MULTIACCOUNT} --network ${network.name}\`; ` +
        `to deploy a second one anyway (and record it instead), pass --force.`
    );
  }
}
