// upgrade-multiaccount when the proxy's ProxyAdmin belongs to a Safe, on the in-process network of
// this repository (the ethers 5 stack, hardhat-upgrades 1.x's OpenZeppelin 4 ProxyAdmin): the real
// Safe 1.4.1 contracts from their npm artifacts, a 2-of-3 Safe made by @safe-global/protocol-kit, and
// its owners signing and executing the batch file the task wrote, as the Transaction Builder reads it.
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import type { Contract } from "ethers";
import SafeApiKit from "@safe-global/api-kit";
import { REPO_ROOT, useRootEnvironment } from "../../helpers/environment";
import { startSafeService, type SafeService } from "../../helpers/safe-service";
import { captureLogger } from "../../helpers/capture";
import { OWNER_KEYS, SAFE_ABI, createSafe, deploySafeContracts, safeKit, type SafeContracts } from "../../helpers/safe";
import { deployMultiAccount, type DeploymentResult, type DeployOptions } from "../../../../src/hardhat/internal/tasks/deploy";
import { upgradeMultiAccount, type UpgradeOptions } from "../../../../src/hardhat/internal/tasks/upgrade";
import { showAddresses } from "../../../../src/hardhat/internal/tasks/addresses-show";
import { handOverMultiAccount, type HandoverOptions } from "../../../../src/hardhat/internal/tasks/handover";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import { InputError } from "../../../../src/hardhat/errors";
import type { SafeBatchFile } from "../../../../src/hardhat/internal/files/safe-batch";

const OWNABLE = ["function owner() view returns (address)", "function transferOwnership(address newOwner)"];

/**
 * The checksum as the Transaction Builder checks it on import, written here from its documented
 * rule: keccak256 of the file with `meta.checksum` left out and `meta.name` null, serialized as each
 * object's sorted keys (a JSON array) followed by each value and a comma, arrays as JSON arrays.
 */
function importedChecksumHolds(utils: typeof import("ethers").utils, batch: SafeBatchFile): boolean {
  const canonical = (value: unknown): string => {
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value === null || typeof value !== "object") return JSON.stringify(value === undefined ? null : value);
    const keys = Object.keys(value).sort();
    return "{" + JSON.stringify(keys) + keys.map((key) => canonical((value as Record<string, unknown>)[key]) + ",").join("") + "}";
  };
  const copy = JSON.parse(JSON.stringify(batch)) as SafeBatchFile;
  const claimed = copy.meta.checksum;
  delete copy.meta.checksum;
  return utils.keccak256(utils.toUtf8Bytes(canonical({ ...copy, meta: { ...copy.meta, name: null } }))) === claimed;
}

describe("a deployment owned by a Safe (Safe 1.4.1 contracts, protocol-kit)", function () {
  const env = useRootEnvironment();
  let contracts: SafeContracts;
  let safe: string;
  let protocol: Contract;
  let dir: string;
  let file: string;
  let deployed: DeploymentResult;

  const deployerNonce = async () => (await env.hre.ethers.getSigners())[0].getTransactionCount();
  const safeNonce = async () => Number(await new env.hre.ethers.Contract(safe, SAFE_ABI as never, env.hre.ethers.provider).nonce());
  const proxyAdmin = async () => new env.hre.ethers.Contract(deployed.admin!, OWNABLE, (await env.hre.ethers.getSigners())[0]);

  /** A new deployment recorded in a new addresses file, its MultiAccount roles given to `admin`. */
  async function deployWithAdmin(admin: string, overrides: Partial<DeployOptions> = {}, logger = captureLogger()): Promise<void> {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-safe-"));
    file = path.join(dir, "addresses.json");
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol.address }));
    const options: DeployOptions = {
      admin,
      contract: "MultiAccount",
      accountContract: "ProtocolPartyA",
      addressesFile: file,
      verify: true,
      verifyDelay: 0,
      dryRun: false,
      force: false,
      ...overrides,
    };
    deployed = (await deployMultiAccount(hardhat2Host(env.hre), options, { logger })) as DeploymentResult;
  }

  before(async () => {
    const collateral = await (await env.hre.ethers.getContractFactory("MockCollateral")).deploy(6);
    protocol = await (await env.hre.ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
    contracts = await deploySafeContracts(env.hre);
    safe = await createSafe(env.hre, contracts, OWNER_KEYS, 2);
  });

  // hardhat-upgrades 1.x keeps one ProxyAdmin per network: it goes back to the deployer (its owner's
  // transaction, impersonated here) so that the next test deploys behind it again.
  afterEach(async () => {
    const admin = await proxyAdmin();
    const owner: string = await admin.owner();
    const deployer = (await env.hre.ethers.getSigners())[0].address;
    if (owner === deployer) return;
    await env.hre.network.provider.send("hardhat_impersonateAccount", [owner]);
    await env.hre.network.provider.send("hardhat_setBalance", [owner, "0xde0b6b3a7640000"]);
    await (await admin.connect(await env.hre.ethers.getSigner(owner)).transferOwnership(deployer)).wait();
    await env.hre.network.provider.send("hardhat_stopImpersonatingAccount", [owner]);
  });

  describe("upgrade-multiaccount through the Safe", () => {
    const upgradeOptions = (overrides: Partial<UpgradeOptions> = {}): UpgradeOptions => ({
      contract: "MultiAccountV2",
      addressesFile: file,
      verify: true,
      verifyDelay: 0,
      dryRun: false,
      ...overrides,
    });

    beforeEach(async () => {
      await deployWithAdmin((await env.hre.ethers.getSigners())[5].address);
      await (await (await proxyAdmin()).transferOwnership(safe)).wait();
    });

    it("deploys the implementation, writes the batch; two owners sign and execute it with protocol-kit, and the proxy runs it", async () => {
      const nonceBefore = await deployerNonce();
      const nonce = await safeNonce();
      const log = captureLogger();
      const result = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: log });
      const written = result!.safe!;
      expect(written.safe).to.equal(safe);
      expect(written.waiting).to.equal(false);
      expect(await deployerNonce(), "the deployer sends the implementation's creation alone").to.equal(nonceBefore + 1);
      expect(await env.hre.ethers.provider.getCode(written.implementation)).to.not.equal("0x");
      expect(await env.hre.upgrades.erc1967.getImplementationAddress(deployed.proxy), "the proxy is not upgraded yet").to.equal(deployed.implementation);
      expect(log.lines).to.include(`ProxyAdmin owner:   the Safe ${safe} (Safe 1.4.1, 2 of 3 owners, nonce ${nonce})`);
      expect(log.lines).to.include(`Safe batch file:    ${path.join(dir, "safe-upgrade-hardhat.json")} (import it in Safe{Wallet}'s Transaction Builder)`);
      expect(log.lines).to.include(`Safe transaction:   nonce ${nonce}, safeTxHash ${written.safeTxHash}`);

      // The batch as the Transaction Builder imports it: its checksum holds, and the call is encoded from the method and its values.
      const batch = JSON.parse(fs.readFileSync(written.batchFile, "utf8")) as SafeBatchFile;
      expect(importedChecksumHolds(env.hre.ethers.utils, batch), "the checksum the Transaction Builder checks").to.equal(true);
      expect([batch.version, batch.chainId, batch.meta.createdFromSafeAddress, batch.transactions.length]).to.deep.equal(["1.0", "31337", safe, 1]);
      const [transaction] = batch.transactions;
      expect(transaction.to).to.equal(deployed.admin);
      const method = {
        type: "function",
        name: transaction.contractMethod.name,
        inputs: transaction.contractMethod.inputs,
        outputs: [],
        stateMutability: "nonpayable",
      };
      const args = transaction.contractMethod.inputs.map((input) => transaction.contractInputsValues[input.name]);
      const data = new env.hre.ethers.utils.Interface([method]).encodeFunctionData(method.name, args);
      expect(args).to.deep.equal([deployed.proxy, written.implementation]);

      // The hash we printed is protocol-kit's and the Safe contract's own for that nonce.
      const first = await safeKit(env.hre, contracts, OWNER_KEYS[0], safe);
      const proposal = await first.createTransaction({ transactions: [{ to: transaction.to, value: transaction.value, data }] });
      expect(proposal.data.nonce).to.equal(nonce);
      expect(await first.getTransactionHash(proposal)).to.equal(written.safeTxHash);
      const onChain = new env.hre.ethers.Contract(safe, SAFE_ABI as never, env.hre.ethers.provider);
      const zero = env.hre.ethers.constants.AddressZero;
      expect(await onChain.getTransactionHash(transaction.to, 0, data, 0, 0, 0, 0, zero, zero, nonce)).to.equal(written.safeTxHash);

      // addresses:show names the Safe and the upgrade that waits for it, until it is executed.
      const shown = async () => {
        const table = captureLogger();
        await showAddresses(hardhat2Host(env.hre), { addressesFile: file, json: false }, { logger: table });
        return table.lines.slice(-2);
      };
      const owned = `ProxyAdmin ${deployed.admin}, owned by the Safe ${safe} (Safe 1.4.1, 2 of 3 owners, nonce ${nonce})`;
      expect(await shown()).to.deep.equal([owned, `Waiting for the Safe: the upgrade to ${written.implementation} in ${written.batchFile}`]);

      const second = await safeKit(env.hre, contracts, OWNER_KEYS[1], safe);
      const signed = await second.signTransaction(await first.signTransaction(proposal));
      await (
        await second.executeTransaction(signed)
      ).transactionResponse;
      expect(await env.hre.upgrades.erc1967.getImplementationAddress(deployed.proxy)).to.equal(written.implementation);
      const v2 = await env.hre.ethers.getContractAt("MultiAccountV2", deployed.proxy);
      expect(await v2.version()).to.equal("2");
      expect((await shown())[1]).to.equal(owned.replace(`nonce ${nonce}`, `nonce ${nonce + 1}`));

      // Executed: the next run has nothing to upgrade and sends nothing.
      const nonceAfter = await deployerNonce();
      const again = captureLogger();
      expect(await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: again })).to.equal(undefined);
      expect(again.text()).to.include("Nothing to upgrade");
      expect(await deployerNonce()).to.equal(nonceAfter);
    });

    it("a rerun before the Safe executes deploys nothing, leaves the same batch file and says it waits", async () => {
      const first = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: captureLogger() });
      const text = fs.readFileSync(first!.safe!.batchFile, "utf8");
      const nonceBefore = await deployerNonce();
      const log = captureLogger();
      const second = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: log });
      expect(await deployerNonce(), "nothing sent").to.equal(nonceBefore);
      expect(second!.safe).to.deep.equal({ ...first!.safe, waiting: true });
      expect(fs.readFileSync(first!.safe!.batchFile, "utf8")).to.equal(text);
      expect(log.text()).to.include(`Waiting for the Safe: an earlier run wrote this batch, and the proxy still runs ${deployed.implementation}`);
    });

    it("--dry-run names the Safe and what the run would do, and sends and writes nothing", async () => {
      const nonceBefore = await deployerNonce();
      const log = captureLogger();
      expect(await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ dryRun: true }), { logger: log })).to.equal(undefined);
      expect(await deployerNonce()).to.equal(nonceBefore);
      expect(fs.readdirSync(dir).filter((name) => name.startsWith("safe-upgrade"))).to.deep.equal([]);
      expect(log.lines).to.include(`ProxyAdmin owner:   the Safe ${safe} (Safe 1.4.1, 2 of 3 owners, nonce ${await safeNonce()})`);
      expect(log.text()).to.include("the upgrade is written for the Safe's owners to sign");
    });

    describe("refused before any gas is spent, with no batch file", () => {
      async function refused(options: Partial<UpgradeOptions>, message: RegExp): Promise<void> {
        const [nonceBefore, block] = [await deployerNonce(), await env.hre.ethers.provider.getBlockNumber()];
        const failure = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(options), { logger: captureLogger() }).catch((error: Error) => error);
        expect(failure).to.be.instanceOf(InputError);
        expect((failure as Error).message.replace(/\s+/g, " ")).to.match(message);
        expect([await deployerNonce(), await env.hre.ethers.provider.getBlockNumber()]).to.deep.equal([nonceBefore, block]);
        expect(fs.readdirSync(dir).filter((name) => name.startsWith("safe-upgrade"))).to.deep.equal([]);
      }

      it("a ProxyAdmin owned by a contract that is not a Safe", async () => {
        const safeAdmin = await proxyAdmin();
        await env.hre.network.provider.send("hardhat_impersonateAccount", [safe]);
        await env.hre.network.provider.send("hardhat_setBalance", [safe, "0xde0b6b3a7640000"]);
        await (await safeAdmin.connect(await env.hre.ethers.getSigner(safe)).transferOwnership(protocol.address)).wait();
        await env.hre.network.provider.send("hardhat_stopImpersonatingAccount", [safe]);
        await refused(
          {},
          new RegExp(
            `owned by the contract ${protocol.address}, which does not answer as a Safe .*only its own owners can send the upgrade.*Nothing was sent\\.`
          )
        );
      });

      it("a batch file next to the addresses file written for a Safe on another chain id", async () => {
        const other = path.join(dir, "safe-upgrade-hardhat.json");
        const text = JSON.stringify({ version: "1.0", chainId: "56", meta: { createdFromSafeAddress: safe }, transactions: [] });
        fs.writeFileSync(other, text);
        const [nonceBefore, block] = [await deployerNonce(), await env.hre.ethers.provider.getBlockNumber()];
        const failure = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: captureLogger() }).catch((error: Error) => error);
        expect(failure).to.be.instanceOf(InputError);
        expect((failure as Error).message.replace(/\s+/g, " ")).to.match(
          new RegExp(
            `safe-upgrade-hardhat\\.json holds a Safe transaction for the Safe ${safe} on chain 56, but "hardhat" is chain 31337 .*Nothing was sent\\.`
          )
        );
        expect([await deployerNonce(), await env.hre.ethers.provider.getBlockNumber(), fs.readFileSync(other, "utf8")]).to.deep.equal([
          nonceBefore,
          block,
          text,
        ]);
      });

      it("a storage-unsafe implementation", async () => {
        await refused(
          { contract: "MultiAccountReorderedLayout" },
          /MultiAccountReorderedLayout is not a safe upgrade of 0x[0-9a-fA-F]{40}.*Nothing was sent\./
        );
      });
    });
  });

  describe("upgrade-multiaccount --propose: to a Transaction Service through @safe-global/api-kit", () => {
    const API_KEY = "safe-service-key-5f3a9c2e71";
    /** Hardhat's test account #0: the deployer. */
    const DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    let service: SafeService;
    const proposeOptions = (overrides: Partial<UpgradeOptions> = {}): UpgradeOptions => ({
      contract: "MultiAccountV2",
      addressesFile: file,
      verify: false,
      verifyDelay: 0,
      dryRun: false,
      propose: { root: REPO_ROOT, txServiceUrl: service.url(31337), apiKey: API_KEY },
      ...overrides,
    });
    const posts = () => service.requests.filter((request) => request.method === "POST" && request.path.endsWith("/multisig-transactions/"));
    const recovered = (hash: string, signature: string) => env.hre.ethers.utils.recoverAddress(hash, signature);

    before(async () => {
      service = await startSafeService({ 31337: env.hre.ethers.provider });
    });
    after(() => service.stop());
    beforeEach(async () => {
      service.requests.length = 0;
      await deployWithAdmin((await env.hre.ethers.getSigners())[5].address);
    });

    it("a delegate proposes; what crossed the wire recovers to it; a rerun proposes nothing; two owners confirm and execute from the service", async () => {
      await (await (await proxyAdmin()).transferOwnership(safe)).wait();
      const deployer = (await env.hre.ethers.getSigners())[0].address;
      service.delegates.set(safe, [deployer]);
      const log = captureLogger();
      const proposal = (await upgradeMultiAccount(hardhat2Host(env.hre), proposeOptions(), { logger: log }))!.safe!.proposal!;
      expect([proposal.earlier, proposal.confirmations, proposal.required]).to.deep.equal([false, 0, 2]);
      const [post] = posts();
      expect(post.path).to.equal(`/v2/safes/${safe}/multisig-transactions/`);
      expect([post.body!.contractTransactionHash, post.body!.sender, post.body!.nonce]).to.deep.equal([proposal.safeTxHash, deployer, String(proposal.nonce)]);
      expect(recovered(proposal.safeTxHash, String(post.body!.signature)), "the signature recovers to the sender").to.equal(deployer);
      expect(
        service.requests.every((request) => request.authorization === `Bearer ${API_KEY}`),
        "every request carries the key"
      ).to.equal(true);
      expect(log.text()).to.not.include(API_KEY);
      expect(log.lines).to.include(
        `Proposed:           to the Safe Transaction Service at ${new URL(service.url(31337)).origin}, nonce ${proposal.nonce}, safeTxHash ${proposal.safeTxHash}, signed by the deployer; waiting for 2 more confirmations (0 of 2).`
      );

      // Run again before any owner signs: the proposal is found among the pending transactions.
      const nonceBefore = await deployerNonce();
      const again = captureLogger();
      const found = (await upgradeMultiAccount(hardhat2Host(env.hre), proposeOptions(), { logger: again }))!.safe!.proposal!;
      expect([found.earlier, found.safeTxHash, posts().length, await deployerNonce()]).to.deep.equal([true, proposal.safeTxHash, 1, nonceBefore]);
      expect(again.text()).to.include("waiting for 2 more confirmations (0 of 2). Nothing was sent or proposed.");

      // Two owners confirm through api-kit; the transaction is executed from the service's stored signatures.
      const api = new SafeApiKit({ chainId: 31337n, txServiceUrl: service.url(31337), apiKey: API_KEY });
      for (const key of OWNER_KEYS.slice(0, 2)) {
        const kit = await safeKit(env.hre, contracts, key, safe);
        await api.confirmTransaction(proposal.safeTxHash, (await kit.signHash(proposal.safeTxHash)).data);
      }
      const stored = await api.getTransaction(proposal.safeTxHash);
      expect(stored.confirmations?.map((confirmation) => confirmation.owner)).to.have.length(2);
      const executor = await safeKit(env.hre, contracts, OWNER_KEYS[2], safe);
      await (
        await executor.executeTransaction(stored)
      ).transactionResponse;
      expect(await env.hre.upgrades.erc1967.getImplementationAddress(deployed.proxy)).to.not.equal(deployed.implementation);
      const after = captureLogger();
      expect(await upgradeMultiAccount(hardhat2Host(env.hre), proposeOptions(), { logger: after })).to.equal(undefined);
      expect(after.text()).to.include("Nothing to upgrade");
    });

    it("an owner's proposal counts as its confirmation: one more owner signs", async () => {
      const ownSafe = await createSafe(env.hre, contracts, [DEPLOYER_KEY, OWNER_KEYS[0]], 2, "7");
      await (await (await proxyAdmin()).transferOwnership(ownSafe)).wait();
      const log = captureLogger();
      const proposal = (await upgradeMultiAccount(hardhat2Host(env.hre), proposeOptions(), { logger: log }))!.safe!.proposal!;
      expect([proposal.confirmations, proposal.required]).to.deep.equal([1, 2]);
      expect(log.lines).to.include(
        `Proposer:           the deployer, an owner of the Safe, to the Safe Transaction Service at ${new URL(service.url(31337)).origin}`
      );
      expect(log.text()).to.include("waiting for 1 more confirmation (1 of 2).");
      const stored = service.transactions.get(proposal.safeTxHash)!;
      expect(stored.confirmations.map((confirmation) => confirmation.owner)).to.deep.equal([(await env.hre.ethers.getSigners())[0].address]);
    });

    describe("refused before any gas is spent or anything proposed", () => {
      async function refused(message: RegExp): Promise<void> {
        const [nonceBefore, block] = [await deployerNonce(), await env.hre.ethers.provider.getBlockNumber()];
        const failure = await upgradeMultiAccount(hardhat2Host(env.hre), proposeOptions(), { logger: captureLogger() }).catch((error: Error) => error);
        expect(failure).to.be.instanceOf(InputError);
        expect((failure as Error).message.replace(/\s+/g, " ")).to.match(message);
        expect([await deployerNonce(), await env.hre.ethers.provider.getBlockNumber(), posts().length]).to.deep.equal([nonceBefore, block, 0]);
        expect(fs.readdirSync(dir).filter((name) => name.startsWith("safe-upgrade"))).to.deep.equal([]);
      }

      it("a proposer that is neither an owner nor a delegate, naming the keys that may", async () => {
        await (await (await proxyAdmin()).transferOwnership(safe)).wait();
        service.delegates.set(safe, []);
        const owners = OWNER_KEYS.map((key) => new env.hre.ethers.Wallet(key).address).join(", ");
        await refused(new RegExp(`is neither an owner nor a delegate of the Safe ${safe}.* Keys that may: its owners ${owners} \\(it has no delegate\\)`));
      });

      it("--propose on a ProxyAdmin the deployer owns", async () => {
        await refused(/--propose applies when a Safe owns the proxy's ProxyAdmin/);
      });
    });
  });

  describe("deploy-multiaccount --owner: the ProxyAdmin the Safe's from the proxy's first block", () => {
    /** The blocks in which the ProxyAdmin changed owner, and the one that created the proxy (its AdminChanged event). */
    async function history(): Promise<{ transfers: number[]; proxyCreated: number }> {
      const { provider, utils } = env.hre.ethers;
      const topic = (event: string) => utils.id(event);
      const transfers = await provider.getLogs({ address: deployed.admin, topics: [topic("OwnershipTransferred(address,address)")], fromBlock: 0 });
      const created = await provider.getLogs({ address: deployed.proxy, topics: [topic("AdminChanged(address,address)")], fromBlock: 0 });
      return { transfers: transfers.map((entry) => entry.blockNumber), proxyCreated: created[0].blockNumber };
    }

    it("hardhat-upgrades 1.x: its one ProxyAdmin goes to the Safe before the proxy is created; a second deployment sends no second transfer", async () => {
      const admin = (await env.hre.ethers.getSigners())[5].address;
      const log = captureLogger();
      await deployWithAdmin(admin, { owner: safe }, log);
      const owners = OWNER_KEYS.map((key) => new env.hre.ethers.Wallet(key).address).join(", ");
      expect(log.lines).to.include(`ProxyAdmin:     owned by the Safe ${safe} (Safe 1.4.1, 2 of 3 owners: ${owners}) (--owner)`);
      expect(log.lines).to.include(`                owned by ${safe} (read on chain)`);
      expect(await (await proxyAdmin()).owner()).to.equal(safe);
      const { transfers, proxyCreated } = await history();
      expect(transfers[transfers.length - 1], "the transfer's block comes before the proxy's").to.be.below(proxyCreated);

      // A second deployment behind the same ProxyAdmin, already the Safe's: the proxy alone is sent.
      const before = await deployerNonce();
      const count = transfers.length;
      await deployWithAdmin(admin, { owner: safe });
      expect(await deployerNonce(), "one creation: the proxy (the implementation is reused)").to.equal(before + 1);
      expect((await history()).transfers).to.have.length(count);
      expect(await (await proxyAdmin()).owner()).to.equal(safe);
    });

    describe("refused before anything is compiled or sent, the addresses file untouched", () => {
      async function refused(overrides: Partial<DeployOptions>, message: RegExp): Promise<void> {
        const [nonceBefore, block] = [await deployerNonce(), await env.hre.ethers.provider.getBlockNumber()];
        const failure = await deployWithAdmin(safe, overrides).catch((error: Error) => error);
        expect(failure).to.be.instanceOf(InputError);
        expect((failure as Error).message.replace(/\s+/g, " ")).to.match(message);
        expect([await deployerNonce(), await env.hre.ethers.provider.getBlockNumber()]).to.deep.equal([nonceBefore, block]);
        expect(JSON.parse(fs.readFileSync(file, "utf8"))).to.deep.equal({ protocolAddress: protocol.address });
      }

      it("an --owner that is a contract but not a Safe", async () => {
        await refused({ owner: protocol.address }, /--owner 0x[0-9a-fA-F]{40} is a contract that does not answer as a Safe .*Nothing was sent\./);
      });

      it("an --owner without code, unless --owner-is-eoa; --owner-is-eoa alone", async () => {
        const account = (await env.hre.ethers.getSigners())[7].address;
        await refused({ owner: account }, new RegExp(`--owner ${account} has no code .*pass --owner-is-eoa\\. Nothing was sent\\.`));
        await refused({ ownerIsEoa: true }, /--owner-is-eoa only applies with --owner/);
        const log = captureLogger();
        await deployWithAdmin(safe, { owner: account, ownerIsEoa: true }, log);
        expect(log.lines).to.include(`ProxyAdmin:     owned by the account ${account} (--owner-is-eoa) (--owner)`);
        expect(await (await proxyAdmin()).owner()).to.equal(account);
      });
    });
  });

  describe("handover-multiaccount: an existing deployment handed to the Safe", () => {
    const ROLES = ["DEFAULT_ADMIN_ROLE", "SETTER_ROLE", "PAUSER_ROLE", "UNPAUSER_ROLE"];
    const handover = (overrides: Partial<HandoverOptions> = {}): HandoverOptions => ({
      owner: safe,
      ownerIsEoa: false,
      keepRoles: false,
      addressesFile: file,
      dryRun: false,
      ...overrides,
    });
    /** The roles `account` holds on the proxy, by name. */
    async function rolesOf(account: string): Promise<string[]> {
      const multiAccount = await env.hre.ethers.getContractAt("MultiAccount", deployed.proxy);
      const held: string[] = [];
      for (const role of ROLES) if (await multiAccount.hasRole(await multiAccount[role](), account)) held.push(role);
      return held;
    }

    beforeEach(async () => {
      // The deployer is the MultiAccount's admin too, as with --admin set to the deployer.
      await deployWithAdmin((await env.hre.ethers.getSigners())[0].address);
    });

    it("grants the roles, transfers the ProxyAdmin, then renounces the deployer's roles, admin last; read back on chain", async () => {
      const deployer = (await env.hre.ethers.getSigners())[0].address;
      const before = await deployerNonce();
      const log = captureLogger();
      const result = await handOverMultiAccount(hardhat2Host(env.hre), handover(), { logger: log });
      expect(result!.sent).to.deep.equal([
        ...ROLES.map((role) => `grantRole(${role}, ${safe})`),
        `transferOwnership(${safe})`,
        ...[...ROLES].reverse().map((role) => `renounceRole(${role}, ${deployer})`),
      ]);
      expect(await deployerNonce()).to.equal(before + 9);
      expect(await (await proxyAdmin()).owner()).to.equal(safe);
      expect(await rolesOf(safe)).to.deep.equal(ROLES);
      expect(await rolesOf(deployer)).to.deep.equal([]);
      expect(result!.deployerKeeps).to.deep.equal([]);
      expect(log.lines).to.include(
        `New owner:          the Safe ${safe} (Safe 1.4.1, 2 of 3 owners: ${OWNER_KEYS.map((key) => new env.hre.ethers.Wallet(key).address).join(", ")})`
      );
      expect(log.lines).to.include("The deployer still holds: nothing.");

      // Run again: nothing is left to send.
      const again = captureLogger();
      expect((await handOverMultiAccount(hardhat2Host(env.hre), handover(), { logger: again }))!.sent).to.deep.equal([]);
      expect(again.text()).to.include("Nothing to hand over");
      expect(await deployerNonce()).to.equal(before + 9);
    });

    it("a run stopped part way: the rerun sends only what is left", async () => {
      const multiAccount = await env.hre.ethers.getContractAt("MultiAccount", deployed.proxy);
      // What a run stopped after its first two sends left on chain.
      await (await multiAccount.grantRole(await multiAccount.DEFAULT_ADMIN_ROLE(), safe)).wait();
      await (await multiAccount.grantRole(await multiAccount.SETTER_ROLE(), safe)).wait();
      const result = await handOverMultiAccount(hardhat2Host(env.hre), handover(), { logger: captureLogger() });
      expect(result!.sent.slice(0, 3)).to.deep.equal([`grantRole(PAUSER_ROLE, ${safe})`, `grantRole(UNPAUSER_ROLE, ${safe})`, `transferOwnership(${safe})`]);
      expect(result!.sent).to.have.length(7);
      expect(await rolesOf(safe)).to.deep.equal(ROLES);
    });

    it("--keep-roles leaves the deployer its roles and says so; --dry-run prints the steps and sends nothing", async () => {
      const before = await deployerNonce();
      const dry = captureLogger();
      expect(await handOverMultiAccount(hardhat2Host(env.hre), handover({ dryRun: true }), { logger: dry })).to.equal(undefined);
      expect(await deployerNonce()).to.equal(before);
      expect(dry.lines).to.include(`  5. transferOwnership(${safe}) on the ProxyAdmin ${deployed.admin}`);
      expect(dry.lines).to.include("Dry run: nothing was sent.");
      const log = captureLogger();
      const result = await handOverMultiAccount(hardhat2Host(env.hre), handover({ keepRoles: true }), { logger: log });
      expect(result!.deployerKeeps).to.deep.equal(ROLES);
      expect(log.lines).to.include(`The deployer still holds: ${ROLES.join(", ")}.`);
    });

    describe("refused before anything is sent", () => {
      async function refused(options: Partial<HandoverOptions>, message: RegExp): Promise<void> {
        const before = await deployerNonce();
        const failure = await handOverMultiAccount(hardhat2Host(env.hre), handover(options), { logger: captureLogger() }).catch((error: Error) => error);
        expect(failure).to.be.instanceOf(InputError);
        expect((failure as Error).message.replace(/\s+/g, " ")).to.match(message);
        expect(await deployerNonce()).to.equal(before);
        expect(await (await proxyAdmin()).owner()).to.equal((await env.hre.ethers.getSigners())[0].address);
      }

      it("an owner without code, unless --owner-is-eoa", async () => {
        const account = (await env.hre.ethers.getSigners())[7].address;
        await refused({ owner: account }, new RegExp(`--owner ${account} has no code .*pass --owner-is-eoa\\. Nothing was sent\\.`));
        const log = captureLogger();
        await handOverMultiAccount(hardhat2Host(env.hre), handover({ owner: account, ownerIsEoa: true }), { logger: log });
        expect(log.lines).to.include(`New owner:          the account ${account} (--owner-is-eoa)`);
        expect([await (await proxyAdmin()).owner(), await rolesOf(account)]).to.deep.equal([account, ROLES]);
      });

      it("a contract that is not a Safe", async () => {
        await refused({ owner: protocol.address }, /is a contract that does not answer as a Safe .*Nothing was sent\./);
      });
    });
  });
});
