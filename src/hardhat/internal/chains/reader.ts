// Reads from the selected network over plain JSON-RPC (EIP-1193), the same on every stack and every
// Hardhat major: chain id, code, storage, balances, fees, gas estimates and receipts. On an HTTP
// network the provider answers through the task's RPC session (rpc/session.ts), which retries; a node
// that still cannot be reached becomes one clear error naming the step.
import { MultiAccountKitError, NetworkUnreachableError, RpcUnavailableError } from "../../errors";

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

const UNREACHABLE =
  /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNRESET|socket hang up|could not detect network|noNetwork|fetch failed|Cannot connect|connect E|other side closed/i;

/** Fallback priority fee when the node has no eth_maxPriorityFeePerGas (1 gwei). */
const DEFAULT_PRIORITY_FEE = 1_000_000_000n;

/** What a wallet offers per gas: the two EIP-1559 fees, or a legacy gas price where blocks have no base fee. */
export type FeeData =
  | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; gasPrice?: undefined }
  | { gasPrice: bigint; maxFeePerGas?: undefined; maxPriorityFeePerGas?: undefined };

export interface GasSummary {
  gasUsed: bigint;
  cost: bigint;
  transactions: number;
}

export class Chain {
  /**
   * @param provider the network's EIP-1193 provider
   * @param endpoint how to name the endpoint in errors, without credentials: `network "bsc" (https://host)`
   */
  constructor(
    private readonly provider: Eip1193Provider,
    private readonly endpoint: string
  ) {}

  /** One JSON-RPC call; `what` names the step for the error when the node cannot be reached. */
  request<T>(what: string, method: string, params: unknown[] = []): Promise<T> {
    return this.reach(what, async () => (await this.provider.request({ method, params })) as T);
  }

  /** Runs anything that talks to the node (a plugin's call included), naming an unreachable node clearly. */
  async reach<T>(what: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      if (error instanceof RpcUnavailableError) throw error.during(what);
      const message = (error as Error)?.message ?? String(error);
      if (UNREACHABLE.test(message) || UNREACHABLE.test(String((error as { code?: unknown })?.code ?? ""))) {
        throw new NetworkUnreachableError(
          `Cannot reach the JSON-RPC endpoint of ${this.endpoint} while ${what}. ` +
            `Check the network's url (or <NETWORK>_RPC_URL in .env) and that the node is running.`
        );
      }
      throw error;
    }
  }

  async chainId(): Promise<number> {
    return Number(await this.request<string>("reading the chain id", "eth_chainId"));
  }

  /** The runtime code at `address`, 0x-prefixed ("0x" where there is none). */
  code(address: string): Promise<string> {
    return this.request<string>(`reading the code at ${address}`, "eth_getCode", [address, "latest"]);
  }

  async hasCode(address: string): Promise<boolean> {
    const code = await this.code(address);
    return code !== "0x" && code !== "0x0" && code !== "";
  }

  /** The 20-byte address held in a 32-byte storage slot (ERC-1967), lower-case. */
  async addressInSlot(address: string, slot: string): Promise<string> {
    const word = await this.request<string>(`reading storage of ${address}`, "eth_getStorageAt", [address, slot, "latest"]);
    return `0x${word.replace(/^0x/, "").padStart(64, "0").slice(24)}`;
  }

  /** `owner()` of an Ownable contract, lower-case; undefined when the call fails or answers no address. */
  async ownerOf(contract: string): Promise<string | undefined> {
    let word: string;
    try {
      word = await this.request<string>(`reading the owner of ${contract}`, "eth_call", [{ to: contract, data: "0x8da5cb5b" }, "latest"]);
    } catch (error) {
      if (error instanceof MultiAccountKitError) throw error;
      return undefined;
    }
    return /^0x[0-9a-fA-F]{64}$/.test(word) ? `0x${word.slice(26).toLowerCase()}` : undefined;
  }

  async balance(address: string): Promise<bigint> {
    return BigInt(await this.request<string>(`reading the balance of ${address}`, "eth_getBalance", [address, "latest"]));
  }

  async estimateGas(from: string, data: string): Promise<bigint> {
    return BigInt(await this.request<string>("estimating gas", "eth_estimateGas", [{ from, data }]));
  }

  /**
   * The fees a wallet would offer: on an EIP-1559 chain twice the base fee plus the priority fee as
   * maxFeePerGas (the priority fee from the node, else 1 gwei, as ethers does); otherwise the node's
   * gas price.
   */
  async feeData(): Promise<FeeData> {
    const block = await this.request<{ baseFeePerGas?: string } | null>("reading the gas price", "eth_getBlockByNumber", ["latest", false]);
    if (block?.baseFeePerGas === undefined || block.baseFeePerGas === null) {
      return { gasPrice: BigInt(await this.request<string>("reading the gas price", "eth_gasPrice")) };
    }
    let priority = DEFAULT_PRIORITY_FEE;
    try {
      priority = BigInt(await this.request<string>("reading the gas price", "eth_maxPriorityFeePerGas"));
    } catch (error) {
      if (error instanceof NetworkUnreachableError) throw error;
      // Older nodes lack the method; the default is what ethers uses.
    }
    return { maxFeePerGas: 2n * BigInt(block.baseFeePerGas) + priority, maxPriorityFeePerGas: priority };
  }

  /** The most the deployer may be charged per gas. */
  async maxFeePerGas(): Promise<bigint> {
    const fees = await this.feeData();
    return fees.gasPrice ?? fees.maxFeePerGas;
  }

  /** Gas and cost of mined transactions, from their receipts. */
  async summarize(hashes: readonly string[]): Promise<GasSummary> {
    let gasUsed = 0n;
    let cost = 0n;
    for (const hash of hashes) {
      const receipt = await this.request<{ gasUsed: string; effectiveGasPrice?: string } | null>(
        `reading the receipt of ${hash}`,
        "eth_getTransactionReceipt",
        [hash]
      );
      if (receipt === null) continue;
      gasUsed += BigInt(receipt.gasUsed);
      cost += BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? 0);
    }
    return { gasUsed, cost, transactions: hashes.length };
  }
}
