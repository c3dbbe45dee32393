// The chain side of the harness: one deployment per collateral kind on the in-process network,
// snapshots to start every run from the same state, and raw JSON-RPC to send steps quickly.
import hre from "hardhat";
import { ACTORS, type Actor } from "./actors";
import { loadAbis, type Abis } from "./abis";
import { TOKEN_KINDS, type Env, type TokenKind } from "./env";
import { Stats } from "./stats";

const GAS = "0x989680"; // 10M: every step fits, and no estimateGas round trip is needed
const WALLET_UNITS = 10_000_000n;

export interface TxResult {
  ok: boolean;
  /** Revert data when `ok` is false. */
  revertData: string;
  logs: { address: string; topics: string[]; data: string }[];
}

export class World {
  readonly stats = new Stats();
  private base = "";

  private constructor(
    readonly envs: Record<TokenKind, Env>,
    readonly abis: Abis,
    readonly lens: string,
    private readonly initial: string
  ) {}

  /** Deploys everything once and takes the snapshot every run starts from. */
  static async create(): Promise<World> {
    const { ethers, upgrades } = hre;
    const initial = await request<string>("evm_snapshot", []);
    const signers = await ethers.getSigners();
    const [admin] = signers;
    const accountFactory = await ethers.getContractFactory("ProtocolPartyA");
    const MultiAccount = await ethers.getContractFactory("MultiAccount");
    const MultiAccountV2 = await ethers.getContractFactory("MultiAccountV2");
    const envs = {} as Record<TokenKind, Env>;
    let v2Implementation = "";
    for (const kind of TOKEN_KINDS) {
      const token =
        kind === "feeOnTransfer"
          ? await (await ethers.getContractFactory("MockFeeCollateral")).deploy()
          : await (await ethers.getContractFactory("MockCollateral")).deploy(kind === "plain6" ? 6 : 24);
      const Protocol = await ethers.getContractFactory("MockProtocol");
      const protocols = [await Protocol.deploy(token.address), await Protocol.deploy(token.address)];
      const multiAccount = await upgrades.deployProxy(MultiAccount, [admin.address, protocols[0].address, accountFactory.bytecode], {
        kind: "transparent",
        initializer: "initialize",
      });
      await multiAccount.deployed();
      // Validates the upgrade with the plugin once, and deploys MultiAccountV2's implementation.
      v2Implementation ||= (await upgrades.prepareUpgrade(multiAccount.address, MultiAccountV2, { kind: "transparent" })) as string;
      const actors = {} as Record<Actor, string>;
      ACTORS.forEach((actor, i) => (actors[actor] = actor === "protocol" ? protocols[0].address : signers[i].address));
      await request("hardhat_impersonateAccount", [actors.protocol]);
      await request("hardhat_setBalance", [actors.protocol, "0x3635c9adc5dea00000"]);
      const decimals: number = await token.decimals();
      const wallet = WALLET_UNITS * 10n ** BigInt(decimals);
      for (const actor of ACTORS) {
        await token.mint(actors[actor], wallet);
        await sendRaw(actors[actor], token.address, token.interface.encodeFunctionData("approve", [multiAccount.address, hre.ethers.constants.MaxUint256]));
      }
      envs[kind] = {
        kind,
        decimals,
        feeBps: kind === "feeOnTransfer" ? BigInt((await token.FEE_BPS()).toString()) : 0n,
        multiAccount: multiAccount.address,
        token: token.address,
        protocols: [protocols[0].address, protocols[1].address],
        proxyAdmin: await upgrades.erc1967.getAdminAddress(multiAccount.address),
        v2Implementation,
        actors,
        accountBytecode: accountFactory.bytecode,
        wallet,
      };
    }
    const lens = await (await ethers.getContractFactory("MultiAccountLens")).deploy();
    const world = new World(envs, loadAbis(), lens.address, initial);
    world.base = await request<string>("evm_snapshot", []);
    return world;
  }

  /** Puts the chain back to the deployed state (a snapshot can be reverted to once, so take another). */
  async reset(): Promise<number> {
    this.stats.sequences += 1;
    await request("evm_revert", [this.base]);
    this.base = await request<string>("evm_snapshot", []);
    const block = await request<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    return Number(block.timestamp);
  }

  /** Leaves the chain as it was before `create`, for the suites that run after this one. */
  async dispose(): Promise<void> {
    await request("evm_revert", [this.initial]);
  }

  /** Sends one transaction, mined in its own block at `timestamp`. */
  async send(tx: { from: string; to: string; data: string }, timestamp: number): Promise<TxResult> {
    await request("evm_setNextBlockTimestamp", [timestamp]);
    try {
      const hash = await sendRaw(tx.from, tx.to, tx.data);
      const receipt = await request<{ logs: TxResult["logs"] }>("eth_getTransactionReceipt", [hash]);
      return { ok: true, revertData: "", logs: receipt.logs };
    } catch (error) {
      const data = (error as { data?: unknown }).data;
      if (typeof data !== "string") throw error;
      return { ok: false, revertData: data, logs: [] };
    }
  }

  async call(to: string, data: string): Promise<string> {
    return request<string>("eth_call", [{ to, data }, "latest"]);
  }
}

function request<T = unknown>(method: string, params: unknown[]): Promise<T> {
  return hre.network.provider.request({ method, params }) as Promise<T>;
}

function sendRaw(from: string, to: string, data: string): Promise<string> {
  return request<string>("eth_sendTransaction", [{ from, to, data, gas: GAS }]);
}
