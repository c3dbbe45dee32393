// upgrade-multiaccount --propose: the Safe upgrade proposed to a Safe Transaction Service through the
// official @safe-global/api-kit (an optional peer, loaded from the project only for --propose), signed
// by the deployer key as an owner or a delegate of the Safe. Who may propose is checked before
// anything is sent; a rerun finds its own proposal among the Safe's pending transactions and
// proposes nothing twice.
import { InputError, MultiAccountKitError } from "../../errors";
import { safeTransactionHash, safeTransactionTypedData, type SafeCall, type SafeState } from "../chains/safe";
import { urlOrigin } from "../output/redact";
import { installedPackage } from "../stack/packages";
import type { RunContext } from "./lifecycle";

const API_KIT = "@safe-global/api-kit";
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** Where proposals go: multiAccount.safe in the config, else SAFE_TX_SERVICE_URL and SAFE_API_KEY. */
export interface ProposeOptions {
  /** The project root, where @safe-global/api-kit is installed. */
  root: string;
  txServiceUrl?: string;
  apiKey?: string;
}

/** The part of api-kit's SafeApiKit this task calls. */
interface SafeApiKit {
  getSafeDelegates(props: { safeAddress: string }): Promise<{ results: Array<{ delegate: string }> }>;
  getPendingTransactions(safeAddress: string): Promise<{ results: PendingTransaction[] }>;
  getNextNonce(safeAddress: string): Promise<string>;
  proposeTransaction(props: {
    safeAddress: string;
    safeTransactionData: Record<string, string | number>;
    safeTxHash: string;
    senderAddress: string;
    senderSignature: string;
    origin?: string;
  }): Promise<void>;
}

interface PendingTransaction {
  to: string;
  value: string;
  data: string | null;
  operation: number;
  nonce: string | number;
  safeTxHash: string;
  confirmationsRequired?: number;
  confirmations?: unknown[];
}

/** The service, and the deployer's standing with the Safe. */
export interface Proposer {
  service: SafeApiKit;
  /** For messages: the service's origin, never its key. */
  where: string;
  role: "owner" | "delegate";
}

/** A proposal of ours the service holds: new from this run, or found from an earlier one. */
export interface Proposal {
  safeTxHash: string;
  nonce: bigint;
  confirmations: number;
  required: number;
  /** An earlier run had proposed it: nothing was proposed now. */
  earlier: boolean;
}

/** api-kit, loaded from the project; a clear error when it is not installed. */
function apiKit(options: ProposeOptions, chainId: number): SafeApiKit {
  const found = installedPackage(API_KIT, options.root);
  if (found === undefined) {
    throw new InputError(
      `--propose needs ${API_KIT} in the project: \`npm install --save-dev ${API_KIT}\`, or drop --propose (the batch file is written either way).`
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional peer, loaded only for --propose
  const loaded = require(found.entry) as { default?: new (config: object) => SafeApiKit };
  const SafeApiKit = loaded.default ?? (loaded as unknown as new (config: object) => SafeApiKit);
  try {
    const txServiceUrl = options.txServiceUrl?.replace("{chainId}", String(chainId));
    return new SafeApiKit({ chainId: BigInt(chainId), txServiceUrl, apiKey: options.apiKey });
  } catch (error) {
    throw new InputError(
      `${API_KIT} cannot reach a Safe Transaction Service for chain ${chainId}: ${(error as Error).message.split("\n")[0]} ` +
        `Set multiAccount.safe.txServiceUrl (or SAFE_TX_SERVICE_URL), and SAFE_API_KEY for Safe's own service. Nothing was sent.`
    );
  }
}

/**
 * Before anything is sent: the deployer must be an owner of the Safe, or a delegate the service
 * knows, to propose; otherwise the error names the keys that may.
 */
export async function checkProposer(run: RunContext, safe: SafeState, options: ProposeOptions): Promise<Proposer> {
  const { stack } = run;
  run.progress.step = "checking who may propose to the Safe";
  const service = apiKit(options, run.chainId);
  const where = options.txServiceUrl === undefined ? "Safe's Transaction Service" : `the Safe Transaction Service at ${urlOrigin(options.txServiceUrl)}`;
  const deployer = stack.getAddress(run.deployer.address);
  const owners = safe.owners.map((owner) => stack.getAddress(owner));
  if (owners.includes(deployer)) return { service, where, role: "owner" };
  const safeAddress = stack.getAddress(safe.address);
  const delegates = await serviceCall(where, "reading the Safe's delegates", () => service.getSafeDelegates({ safeAddress }));
  const known = delegates.results.map((entry) => stack.getAddress(entry.delegate));
  if (known.includes(deployer)) return { service, where, role: "delegate" };
  throw new InputError(
    `The deployer ${deployer} is neither an owner nor a delegate of the Safe ${safeAddress}, so it cannot propose to ${where}. ` +
      `Keys that may: its owners ${owners.join(", ")}${known.length > 0 ? `, and its delegates ${known.join(", ")}` : " (it has no delegate)"}. ` +
      `Run with one of them, have an owner add the deployer as a delegate, or drop --propose (the batch file is written either way). Nothing was sent.`
  );
}

/** The upgrade proposed, unless a pending transaction of the Safe already makes this same call (an earlier run's). */
export async function proposeUpgrade(run: RunContext, proposer: Proposer, safe: SafeState, call: SafeCall): Promise<Proposal> {
  const { stack } = run;
  const { service, where } = proposer;
  const safeAddress = stack.getAddress(safe.address);
  run.progress.step = "looking for an earlier proposal";
  const pending = await serviceCall(where, "reading the Safe's pending transactions", () => service.getPendingTransactions(safeAddress));
  const same = pending.results.find(
    (tx) => tx.to.toLowerCase() === call.to.toLowerCase() && (tx.data ?? "0x").toLowerCase() === call.data.toLowerCase() && BigInt(tx.value) === call.value
  );
  if (same !== undefined) {
    const required = same.confirmationsRequired ?? safe.threshold;
    return { safeTxHash: same.safeTxHash, nonce: BigInt(same.nonce), confirmations: same.confirmations?.length ?? 0, required, earlier: true };
  }
  const nonce = BigInt(await serviceCall(where, "reading the Safe's next nonce", () => service.getNextNonce(safeAddress)));
  const safeTxHash = safeTransactionHash((hex) => stack.keccak256(hex), run.chainId, safeAddress, call, nonce);
  run.progress.step = "signing the proposal";
  const signature = await stack.signTypedData(run.deployer, safeTransactionTypedData(run.chainId, safeAddress, call, nonce));
  const zero = { safeTxGas: "0", baseGas: "0", gasPrice: "0", gasToken: ZERO_ADDRESS, refundReceiver: ZERO_ADDRESS };
  const safeTransactionData = { to: stack.getAddress(call.to), value: call.value.toString(), data: call.data, operation: 0, ...zero, nonce: nonce.toString() };
  run.progress.step = "proposing the upgrade to the Safe";
  await serviceCall(where, "proposing the upgrade", () =>
    service.proposeTransaction({
      safeAddress,
      safeTransactionData,
      safeTxHash,
      senderAddress: stack.getAddress(run.deployer.address),
      senderSignature: signature,
      origin: "multiaccount-kit",
    })
  );
  return { safeTxHash, nonce, confirmations: proposer.role === "owner" ? 1 : 0, required: safe.threshold, earlier: false };
}

/** A call to the service; its failure says what was asked and where, never the key. */
async function serviceCall<T>(where: string, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new MultiAccountKitError(`${what} from ${where} failed: ${(error as Error).message.split("\n")[0]}`, error as Error);
  }
}
