// A Safe Transaction Builder batch file: the JSON that Safe{Wallet}'s Transaction Builder app imports
// (version, chainId, createdAt, meta, transactions), with the checksum it checks on import: keccak256
// of the file serialized with sorted keys, `meta.name` as null and `meta.checksum` left out. Written
// next to the addresses file, one per network, for the ProxyAdmin's upgrade.
import fs from "fs";
import path from "path";
import { writeFileAtomic } from "./atomic-write";

export interface ContractInput {
  internalType: string;
  name: string;
  type: string;
}

export interface BatchTransaction {
  to: string;
  value: string;
  /** null: the Transaction Builder encodes the call from contractMethod and contractInputsValues. */
  data: null;
  contractMethod: { inputs: ContractInput[]; name: string; payable: boolean };
  contractInputsValues: Record<string, string>;
}

export interface SafeBatchFile {
  version: "1.0";
  chainId: string;
  createdAt: number;
  meta: {
    name: string;
    description: string;
    createdFromSafeAddress: string;
    createdFromOwnerAddress: string;
    checksum?: string;
  };
  transactions: BatchTransaction[];
}

/** The ProxyAdmin's upgrade: OpenZeppelin 4's `upgrade(proxy, implementation)`, 5's `upgradeAndCall(proxy, implementation, "0x")`. */
export function upgradeTransaction(openZeppelin: 4 | 5, proxyAdmin: string, proxy: string, implementation: string): BatchTransaction {
  const address = (name: string): ContractInput => ({ internalType: "address", name, type: "address" });
  const inputs =
    openZeppelin === 4
      ? [address("proxy"), address("implementation")]
      : [address("proxy"), address("implementation"), { internalType: "bytes", name: "data", type: "bytes" }];
  const values: Record<string, string> = openZeppelin === 4 ? { proxy, implementation } : { proxy, implementation, data: "0x" };
  return {
    to: proxyAdmin,
    value: "0",
    data: null,
    contractMethod: { inputs, name: openZeppelin === 4 ? "upgrade" : "upgradeAndCall", payable: openZeppelin === 5 },
    contractInputsValues: values,
  };
}

/** The Transaction Builder's serialization: objects as their sorted keys then each value, every value followed by a comma. */
function serialize(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${JSON.stringify(keys)}${keys.map((key) => `${serialize((value as Record<string, unknown>)[key] ?? null)},`).join("")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The checksum the Transaction Builder checks on import. */
export function batchChecksum(keccak256: (hex: string) => string, batch: SafeBatchFile): string {
  const { checksum: _checksum, ...meta } = batch.meta;
  void _checksum;
  const serialized = serialize({ ...batch, meta: { ...meta, name: null } });
  return keccak256(`0x${Buffer.from(serialized, "utf8").toString("hex")}`);
}

/** The batch file of `network`'s Safe upgrade, next to the addresses file. */
export function batchFileFor(addressesFile: string, network: string): string {
  return path.join(path.dirname(addressesFile), `safe-upgrade-${network}.json`);
}

/** The batch file at `file`, or undefined when there is none (or it is not one of ours to compare). */
export function readBatch(file: string): SafeBatchFile | undefined {
  try {
    const batch = JSON.parse(fs.readFileSync(file, "utf8")) as SafeBatchFile;
    return Array.isArray(batch.transactions) && typeof batch.meta === "object" ? batch : undefined;
  } catch {
    return undefined;
  }
}

/** The implementation the batch file at `file` upgrades `proxy` to through `admin`, when it holds such an upgrade (lower-case). */
export function batchedImplementation(file: string, proxy: string, admin: string): string | undefined {
  const pending = readBatch(file)?.transactions.find(
    (tx) => tx.to.toLowerCase() === admin.toLowerCase() && tx.contractInputsValues.proxy?.toLowerCase() === proxy.toLowerCase()
  );
  const implementation = pending?.contractInputsValues.implementation;
  return /^0x[0-9a-fA-F]{40}$/.test(implementation ?? "") ? implementation!.toLowerCase() : undefined;
}

/**
 * Writes the batch of `transactions` for the Safe on `chainId` (atomically), keeping the time of an
 * identical batch already there so that a rerun leaves the file as it was.
 */
export function writeBatch(
  keccak256: (hex: string) => string,
  file: string,
  details: { chainId: number; safe: string; owner: string; description: string; transactions: BatchTransaction[] }
): SafeBatchFile {
  const previous = readBatch(file);
  const same = previous !== undefined && JSON.stringify(previous.transactions) === JSON.stringify(details.transactions);
  const batch: SafeBatchFile = {
    version: "1.0",
    chainId: String(details.chainId),
    createdAt: same ? previous.createdAt : Date.now(),
    meta: {
      name: "Transactions Batch",
      description: details.description,
      createdFromSafeAddress: details.safe,
      createdFromOwnerAddress: details.owner,
    },
    transactions: details.transactions,
  };
  batch.meta.checksum = batchChecksum(keccak256, batch);
  writeFileAtomic(file, `${JSON.stringify(batch, null, 2)}\n`);
  return batch;
}
