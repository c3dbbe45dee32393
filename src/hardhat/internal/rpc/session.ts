// The JSON-RPC session our tasks run behind. While a task runs, the network's provider object (the one
// the ethers and upgrades plugins hold) answers through it; before and after, it is Hardhat's,
// untouched. On an HTTP network, reads are retried (retry.ts) over our own transport (transport.ts),
// sends are idempotent (sends.ts), and every send is written to the journal (journal.ts). On the
// in-process network nothing can fail in transit: sends are only written to the journal.
import { MultiAccountKitError, RpcUnavailableError } from "../../errors";
import { Chain } from "../chains/reader";
import type { Logger } from "../output/log";
import type { Stack } from "../stack/types";
import { Journal, type JournalEntry } from "./journal";
import type { RetryPolicy } from "./policy";
import { Retrier, type RetryEffects } from "./retry";
import { NonceTakenError, Sends, UnknownOutcomeError, type RpcTransaction } from "./sends";
import { SentWatch } from "./watch";
import { behindHttpProxy, httpTransport, providerTransport, type RequestFunction, type Transport } from "./transport";

export interface PatchableProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

export interface RpcEndpoint {
  /** The provider object the project's plugins hold; patched while a task runs. */
  provider: PatchableProvider;
  network: string;
  /** For messages, without credentials: `network "bsc" (https://host)`. */
  description: string;
  /** The JSON-RPC URL of an HTTP network; undefined for the in-process network. */
  url?: string;
  headers?: Record<string, string>;
  /** The network's local signing keys. */
  keys: readonly string[];
  /** The chain id the network is configured with, when it is. */
  chainId?: number;
  gas: bigint | "auto";
  gasPrice: bigint | "auto";
  gasMultiplier: number;
  policy: RetryPolicy;
}

export interface SessionStart {
  task: string;
  /** Where the journal is kept; undefined keeps it in memory. */
  journalFile?: string;
  chainId: number;
  log: Logger;
  /** The explorer's base URL, for links. */
  browserUrl?: string;
}

/** Methods the node's (or Hardhat's) accounts answer: through Hardhat's provider, retried. */
const VIA_HARDHAT = new Set([
  "eth_accounts",
  "eth_requestAccounts",
  "eth_sign",
  "personal_sign",
  "eth_signTypedData",
  "eth_signTypedData_v1",
  "eth_signTypedData_v3",
  "eth_signTypedData_v4",
  "eth_signTransaction",
]);
/** Methods that only read, retried (the upgrades plugin asks nodes what they are). Others go through once. */
const READS = /^(eth|net|web3|txpool)_|^(hardhat_metadata|anvil_metadata|anvil_nodeInfo)$/;

function paramsOf(params: unknown): unknown[] {
  if (params === undefined || params === null) return [];
  return Array.isArray(params) ? params : [params];
}

export class RpcSession {
  private journalOfRun?: Journal;
  private log?: Logger;
  private browserUrl?: string;
  private restore?: () => void;
  private hardhat: RequestFunction;
  private transport: Transport;
  private chainIdValue?: number;
  private readonly retrier: Retrier;
  private readonly chain: Chain;
  private sends: Sends;
  private watch: SentWatch;
  /** Until the run's work is done, a call that gives up ends the task (see handle). */
  private abortOnFailure = true;
  private abort?: (error: Error) => void;
  /** Rejects when a call gave up while the task still had work to do; never resolves. */
  aborted: Promise<never> = new Promise<never>(() => undefined);

  constructor(
    private readonly endpoint: RpcEndpoint,
    private readonly stack: () => Stack,
    effects: RetryEffects = {}
  ) {
    this.hardhat = (args) => endpoint.provider.request(args);
    this.transport = providerTransport(this.hardhat);
    this.retrier = new Retrier(endpoint.policy, endpoint.description, effects);
    // Fees for the transactions signed here, read as the tasks read them.
    this.chain = new Chain({ request: ({ method, params }) => this.read(method, params ?? []) }, endpoint.description);
    this.sends = this.newSends();
    this.watch = new SentWatch(endpoint.policy.totalTimeout, endpoint.network);
  }

  private newSends(): Sends {
    return new Sends({
      keys: this.endpoint.keys,
      gas: this.endpoint.gas,
      gasPrice: this.endpoint.gasPrice,
      gasMultiplier: this.endpoint.gasMultiplier,
      retrier: this.retrier,
      stack: this.stack,
      journal: () => this.journal(),
      transport: () => this.transport,
      hardhat: () => this.hardhat,
      read: (method, params) => this.read(method, params),
      chainId: () => this.chainId(),
      fees: () => this.chain.feeData(),
      log: () => this.log,
      browserUrl: () => this.browserUrl,
    });
  }

  /** Retrying and idempotent sends apply (an HTTP network); otherwise sends are only written to the journal. */
  get resilient(): boolean {
    return this.endpoint.url !== undefined;
  }

  /**
   * Puts the session in front of the provider's request, send and sendAsync, until uninstall().
   * False when it already is (an outer call installed it, and uninstalls it).
   */
  install(): boolean {
    if (this.restore !== undefined) return false;
    const target = this.endpoint.provider as unknown as Record<string, unknown>;
    const saved = (["request", "send", "sendAsync"] as const).map((name) => ({
      name,
      own: Object.prototype.hasOwnProperty.call(target, name),
      value: target[name],
    }));
    const request = (target.request as RequestFunction).bind(target);
    this.hardhat = request;
    const url = this.endpoint.url;
    this.transport = url !== undefined && !behindHttpProxy(url) ? httpTransport(url, this.endpoint.headers) : providerTransport(request);
    this.abortOnFailure = true;
    this.aborted = new Promise<never>((_, reject) => (this.abort = reject));
    this.aborted.catch(() => undefined);

    target.request = (args: { method: string; params?: unknown }) => this.handle(args.method, paramsOf(args.params));
    const send = target.send as ((...args: unknown[]) => unknown) | undefined;
    if (typeof send === "function") {
      // Hardhat 2's send(method, params); the legacy send(payload, callback) goes to Hardhat as it was.
      target.send = (method: unknown, params?: unknown) =>
        typeof method === "string" ? this.handle(method, paramsOf(params)) : send.call(target, method, params);
    }
    if (typeof target.sendAsync === "function") {
      target.sendAsync = (payload: { id?: unknown; method: string; params?: unknown }, callback: (error: unknown, response?: unknown) => void) => {
        this.handle(payload.method, paramsOf(payload.params)).then(
          (result) => callback(null, { jsonrpc: "2.0", id: payload.id, result }),
          (error) => callback(error)
        );
      };
    }
    this.restore = () => {
      for (const { name, own, value } of saved) {
        if (own) target[name] = value;
        else delete target[name];
      }
    };
    return true;
  }

  uninstall(): void {
    this.restore?.();
    this.restore = undefined;
  }

  /** The run's journal (beside the addresses file) and logger; called once the chain id is known. */
  begin(start: SessionStart): void {
    this.log = start.log;
    this.retrier.log = start.log;
    this.browserUrl = start.browserUrl;
    this.journalOfRun = new Journal(this.resilient ? start.journalFile : undefined, {
      task: start.task,
      network: this.endpoint.network,
      chainId: start.chainId,
    });
    this.sends = this.newSends();
    this.watch = new SentWatch(this.endpoint.policy.totalTimeout, this.endpoint.network);
  }

  private journal(): Journal {
    this.journalOfRun ??= new Journal(undefined, { task: "task", network: this.endpoint.network, chainId: this.chainIdValue ?? 0 });
    return this.journalOfRun;
  }

  /**
   * The run did what it set out to do: its journal entry is closed, earlier unfinished runs are
   * settled, and from now on a call that gives up fails only its caller (a later step is a warning).
   */
  complete(): void {
    this.abortOnFailure = false;
    if (this.journalOfRun?.run.status === "running") this.journalOfRun.finish("completed");
  }

  fail(): void {
    if (this.journalOfRun?.run.status === "running" && this.journalOfRun.run.transactions.length > 0) this.journalOfRun.finish("failed");
  }

  /** This run's transactions, in order. */
  get sent(): readonly JournalEntry[] {
    return this.journalOfRun?.run.transactions ?? [];
  }

  /** Hashes of this run's transactions that were sent or stood in for (for the gas summary). */
  hashes(): string[] {
    return this.sent.filter((tx) => tx.hash !== undefined && tx.state !== "rejected" && tx.state !== "signed").map((tx) => tx.hash!);
  }

  /** For a failed run's message: every transaction it sent or may have sent, and what to do; undefined when it sent none. */
  describeSent(): string | undefined {
    const listed = this.sent.filter((tx) => tx.state !== "rejected" && tx.state !== "signed");
    if (listed.length === 0) return undefined;
    const items = listed.map((tx) => {
      const what = tx.to === null ? "contract creation" : `call to ${tx.to}`;
      const id = tx.hash ?? `nonce ${tx.nonce} of ${tx.from}`;
      if (tx.state === "maybe-sent") return `${id} (${what}; no answer came back, so it may have been sent)`;
      if (tx.state === "reused") return `${id} (${what}, sent by an earlier run and reused)`;
      return `${id} (${what})`;
    });
    const file = this.journalOfRun?.file;
    const next =
      file === undefined
        ? `Check them on the explorer before running again.`
        : `They are in the journal ${file}: run the same command again once the endpoint answers, and it finds them on the chain and sends none of them twice.`;
    return `Transactions this run sent: ${items.join(", ")}. ${next}`;
  }

  /**
   * Every call of the task's plugins comes here. When a call gives up before the run's work is done,
   * or a send's outcome rules out going on (its nonce went to another transaction, or whether it took
   * effect is unknown), the task cannot go on: `aborted` rejects with the reason (the task fails with
   * it, listing what was sent), and the caller's promise is left pending. Plugins poll in the
   * background without handling errors (hardhat-ethers checks for a sent transaction that way); a
   * rejection there would be unhandled and end the process with a bare error before the task could
   * say what it sent. And ethers 5 rewrites a send's error whose text mentions a nonce "too low" into
   * its own, which would lose what to check.
   */
  private async handle(method: string, params: unknown[]): Promise<unknown> {
    try {
      return await this.dispatch(method, params);
    } catch (error) {
      const ends = error instanceof RpcUnavailableError || error instanceof NonceTakenError || error instanceof UnknownOutcomeError;
      if (ends && this.abortOnFailure && this.abort !== undefined) {
        this.abort(error);
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  }

  private async dispatch(method: string, params: unknown[]): Promise<unknown> {
    if (!this.resilient) {
      if (method !== "eth_sendTransaction") return this.hardhat({ method, params });
      const hash = String(await this.hardhat({ method, params }));
      this.sends.journalOnly(params[0] as RpcTransaction, hash);
      return hash;
    }
    switch (method) {
      case "eth_sendTransaction":
        return this.watched(await this.sends.sendTransaction(params[0] as RpcTransaction));
      case "eth_sendRawTransaction":
        return this.watched(await this.sends.sendRaw(String(params[0])));
      case "eth_chainId":
        return `0x${(await this.chainId()).toString(16)}`;
      default:
        break;
    }
    if (VIA_HARDHAT.has(method)) {
      const hardhat = providerTransport(this.hardhat);
      return this.retrier.attempts(method, (timeout) => hardhat.call(method, params, timeout));
    }
    if (!READS.test(method)) return this.hardhat({ method, params });
    const result = await this.read(method, params);
    await this.watch.polled(
      method,
      params,
      result,
      this.log,
      () => this.shows(String(params[0])),
      (hash, why) => this.sends.unseen(hash, why)
    );
    return result;
  }

  /** A hash this run sent is watched until the node shows it mined (watch.ts). */
  private watched(hash: string): string {
    const tx = this.sent.find((entry) => entry.hash?.toLowerCase() === hash.toLowerCase());
    this.watch.sent(hash, tx === undefined || tx.to === null ? "contract creation" : `call to ${tx.to}`);
    return hash;
  }

  /** Whether the node shows the transaction at all: pending or mined. */
  private async shows(hash: string): Promise<boolean> {
    return (await this.read("eth_getTransactionByHash", [hash])) !== null || (await this.read("eth_getTransactionReceipt", [hash])) !== null;
  }

  /** An idempotent call, retried. */
  private read<T = unknown>(method: string, params: readonly unknown[]): Promise<T> {
    return this.retrier.attempts(method, (timeout) => this.transport.call(method, params, timeout) as Promise<T>);
  }

  /** Asked of the node once per task, and checked against the network's configured chain id. */
  private async chainId(): Promise<number> {
    if (this.chainIdValue !== undefined) return this.chainIdValue;
    const chainId = Number(BigInt(await this.read<string>("eth_chainId", [])));
    const configured = this.endpoint.chainId;
    if (configured !== undefined && configured !== chainId) {
      throw new MultiAccountKitError(
        `The endpoint of ${this.endpoint.description} runs chain ${chainId}, but network "${this.endpoint.network}" is configured with chainId ${configured}. ` +
          `Check its url (or <NETWORK>_RPC_URL in .env); nothing was sent.`
      );
    }
    this.chainIdValue = chainId;
    return chainId;
  }
}
