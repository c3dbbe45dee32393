// Sees every transaction the deployment sends (the upgrades plugin sends several), logs each one as
// it goes out, and sums gas and cost from the receipts afterwards.
import type { Signer, providers } from "ethers";
import { BigNumber } from "ethers";
import type { Logger } from "./output";
import { txLink } from "./output";

export interface TransactionTracker {
  signer: Signer;
  hashes: string[];
}

/** Wraps `signer` so that each `sendTransaction` is logged and recorded before it is mined. */
export function trackTransactions(signer: Signer, log: Logger, explorer: string | undefined): TransactionTracker {
  const hashes: string[] = [];
  const wrapped = new Proxy(signer, {
    get(target, property) {
      if (property === "sendTransaction") {
        return async (tx: providers.TransactionRequest) => {
          const response = await target.sendTransaction(tx);
          hashes.push(response.hash);
          const what = tx.to === undefined || tx.to === null ? "contract creation" : `call to ${String(tx.to)}`;
          log.info(`  sent ${what}: ${response.hash}${txLink(explorer, response.hash)}`);
          return response;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { signer: wrapped, hashes };
}

export interface GasSummary {
  gasUsed: BigNumber;
  cost: BigNumber;
  receipts: providers.TransactionReceipt[];
}

export async function summarizeGas(provider: providers.Provider, hashes: readonly string[]): Promise<GasSummary> {
  const receipts = await Promise.all(hashes.map((hash) => provider.getTransactionReceipt(hash)));
  let gasUsed = BigNumber.from(0);
  let cost = BigNumber.from(0);
  for (const receipt of receipts) {
    gasUsed = gasUsed.add(receipt.gasUsed);
    cost = cost.add(receipt.gasUsed.mul(receipt.effectiveGasPrice ?? 0));
  }
  return { gasUsed, cost, receipts };
}
