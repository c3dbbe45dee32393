// deploy-multiaccount, upgrade-multiaccount and addresses:show on the in-process Hardhat network of
// this repository (which has its own MultiAccount contracts).
import { expect } from "chai";
import { useRootEnvironment } from "../../helpers/environment";
import fs from "fs";
import os from "os";
import path from "path";
import type { Contract } from "ethers";
import { deployMultiAccount, type DeployOptions, type DeploymentResult } from "../../../../src/hardhat/internal/tasks/deploy";
import { upgradeMultiAccount } from "../../../../src/hardhat/internal/tasks/upgrade";
import { showAddresses } from "../../../../src/hardhat/internal/tasks/addresses-show";
import { hardhat2Host } from "../../../../src/hardhat/hardhat2/host";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT, TASK_DEPLOY_MULTIACCOUNT } from "../../../../src/hardhat/constants";
import { InputError, AddressesFileError } from "../../../../src/hardhat/errors";
import { captureLogger, captureConsole } from "../../helpers/capture";

/** `text` as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("deploy-multiaccount (in-process network)", function () {
  const env = useRootEnvironment();
  let dir: string;
  let file: string;
  let protocol: Contract;
  let admin: string;

  function options(overrides: Partial<DeployOptions> = {}): DeployOptions {
    return {
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
  }

  async function expectNothingSent(run: () => Promise<unknown>, errorType: new (...args: never[]) => Error, message: RegExp): Promise<void> {
    const block = await env.hre.ethers.provider.getBlockNumber();
    const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    let caught: unknown;
    try {
      await run();
    } catch (error) {
      caught = error;
    }
    expect(caught, "expected the run to fail").to.be.instanceOf(errorType);
    expect((caught as Error).message).to.match(message);
    expect(await env.hre.ethers.provider.getBlockNumber(), "a transaction was sent").to.equal(block);
    if (before !== undefined) expect(fs.readFileSync(file, "utf8"), "the addresses file changed").to.equal(before);
  }

  before(async () => {
    admin = (await env.hre.ethers.getSigners())[5].address;
    const collateral = await (await env.hre.ethers.getContractFactory("MockCollateral")).deploy(6);
    protocol = await (await env.hre.ethers.getContractFactory("MockProtocol")).deploy(collateral.address);
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-deploy-"));
    file = path.join(dir, "addresses.json");
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol.address, partyBAddress: "0xkeep" }, null, 4) + "\n");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("deploys, returns the ERC-1967 addresses, saves the record and initializes with the right arguments", async () => {
    const log = captureLogger();
    const result = (await deployMultiAccount(hardhat2Host(env.hre), options(), { logger: log })) as DeploymentResult;

    expect(result.implementation).to.equal(await env.hre.upgrades.erc1967.getImplementationAddress(result.proxy));
    expect(result.admin).to.equal(await env.hre.upgrades.erc1967.getAdminAddress(result.proxy));
    const slot = async (s: string) =>
      env.hre.ethers.utils.getAddress(env.hre.ethers.utils.hexDataSlice(await env.hre.ethers.provider.getStorageAt(result.proxy, s), 12));
    expect(await slot(IMPLEMENTATION_SLOT)).to.equal(result.implementation);
    expect(await slot(ADMIN_SLOT)).to.equal(result.admin);

    const saved = fs.readFileSync(file, "utf8");
    expect(JSON.parse(saved)).to.deep.equal({ protocolAddress: protocol.address, partyBAddress: "0xkeep", multiAccountAddress: result.proxy });
    expect(saved).to.match(/^\{\n {4}"protocolAddress"/, "the 4-space style was kept");

    const multiAccount = await env.hre.ethers.getContractAt("MultiAccount", result.proxy);
    expect(await multiAccount.protocolAddress()).to.equal(protocol.address);
    expect(await multiAccount.accountsAdmin()).to.equal(admin);
    expect(await multiAccount.hasRole(await multiAccount.SETTER_ROLE(), admin)).to.equal(true);
    expect(await multiAccount.accountImplementation()).to.equal((await env.hre.ethers.getContractFactory("ProtocolPartyA")).bytecode);

    const text = log.text();
    expect(text).to.include(`Proxy:          ${result.proxy}`);
    expect(text).to.include(`Implementation: ${result.implementation}`);
    expect(text).to.match(/sent contract creation: 0x[0-9a-f]{64}/);
    expect(text).to.match(/Gas used: +\d+ in 3 transaction\(s\), cost [\d.]+ ETH/);
    expect(text).to.include("Verification skipped (no explorer): the in-process network has no explorer.");
    expect(text).to.include("Next: the in-process network ends with this command");
  });

  it("--protocol-address is written to the addresses file beside multiAccountAddress, replacing the file's own", async () => {
    const other = await (await env.hre.ethers.getContractFactory("MockProtocol")).deploy(protocol.address);
    fs.writeFileSync(file, JSON.stringify({ partyBAddress: "0xkeep" }) + "\n");
    const first = (await deployMultiAccount(hardhat2Host(env.hre), options({ protocolAddress: protocol.address }), {
      logger: captureLogger(),
    })) as DeploymentResult;
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).to.deep.equal({
      partyBAddress: "0xkeep",
      multiAccountAddress: first.proxy,
      protocolAddress: protocol.address,
    });
    const second = (await deployMultiAccount(hardhat2Host(env.hre), options({ protocolAddress: other.address.toLowerCase(), force: true }), {
      logger: captureLogger(),
    })) as DeploymentResult;
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).to.deep.equal({
      partyBAddress: "0xkeep",
      multiAccountAddress: second.proxy,
      protocolAddress: other.address,
    });
    expect(await (await env.hre.ethers.getContractAt("MultiAccount", second.proxy)).protocolAddress()).to.equal(other.address);
  });

  it("the task returns { proxy, admin, implementation }", async () => {
    const { result, output } = await captureConsole(() => env.hre.run(TASK_DEPLOY_MULTIACCOUNT, { admin, addressesFile: file }));
    expect(result).to.have.all.keys("proxy", "admin", "implementation");
    expect(JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress).to.equal(result.proxy);
    expect(output).to.include("Estimated gas:");
  });

  it("--dry-run prints the plan and sends nothing", async () => {
    const log = captureLogger();
    const block = await env.hre.ethers.provider.getBlockNumber();
    const before = fs.readFileSync(file, "utf8");
    expect(await deployMultiAccount(hardhat2Host(env.hre), options({ dryRun: true }), { logger: log })).to.equal(undefined);
    expect(await env.hre.ethers.provider.getBlockNumber()).to.equal(block);
    expect(fs.readFileSync(file, "utf8")).to.equal(before);
    expect(log.text()).to.match(/Network: +hardhat \(chain 31337\)/);
    expect(log.text()).to.match(/Deployer: +0x[0-9a-fA-F]{40} \(balance [\d.]+ ETH\)/);
    expect(log.text()).to.match(/Estimated gas: +\d+ at [\d.]+ gwei = [\d.]+ ETH/);
    expect(log.text()).to.include(`protocolAddress ${protocol.address}`);
    expect(log.text()).to.include("Dry run: nothing was sent.");
  });

  describe("refuses bad input before sending anything", () => {
    it("an invalid admin", async () => {
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options({ admin: "0x1234" }), { logger: captureLogger() }),
        InputError,
        /Invalid admin address "0x1234".*--admin/
      );
    });
    it("the zero address as admin", async () => {
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options({ admin: env.hre.ethers.constants.AddressZero }), { logger: captureLogger() }),
        InputError,
        /Invalid admin address: the zero address/
      );
    });
    it("no admin at all (neither --admin nor ADMIN_PUBLIC_KEY)", async () => {
      const saved = process.env.ADMIN_PUBLIC_KEY;
      delete process.env.ADMIN_PUBLIC_KEY;
      try {
        await expectNothingSent(
          () => deployMultiAccount(hardhat2Host(env.hre), options({ admin: undefined }), { logger: captureLogger() }),
          InputError,
          /Missing admin address\. Pass --admin <address> or set ADMIN_PUBLIC_KEY/
        );
      } finally {
        if (saved !== undefined) process.env.ADMIN_PUBLIC_KEY = saved;
      }
    });
    it("a missing protocol address", async () => {
      fs.writeFileSync(file, "{}\n");
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() }),
        InputError,
        /Missing protocol address\. Pass --protocol-address <address> or set "protocolAddress"/
      );
    });
    it("a protocol address without code", async () => {
      const empty = env.hre.ethers.Wallet.createRandom().address;
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options({ protocolAddress: empty }), { logger: captureLogger() }),
        InputError,
        /has no contract code on network "hardhat"/
      );
    });
    it("a protocol address without code on the in-process network: the run says it starts empty, and to add --network localhost", async () => {
      const empty = env.hre.ethers.Wallet.createRandom().address;
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options({ protocolAddress: empty }), { logger: captureLogger() }),
        InputError,
        new RegExp(
          `has no contract code on network "hardhat" \\(chain 31337\\)\\. "hardhat" is Hardhat's in-process network, the one a task runs on without --network, ` +
            `and it starts empty on every run: for a protocol on a node on this machine \\(\`npx hardhat node\`\\), run again with --network localhost`
        )
      );
    });
    it("a corrupt addresses file", async () => {
      fs.writeFileSync(file, '{"protocolAddress": ');
      await expectNothingSent(() => deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() }), AddressesFileError, /not valid JSON/);
    });
    it("an unknown contract name", async () => {
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options({ contract: "NoSuchContract" }), { logger: captureLogger() }),
        InputError,
        /Cannot load contract "NoSuchContract".*--contract/
      );
    });
    it("a deployer balance below the estimated cost", async () => {
      const [deployer] = await env.hre.ethers.getSigners();
      const balance = await deployer.getBalance();
      await env.hre.ethers.provider.send("hardhat_setBalance", [deployer.address, "0x38D7EA4C68000"]); // 0.001 ETH
      try {
        await expectNothingSent(
          () => deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() }),
          InputError,
          /holds 0\.001 ETH but the deployment needs about [\d.]+ ETH\. Fund the deployer/
        );
      } finally {
        await env.hre.ethers.provider.send("hardhat_setBalance", [deployer.address, balance.toHexString().replace(/^0x0+/, "0x")]);
      }
    });
    it("an existing deployment without --force, then deploys with --force", async () => {
      const first = (await deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() })) as DeploymentResult;
      await expectNothingSent(
        () => deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() }),
        InputError,
        /already names a MultiAccount at 0x.*upgrade-multiaccount.*pass --force/
      );
      const second = (await deployMultiAccount(hardhat2Host(env.hre), options({ force: true }), { logger: captureLogger() })) as DeploymentResult;
      expect(second.proxy).to.not.equal(first.proxy);
      expect(JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress).to.equal(second.proxy);
    });
  });

  describe("addresses:show", () => {
    it("prints a table marking addresses without code, and --json prints the raw record", async () => {
      const result = (await deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() })) as DeploymentResult;
      const table = captureLogger();
      await showAddresses(hardhat2Host(env.hre), { addressesFile: file, json: false }, { logger: table });
      const rows = table.lines.join("\n");
      expect(rows).to.match(new RegExp(`multiAccountAddress +${result.proxy} +yes`));
      expect(rows).to.match(/partyBAddress +0xkeep +not an address/);
      const lonely = env.hre.ethers.Wallet.createRandom().address;
      fs.writeFileSync(file, JSON.stringify({ MulticallAddress: lonely }));
      const second = captureLogger();
      await showAddresses(hardhat2Host(env.hre), { addressesFile: file, json: false }, { logger: second });
      expect(second.text()).to.match(new RegExp(`MulticallAddress +${lonely} +NO CODE`));
      const raw = captureLogger();
      expect(await showAddresses(hardhat2Host(env.hre), { addressesFile: file, json: true }, { logger: raw })).to.deep.equal({ MulticallAddress: lonely });
      expect(JSON.parse(raw.text())).to.deep.equal({ MulticallAddress: lonely });
    });
  });

  describe("upgrade-multiaccount", () => {
    let deployed: DeploymentResult;
    const upgradeOptions = (overrides = {}) => ({ contract: "MultiAccountV2", addressesFile: file, verify: true, verifyDelay: 0, dryRun: false, ...overrides });

    beforeEach(async () => {
      deployed = (await deployMultiAccount(hardhat2Host(env.hre), options(), { logger: captureLogger() })) as DeploymentResult;
    });

    it("--dry-run validates only", async () => {
      const block = await env.hre.ethers.provider.getBlockNumber();
      const log = captureLogger();
      expect(await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ dryRun: true }), { logger: log })).to.equal(undefined);
      expect(await env.hre.ethers.provider.getBlockNumber()).to.equal(block);
      expect(log.text()).to.include("Validation passed.");
      expect(await env.hre.upgrades.erc1967.getImplementationAddress(deployed.proxy)).to.equal(deployed.implementation);
    });

    it("upgrades the stored proxy, logging the old and new implementation, and keeps its state", async () => {
      const [, user] = await env.hre.ethers.getSigners();
      const v1 = await env.hre.ethers.getContractAt("MultiAccount", deployed.proxy, user);
      await (await v1.addAccount("kept")).wait();
      const log = captureLogger();
      const result = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: log });
      expect(result!.oldImplementation).to.equal(deployed.implementation);
      expect(result!.implementation).to.not.equal(deployed.implementation);
      expect(result!.implementation).to.equal(await env.hre.upgrades.erc1967.getImplementationAddress(deployed.proxy));
      expect(log.text()).to.include(`Old implementation: ${deployed.implementation}`);
      expect(log.text()).to.include(`New implementation: ${result!.implementation}`);
      expect(log.text()).to.not.include("Nothing to upgrade");
      const v2 = await env.hre.ethers.getContractAt("MultiAccountV2", deployed.proxy);
      expect(await v2.version()).to.equal("2");
      expect((await v2.getAccounts(user.address, 0, 10))[0].name).to.equal("kept");
    });

    /** The deployer's nonce, the block number, the addresses file and its folder (no send journal), to show that nothing was sent or written. */
    const chainState = async () => {
      const [deployer] = await env.hre.ethers.getSigners();
      return [await deployer.getTransactionCount(), await env.hre.ethers.provider.getBlockNumber(), fs.readFileSync(file, "utf8"), fs.readdirSync(dir).sort()];
    };
    const nothingToUpgrade = (implementation: string | undefined) =>
      `Nothing to upgrade: the current implementation ${implementation} already has MultiAccount's compiled code. ` +
      `Nothing was sent (pass --force to upgrade anyway).`;

    it("to the implementation the proxy already runs: says there is nothing to upgrade, sends nothing, leaves the addresses file alone", async () => {
      const before = await chainState();
      const log = captureLogger();
      expect(await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ contract: "MultiAccount" }), { logger: log })).to.equal(undefined);
      expect(await chainState(), "a transaction was sent, or the addresses file changed").to.deep.equal(before);
      expect(log.lines).to.include(nothingToUpgrade(deployed.implementation));
      expect(log.lines).to.include(`Old implementation: ${deployed.implementation}`);
      expect(log.text()).to.not.include("Validation passed.");
      expect(await env.hre.upgrades.erc1967.getImplementationAddress(deployed.proxy)).to.equal(deployed.implementation);
    });

    it("--dry-run to the implementation the proxy already runs says the same", async () => {
      const before = await chainState();
      const log = captureLogger();
      expect(await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ contract: "MultiAccount", dryRun: true }), { logger: log })).to.equal(undefined);
      expect(await chainState()).to.deep.equal(before);
      expect(log.lines).to.include(nothingToUpgrade(deployed.implementation));
      expect(log.text()).to.not.include("Validation passed.");
    });

    it("--force to the implementation the proxy already runs: sends exactly the upgrade, to the proxy's admin, with a warning", async () => {
      const [deployer] = await env.hre.ethers.getSigners();
      const [nonce, block] = await chainState();
      const log = captureLogger();
      const result = await upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ contract: "MultiAccount", force: true }), { logger: log });
      expect(result).to.deep.equal({ proxy: deployed.proxy, oldImplementation: deployed.implementation, implementation: deployed.implementation });
      expect(await deployer.getTransactionCount(), "transactions sent").to.equal(Number(nonce) + 1);
      expect(await env.hre.ethers.provider.getBlockNumber()).to.equal(Number(block) + 1);
      const sent = (await env.hre.ethers.provider.getBlockWithTransactions("latest")).transactions;
      expect(sent.map((tx) => [tx.from, tx.to])).to.deep.equal([[deployer.address, deployed.admin]]);
      expect(log.lines).to.include(
        `--force: the current implementation ${deployed.implementation} already has MultiAccount's compiled code; upgrading to it anyway.`
      );
      expect(log.text()).to.include("Validation passed.");
      expect(log.text()).to.not.include("Nothing to upgrade");
    });

    it("refuses an unsafe implementation and sends nothing", async () => {
      await expectNothingSent(
        () => upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ contract: "MockProtocol" }), { logger: captureLogger() }),
        InputError,
        /MockProtocol is not a safe upgrade/
      );
    });

    describe("a ProxyAdmin the deployer does not own", () => {
      const OWNABLE = ["function owner() view returns (address)", "function transferOwnership(address newOwner)"];
      /** Hands the proxy's ProxyAdmin to `owner` for the test, and back to the deployer after it (as `owner`, impersonated). */
      async function handTo(owner: string, body: () => Promise<void>): Promise<void> {
        const [deployer] = await env.hre.ethers.getSigners();
        const proxyAdmin = new env.hre.ethers.Contract(deployed.admin!, OWNABLE, deployer);
        await (await proxyAdmin.transferOwnership(owner)).wait();
        try {
          await body();
        } finally {
          await env.hre.network.provider.send("hardhat_impersonateAccount", [owner]);
          await env.hre.network.provider.send("hardhat_setBalance", [owner, "0xde0b6b3a7640000"]);
          await (await proxyAdmin.connect(await env.hre.ethers.getSigner(owner)).transferOwnership(deployer.address)).wait();
          await env.hre.network.provider.send("hardhat_stopImpersonatingAccount", [owner]);
        }
        expect(await proxyAdmin.owner()).to.equal(deployer.address);
      }

      it("an account's: the dry run and the real run are refused before anything is compiled or sent, naming the owner", async () => {
        const [deployer, , , other] = await env.hre.ethers.getSigners();
        await handTo(other.address, async () => {
          for (const dryRun of [true, false]) {
            const before = await chainState();
            const log = captureLogger();
            await expectNothingSent(
              () => upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions({ dryRun }), { logger: log }),
              InputError,
              new RegExp(
                escape(
                  `The proxy ${deployed.proxy} is upgraded by its ProxyAdmin ${deployed.admin}, which is owned by ${other.address}: ` +
                    `run the upgrade with that account's key, or have it transfer the ProxyAdmin's ownership to the deployer first. ` +
                    `The deployer ${deployer.address} cannot upgrade it. Nothing was sent.`
                )
              )
            );
            expect(await chainState(), `dryRun ${dryRun}: nothing sent, nothing written`).to.deep.equal(before);
            expect(log.text()).to.not.include("compiling").and.not.include("Validation passed.");
          }
        });
      });

      it("a contract's that is not a Safe: refused the same way, saying only its own owners can upgrade (a Safe's: safe-upgrade.test.ts)", async () => {
        await handTo(protocol.address, async () => {
          const before = await chainState();
          await expectNothingSent(
            () => upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: captureLogger() }),
            InputError,
            /owned by the contract 0x[0-9a-fA-F]{40}, which does not answer as a Safe \(getOwners, getThreshold, nonce, VERSION\): only its own owners can send the upgrade/
          );
          expect(await chainState()).to.deep.equal(before);
        });
      });

      it("hardhat-upgrades 1.x: a new deployment behind the network's ProxyAdmin that someone else owns is refused on --network too", async () => {
        const [, , , other] = await env.hre.ethers.getSigners();
        await handTo(other.address, async () => {
          const fresh = path.join(dir, "fresh.json");
          fs.writeFileSync(fresh, JSON.stringify({ protocolAddress: protocol.address }));
          await expectNothingSent(
            () => deployMultiAccount(hardhat2Host(env.hre), options({ addressesFile: fresh }), { logger: captureLogger() }),
            InputError,
            new RegExp(
              `is owned by ${other.address}, not by the deployer .*: a proxy deployed now could only be upgraded by ${other.address}\\..*Nothing was sent\\.`
            )
          );
        });
      });
    });

    it("refuses when no proxy is recorded", async () => {
      fs.writeFileSync(file, "{}");
      await expectNothingSent(
        () => upgradeMultiAccount(hardhat2Host(env.hre), upgradeOptions(), { logger: captureLogger() }),
        InputError,
        /Missing MultiAccount proxy address.*deploy-multiaccount/
      );
    });
  });
});
