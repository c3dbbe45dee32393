// The start every on-chain task shares: peer plugins present, a redacting logger, the address file
// loaded (a corrupt one stops the run here, untouched), the deployer (first signer), the network.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { SignerWithAddress } from "@nomiclabs/hardhat-ethers/signers";
import { loadAddresses, type AddressesRecord } from "../addresses";
import { getDeployer, networkInfo, type NetworkInfo } from "./network";
import { createLogger, currencySymbol, explorerUrl, type Logger } from "./output";
import { requirePeerPlugins } from "./plugins";
import type { GasSummary } from "./transactions";

export interface RunContext {
  log: Logger;
  addresses: AddressesRecord;
  deployer: SignerWithAddress;
  network: NetworkInfo;
  explorer: string | undefined;
}

export async function startRun(hre: HardhatRuntimeEnvironment, addressesFile: string, logger?: Logger): Promise<RunContext> {
  requirePeerPlugins(hre);
  const log = createLogger(hre, logger);
  const addresses = loadAddresses(addressesFile);
  const deployer = await getDeployer(hre);
  const network = await networkInfo(hre);
  return { log, addresses, deployer, network, explorer: explorerUrl(hre, network.chainId) };
}

/** "N gas in M transaction(s), cost X SYMBOL" */
export function describeGas(hre: HardhatRuntimeEnvironment, gas: GasSummary, chainId: number): string {
  return `${gas.gasUsed.toString()} in ${gas.receipts.length} transaction(s), cost ${hre.ethers.utils.formatEther(gas.cost)} ${currencySymbol(chainId)}`;
}
