// Idempotent sends, for the RPC session (session.ts) of an HTTP network:
// - a transaction from a key in the network's accounts is signed here: its hash is known, and written
//   to the journal with its bytes, before the first attempt; it is only ever sent again as the same
//   bytes, and "already known", "nonce too low" or a lost answer are settled by looking the hash up
//   (and, for "nonce too low", the transaction holding that nonce);
// - a transaction the node (or Hardhat's HD wallet) signs gets its nonce pinned, so that sending it
//   again can never make a second one; a lost answer is settled through the account's nonce and the
//   blocks, or reported as unknown;
// - before anything is signed, an identical transaction of an earlier unfinished run of the same task
//   (journal.ts) that took effect, or still can, is reused instead;
// - when the chain cannot tell whether a transaction took effect, the run stops (UnknownOutcomeError):
//   a new nonce is never used for a step that may already have landed (docs/contributing/design.md#send-journal).
import { MultiAccountKitError, named } from "../../errors";
import type { FeeData } from "../chains/reader";
import { txLink, type Logger } from "../output/log";
import type { Stack, UnsignedTransaction } from "../stack/types";
import { ALREADY_KNOWN, NONCE_USED, RpcAnswerError, type Failure } from "./failures";
import { dataDigest, type Journal, type JournalEntry, type TransactionShape } from "./journal";
import type { Retrier } from "./retry";
import { providerTransport, type RequestFunction, type Transport } from "./transport";

/** A transaction's nonce went to another transaction: the step did not take effect. */
export class NonceTakenError extends MultiAccountKitError {}
named(NonceTakenError, "NonceTakenError");

/** The node took a nonce but its transaction cannot be found: what happened is unknown. */
export class UnknownOutcomeError extends MultiAccountKitError {}
named(UnknownOutcomeError, "UnknownOutcomeError");

/** What an earlier run's transaction is now: mined successfully or pending, sendable again as its bytes, or of no use. */
type Standing = "usable" | "resend" | "void";

/** What the sends need of the session. */
export interface SendContext {
  readonly keys: readonly string[];
  readonly gas: bigint | "auto";
  readonly gasPrice: bigint | "auto";
  readonly gasMultiplier: number;
  readonly retrier: Retrier;
  stack(): Stack;
  journal(): Journal;
  /** Our HTTP transport (or Hardhat's, behind an HTTP proxy). */
  transport(): Transport;
  /** Hardhat's own provider, which signs for HD wallets and passes the rest to the node. */
  hardhat(): RequestFunction;
  read<T>(method: string, params: readonly unknown[]): Promise<T>;
  chainId(): Promise<number>;
  fees(): Promise<FeeData>;
  log(): Logger | undefined;
  browserUrl(): string | undefined;
}

/** eth_sendTransaction's parameter, as the ethers plugins send it. */
export interface RpcTransaction {
  from?: string;
  to?: string | null;
  data?: string;
  input?: string;
  value?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
}

interface RpcTransactionObject {
  hash: string;
  from: string;
  nonce: string;
  input?: string;
  data?: string;
}

/** How many recent blocks are scanned one by one for a nonce; older ones are found by bisection (blockOfNonce). */
const NONCE_SEARCH_BLOCKS = 64;
const ONE_GWEI = 1_000_000_000n;

const big = (value: unknown): bigint | undefined => (value === undefined || value === null ? undefined : BigInt(value as string));
const hex = (value: bigint): string => `0x${value.toString(16)}`;
const lower = (value: string): string => value.toLowerCase();

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split("\n")[0];
}

export function shapeOf(request: RpcTransaction): TransactionShape {
  return {
    from: lower(request.from ?? ""),
    to: request.to ? lower(request.to) : null,
    data: request.data ?? request.input ?? "0x",
    value: big(request.value) ?? 0n,
  };
}

export class Sends {
  /** The last nonce this run used, per sender. */
  private readonly nonces = new Map<string, bigint>();
  private keysByAddress?: Map<string, string>;

  constructor(private readonly context: SendContext) {}

  /** eth_sendTransaction: reused from an earlier run, signed here, or signed by the node with a pinned nonce. */
  async sendTransaction(request: RpcTransaction): Promise<string> {
    if (request.from === undefined) throw new MultiAccountKitError("eth_sendTransaction without a from address");
    const shape = shapeOf(request);
    const reused = await this.reuseEarlier(shape);
    if (reused !== undefined) return reused;
    const key = this.keyFor(shape.from);
    const tx = await this.fill(request, shape);
    return key === undefined ? this.sendThroughNode(shape.from, tx) : this.sendSigned(shape.from, key, tx);
  }

  /** eth_sendRawTransaction from a caller that signed by itself: the same bytes, sent until settled. */
  async sendRaw(raw: string): Promise<string> {
    const hash = this.context.stack().transactionHash(raw);
    const entry = this.context.journal().add({ hash, raw, from: "", nonce: -1, to: null, dataDigest: "", value: "0", signer: "local", state: "signed" });
    await this.broadcast(entry, raw);
    return hash;
  }

  /** A send on the in-process network, which the node signed: only written to the journal. */
  journalOnly(request: RpcTransaction, hash: string): void {
    const shape = shapeOf(request);
    const entry = this.context.journal().add({
      hash,
      from: shape.from,
      nonce: request.nonce === undefined ? -1 : Number(BigInt(request.nonce)),
      to: shape.to,
      dataDigest: dataDigest(shape.data),
      value: String(shape.value),
      signer: "node",
      state: "sent",
    });
    this.announce(entry);
  }

  private announce(transaction: JournalEntry, reused = false): void {
    const what = transaction.to === null ? "contract creation" : `call to ${transaction.to}`;
    const link = transaction.hash === undefined ? "" : txLink(this.context.browserUrl(), transaction.hash);
    this.context
      .log()
      ?.info(
        reused ? `  reused ${what} ${transaction.hash}${link}: the same transaction, sent by an earlier run` : `  sent ${what}: ${transaction.hash}${link}`
      );
  }

  private keyFor(address: string): string | undefined {
    if (this.keysByAddress === undefined) {
      const stack = this.context.stack();
      this.keysByAddress = new Map(this.context.keys.map((key) => [lower(stack.addressOf(key)), key]));
    }
    return this.keysByAddress.get(address);
  }

  private used(from: string, nonce: bigint): void {
    const last = this.nonces.get(from);
    if (last === undefined || nonce > last) this.nonces.set(from, nonce);
  }

  private async nextNonce(from: string): Promise<bigint> {
    const pending = BigInt(await this.context.read<string>("eth_getTransactionCount", [from, "pending"]));
    const last = this.nonces.get(from);
    return last === undefined || pending > last ? pending : last + 1n;
  }

  /** Every field, filled as Hardhat would: the network's gas settings, else the node's estimate and fees. */
  private async fill(request: RpcTransaction, shape: TransactionShape): Promise<UnsignedTransaction> {
    const { from, to, data, value } = shape;
    const chainId = BigInt(await this.context.chainId());
    const nonce = big(request.nonce) ?? (await this.nextNonce(from));
    let gasLimit = big(request.gas);
    if (gasLimit === undefined) {
      if (this.context.gas !== "auto") gasLimit = this.context.gas;
      else {
        const estimate = BigInt(await this.context.read<string>("eth_estimateGas", [{ from, ...(to === null ? {} : { to }), data, value: hex(value) }]));
        gasLimit = BigInt(Math.floor(Number(estimate) * this.context.gasMultiplier));
      }
    }
    const base = { chainId, nonce, to, data, value, gasLimit };
    const gasPrice = big(request.gasPrice);
    if (gasPrice !== undefined) return { ...base, gasPrice };
    const maxFeePerGas = big(request.maxFeePerGas);
    if (maxFeePerGas !== undefined) {
      return { ...base, maxFeePerGas, maxPriorityFeePerGas: big(request.maxPriorityFeePerGas) ?? (maxFeePerGas < ONE_GWEI ? maxFeePerGas : ONE_GWEI) };
    }
    if (this.context.gasPrice !== "auto") return { ...base, gasPrice: this.context.gasPrice };
    return { ...base, ...(await this.context.fees()) };
  }

  private entryFor(from: string, tx: UnsignedTransaction, signer: "local" | "node", extra: Partial<JournalEntry>): JournalEntry {
    return { from, nonce: Number(tx.nonce), to: tx.to, dataDigest: dataDigest(tx.data), value: String(tx.value), signer, state: "signed", ...extra };
  }

  private async sendSigned(from: string, key: string, tx: UnsignedTransaction): Promise<string> {
    const { raw, hash } = await this.context.stack().signTransaction(key, tx);
    // Written down before the first attempt: whatever happens next, a later run knows this hash.
    const entry = this.context.journal().add(this.entryFor(from, tx, "local", { hash, raw }));
    await this.broadcast(entry, raw);
    this.used(from, tx.nonce);
    this.announce(entry);
    return hash;
  }

  private async known(hash: string): Promise<boolean> {
    return (await this.context.read<unknown>("eth_getTransactionByHash", [hash])) !== null;
  }

  /** Mined or pending: the receipt or the transaction itself can be seen. */
  private async visible(hash: string): Promise<true | undefined> {
    if ((await this.context.read<unknown>("eth_getTransactionReceipt", [hash])) !== null) return true;
    return (await this.known(hash)) ? true : undefined;
  }

  /** Sends the signed bytes, and only them, until the node holds them or has mined them. */
  private async broadcast(entry: JournalEntry, raw: string): Promise<void> {
    const journal = this.context.journal();
    const method = "eth_sendRawTransaction";
    let mayHaveLanded = false;
    await this.context.retrier.attempts(
      method,
      (timeout) => this.context.transport().call(method, [raw], timeout),
      async (error: unknown, failure: Failure) => {
        if (!failure.answered) {
          // No answer: the node may hold it. The next attempt is the same bytes, which it will know.
          mayHaveLanded = true;
          if (failure.retry) journal.update(entry, { state: "maybe-sent" });
          return undefined;
        }
        const message = firstLine(error);
        if (ALREADY_KNOWN.test(message)) return { value: undefined };
        if (NONCE_USED.test(message)) {
          await this.settleNonceUsed(entry, message, mayHaveLanded);
          return { value: undefined };
        }
        if (!failure.retry && entry.state !== "maybe-sent") journal.update(entry, { state: "rejected" });
        return undefined;
      }
    );
    journal.update(entry, { state: "sent" });
  }

  /**
   * The node says the nonce of our signed bytes is used: by them, when their hash or the transaction
   * holding that nonce says so. Only that holder being another transaction makes the entry rejected.
   * When neither shows (an index behind its blocks, a load balancer's other backend that took the
   * first attempt), the hash is looked for until totalTimeout, and then the run stops with the outcome
   * unknown: the entry stays, so that a rerun finds it by its hash instead of creating it again.
   */
  private async settleNonceUsed(entry: JournalEntry, answer: string, mayHaveLanded: boolean): Promise<void> {
    const journal = this.context.journal();
    const hash = entry.hash!;
    if (await this.known(hash)) return;
    // A caller's own bytes (sendRaw) carry no nonce we know: without an attempt that may have landed, the answer stands.
    const holder = entry.nonce < 0 ? undefined : await this.findByNonce(entry.from, entry.nonce);
    if (holder !== undefined && lower(holder.hash) === lower(hash)) return;
    if (holder !== undefined || !(entry.nonce >= 0 || mayHaveLanded)) {
      journal.update(entry, { state: "rejected" });
      throw new NonceTakenError(
        `Nonce ${entry.nonce} of ${entry.from} was used by another transaction${holder === undefined ? "" : ` (${holder.hash})`}, ` +
          `so ${hash} did not take effect (the node answered "${answer}"). Another process may be sending from this account: let it finish, then run again.`
      );
    }
    journal.update(entry, { state: "maybe-sent" });
    if (await this.context.retrier.poll(() => this.visible(hash))) return;
    throw this.unknownOutcome(entry, `the node answered "${answer}", yet neither ${hash} nor another transaction with its nonce can be found`);
  }

  /** The error that ends a run whose transaction `hash` the node never showed (watch.ts). */
  unseen(hash: string, why: string): UnknownOutcomeError {
    const entry = this.context.journal().run.transactions.find((tx) => tx.hash?.toLowerCase() === hash.toLowerCase());
    if (entry === undefined)
      return new UnknownOutcomeError(`Outcome unknown: ${hash} may or may not have taken effect (${why}). Check it on the explorer before running again.`);
    return this.unknownOutcome(entry, why);
  }

  /** The run cannot tell whether `entry` took effect: it stops, saying what to check before running again. */
  private unknownOutcome(entry: JournalEntry, why: string, minedLongAgo = false): UnknownOutcomeError {
    const what = entry.to === null ? "contract creation" : `call to ${entry.to}`;
    const file = this.context.journal().file;
    const check =
      entry.nonce < 0
        ? `Check ${entry.hash} on the explorer`
        : `Check the transaction with nonce ${entry.nonce} of ${entry.from} on the explorer, or compare eth_getTransactionCount of ${entry.from} ` +
          `at "pending" and "latest" (a pending count above the latest one means a transaction still waits in the pool)`;
    const again = minedLongAgo
      ? `If that transaction is not this ${what}, set this entry's "state" to "rejected" in ${file ?? "the journal"} and run again`
      : `Run the same command again once it is mined or dropped${file === undefined ? "" : `: ${file} holds this ${what}, so that run finds it instead of sending it again`}`;
    return new UnknownOutcomeError(
      `Outcome unknown: the ${what} ${entry.hash ?? `with nonce ${entry.nonce}`} may or may not have taken effect (${why}). ` +
        `Nothing was sent in its place with a new nonce. ${check}. ${again}.`
    );
  }

  /** A transaction from `from` with `nonce`, in the pending block or the last blocks. */
  private async findByNonce(from: string, nonce: number): Promise<RpcTransactionObject | undefined> {
    const latest = Number(BigInt(await this.context.read<string>("eth_blockNumber", [])));
    const tags = ["pending", ...Array.from({ length: Math.min(NONCE_SEARCH_BLOCKS, latest + 1) }, (_, i) => hex(BigInt(latest - i)))];
    for (const tag of tags) {
      const block = await this.context.read<{ transactions: RpcTransactionObject[] } | null>("eth_getBlockByNumber", [tag, true]).catch((error) => {
        if (error instanceof RpcAnswerError) return null;
        throw error;
      });
      const found = block?.transactions.find((tx) => typeof tx === "object" && lower(tx.from) === from && Number(BigInt(tx.nonce)) === nonce);
      if (found !== undefined) return found;
    }
    const mined = await this.blockOfNonce(from, nonce, latest);
    if (mined === undefined) return undefined;
    const block = await this.context.read<{ transactions: RpcTransactionObject[] } | null>("eth_getBlockByNumber", [hex(BigInt(mined)), true]);
    return block?.transactions.find((tx) => typeof tx === "object" && lower(tx.from) === from && Number(BigInt(tx.nonce)) === nonce);
  }

  /**
   * The block that mined nonce `nonce` of `from`, older than the blocks scanned one by one (a fast chain
   * makes 64 blocks in seconds): the first block whose transaction count for `from` passes the nonce,
   * found by bisection. Undefined when the nonce is not mined, or the node keeps no state that old (a
   * pruned node answers with an error).
   */
  private async blockOfNonce(from: string, nonce: number, latest: number): Promise<number | undefined> {
    const passes = async (block: number) => BigInt(await this.context.read<string>("eth_getTransactionCount", [from, hex(BigInt(block))])) > BigInt(nonce);
    try {
      if (!(await passes(latest))) return undefined;
      let [low, high] = [0, latest];
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        if (await passes(middle)) high = middle;
        else low = middle + 1;
      }
      return low;
    } catch (error) {
      if (error instanceof RpcAnswerError) return undefined;
      throw error;
    }
  }

  private async nonceTaken(from: string, nonce: number, tag: "pending" | "latest" = "pending"): Promise<boolean> {
    return BigInt(await this.context.read<string>("eth_getTransactionCount", [from, tag])) > BigInt(nonce);
  }

  /**
   * A transaction the node signs (or Hardhat, from an HD wallet): its nonce is pinned, so another
   * attempt can only ever be the same transaction. A lost answer is settled by the account's nonce.
   */
  private async sendThroughNode(from: string, tx: UnsignedTransaction): Promise<string> {
    const journal = this.context.journal();
    const entry = journal.add(this.entryFor(from, tx, "node", {}));
    const params = {
      from,
      ...(tx.to === null ? {} : { to: tx.to }),
      data: tx.data,
      value: hex(tx.value),
      gas: hex(tx.gasLimit),
      nonce: hex(tx.nonce),
      ...(tx.gasPrice !== undefined ? { gasPrice: hex(tx.gasPrice) } : {}),
      ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: hex(tx.maxFeePerGas), maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas ?? 0n) } : {}),
    };
    const settle = async (why: string): Promise<{ value: string }> => {
      const found = await this.findByNonce(from, entry.nonce);
      if (found !== undefined && dataDigest(found.input ?? found.data ?? "0x") === entry.dataDigest) return { value: found.hash };
      if (found !== undefined) {
        journal.update(entry, { state: "rejected" });
        throw new NonceTakenError(
          `Nonce ${entry.nonce} of ${from} went to another transaction (${found.hash}), so this step did not take effect (${why}). Run again.`
        );
      }
      journal.update(entry, { state: "maybe-sent" });
      throw this.unknownOutcome(
        entry,
        `${why}; the node took nonce ${entry.nonce}, but the transaction holding it is in neither the pending block nor any block this node can search`
      );
    };
    const hardhat = providerTransport(this.context.hardhat());
    const method = "eth_sendTransaction";
    const hash = await this.context.retrier.attempts(
      method,
      async (timeout) => String(await hardhat.call(method, [params], timeout)),
      async (error: unknown, failure: Failure) => {
        if (failure.answered) {
          const message = firstLine(error);
          if (ALREADY_KNOWN.test(message) || NONCE_USED.test(message)) return settle(`the node answered "${message}"`);
          if (!failure.retry && entry.state !== "maybe-sent") journal.update(entry, { state: "rejected" });
          return undefined;
        }
        if (!failure.retry) return undefined;
        journal.update(entry, { state: "maybe-sent" });
        // The answer was lost: the account's nonce says whether the node took it.
        return (await this.nonceTaken(from, entry.nonce)) ? settle("its answer was lost") : undefined;
      }
    );
    journal.update(entry, { hash, state: "sent" });
    this.used(from, tx.nonce);
    this.announce(entry);
    return hash;
  }

  /**
   * An identical transaction (sender, recipient, data, value) of an earlier unfinished run of this
   * task that took effect, is pending, or can still be sent as the same bytes: reused, not sent again.
   */
  private async reuseEarlier(shape: TransactionShape): Promise<string | undefined> {
    const journal = this.context.journal();
    for (const candidate of journal.candidates(shape)) {
      const earlier = candidate.transaction;
      const hash = earlier.hash ?? (await this.hashByNonce(shape.from, earlier));
      // Each earlier transaction stands in for one send of this run at most (two entries may name it).
      if (hash === undefined || journal.run.transactions.some((own) => own.hash?.toLowerCase() === hash.toLowerCase())) continue;
      const standing = await this.standing(shape.from, earlier, hash);
      if (standing === "void") continue;
      if (standing === "resend") {
        // Never mined, and its nonce still free: the very same bytes can still go out.
        const entry = journal.reuse(candidate, hash);
        await this.broadcast(entry, earlier.raw!);
        journal.update(entry, { state: "reused" });
      } else {
        journal.reuse(candidate, hash);
      }
      this.used(shape.from, BigInt(earlier.nonce));
      this.announce({ ...earlier, hash }, true);
      return hash;
    }
    return undefined;
  }

  /**
   * The hash of an earlier run's node-signed transaction whose answer was lost: the transaction that
   * holds its nonce, when that is the same transaction; undefined when its nonce is free or went to
   * another one. The nonce is read at "pending": the earlier transaction may still wait in the pool, and
   * sending the step again with the next nonce would make a second one. A nonce taken by a transaction
   * that cannot be found stops the run (UnknownOutcomeError).
   */
  private async hashByNonce(from: string, earlier: JournalEntry): Promise<string | undefined> {
    const pending = BigInt(await this.context.read<string>("eth_getTransactionCount", [from, "pending"]));
    if (pending <= BigInt(earlier.nonce)) return undefined;
    const found = await this.findByNonce(from, earlier.nonce);
    if (found !== undefined) return dataDigest(found.input ?? found.data ?? "0x") === earlier.dataDigest ? found.hash : undefined;
    const latest = BigInt(await this.context.read<string>("eth_getTransactionCount", [from, "latest"]));
    const where = latest > BigInt(earlier.nonce) ? "mined in a block this node keeps no state for" : "waiting in a pool, not in the pending block";
    throw this.unknownOutcome(
      earlier,
      `an earlier run sent it and lost the answer; nonce ${earlier.nonce} of ${from} is taken (transaction count: ${pending} pending, ${latest} latest), ` +
        `by a transaction ${where} that this run cannot see`,
      latest > BigInt(earlier.nonce)
    );
  }

  /** What an earlier run's transaction `hash` is now. */
  private async standing(from: string, earlier: JournalEntry, hash: string): Promise<Standing> {
    const receipt = await this.context.read<{ status?: string } | null>("eth_getTransactionReceipt", [hash]);
    if (receipt !== null) return receipt.status === undefined || BigInt(receipt.status) === 1n ? "usable" : "void";
    if (await this.known(hash)) return "usable";
    if (!(await this.nonceTaken(from, earlier.nonce, "latest"))) return earlier.raw === undefined ? "void" : "resend";
    // Its nonce is used, yet its hash shows nothing: a node whose transaction index lags its blocks. The block holding the nonce tells.
    const holder = await this.findByNonce(from, earlier.nonce);
    if (holder !== undefined) return lower(holder.hash) === lower(hash) ? "usable" : "void";
    // Nothing can be seen of either: sending the step again could make a second one.
    throw this.unknownOutcome(
      earlier,
      `nonce ${earlier.nonce} of ${from} is used, but neither ${hash} nor the transaction holding that nonce can be seen`,
      true
    );
  }
}
