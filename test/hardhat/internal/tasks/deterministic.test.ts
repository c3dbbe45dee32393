// `deploy-multiaccount --deterministic` end to end on the ethers 5 stack (Hardhat 2, ethers 5, hardhat-upgrades
// 1.x): three `hardhat node`s of different chains on loopback, CreateX put on them by its keyless
// transaction, and the plugin run as an operator runs it. The proxy must land at one address on
// every chain, initialized in the transaction that creates it, and stay upgradeable by the deployer.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import os from "os";
import path from "path";
import { ADMIN_SLOT } from "../../../../src/hardhat/constants";
import { CREATEX_ADDRESS, deterministicAddress, deterministicSalt } from "../../../../src/hardhat/internal/chains/createx";
import { putCreateX } from "../../helpers/createx";
import { FIXTURES, NODE_ONLY_CONFIG, linkPackage } from "../../helpers/environment";
import { creationTransaction, killAfterFirstTransaction, transactionsFrom } from "../../helpers/deterministic";
import { freePort, runHardhat, startNode, type LocalNode, type RunResult } from "../../helpers/processes";
import { deployStandIn } from "../../helpers/stand-in";

const FIXTURE = path.join(FIXTURES, "deployer");
const ADMIN = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
/** Hardhat's well-known test account #2, the "second account" of proof 3. */
const SECOND_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const iface = new ethers.utils.Interface([
  "function protocolAddress() view returns (address)",
  "function version() view returns (string)",
  "function owner() view returns (address)",
  "function addAccount(string name) returns (address)",
  "function getAccounts(address user, uint256 start, uint256 size) view returns ((address accountAddress, string name)[])",
  "function computeCreate3Address(bytes32 salt, address deployer) view returns (address)",
  "function deployCreate3(bytes32 salt, bytes initCode) payable returns (address)",
]);
const INITIALIZED = ethers.utils.id("Initialized(uint8)");
const keccak = (data: string) => ethers.utils.keccak256(data);

interface Chain {
  node: LocalNode;
  chainId: number;
  file: string;
  protocol: string;
}

describe("deploy-multiaccount --deterministic against `hardhat node`s of three chains (the ethers 5 stack)", function () {
  const chains: Chain[] = [];
  let dir: string;
  let deployer: string;

  const run = (chain: Chain, args: string[], extra: Record<string, string | undefined> = {}): Promise<RunResult> =>
    runHardhat(FIXTURE, [...args, "--network", extra.HARDHAT_DOCKER_URL ? "docker" : "localhost", "--no-verify"], {
      LOCALHOST_RPC_URL: chain.node.url,
      ADMIN_PUBLIC_KEY: ADMIN,
      ADDRESSES_FILE: chain.file,
      FIXTURE_CHAIN_ID: String(chain.chainId),
      ...extra,
    });
  const call = async (node: LocalNode, to: string, fn: string, args: unknown[] = [], from?: string) =>
    iface.decodeFunctionResult(fn, await node.rpc<string>("eth_call", [{ to, from, data: iface.encodeFunctionData(fn, args) }, "latest"]));
  const record = (chain: Chain) => JSON.parse(fs.readFileSync(chain.file, "utf8"));
  const blockNumber = async (node: LocalNode) => Number(await node.rpc<string>("eth_blockNumber"));
  const dryRunAddress = (result: RunResult) => /Deterministic: +proxy at (0x[0-9a-fA-F]{40})/.exec(result.stdout)?.[1];

  before(async function () {
    linkPackage(FIXTURE);
    const compiled = await runHardhat(FIXTURE, ["compile", "--quiet"], {});
    expect(compiled.code, compiled.output).to.equal(0);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-deterministic-"));
    for (const [i, chainId] of [31337, 56, 97].entries()) {
      const node = await startNode(FIXTURE, { globalArgs: ["--config", NODE_ONLY_CONFIG], env: { FIXTURE_CHAIN_ID: String(chainId) } });
      // A different nonce on each chain, so that each protocol stand-in sits at its own address.
      for (let extra = 0; extra < i; extra++) await deployStandIn(node);
      const protocol = await deployStandIn(node);
      const file = path.join(dir, `addresses-${chainId}.json`);
      fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol }) + "\n");
      chains.push({ node, chainId, file, protocol });
    }
    deployer = ethers.utils.getAddress((await chains[0].node.rpc<string[]>("eth_accounts"))[0]);
    // 31337 is a local Hardhat network: the plugin sends CreateX's keyless transaction itself there.
    await putCreateX(chains[1].node);
  });

  after(async () => {
    for (const chain of chains) await chain.node.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  let predicted: string;

  it("--dry-run prints the same proxy address on both chains, matches CreateX's own computation, and sends nothing", async () => {
    const addresses: string[] = [];
    for (const chain of chains.slice(0, 2)) {
      const block = await blockNumber(chain.node);
      const result = await run(chain, ["deploy-multiaccount", "--deterministic", "--dry-run"]);
      expect(result.code, result.output).to.equal(0);
      expect(result.stdout).to.include("no code there yet on this chain");
      expect(result.stdout).to.include("Dry run: nothing was sent.");
      expect(await blockNumber(chain.node)).to.equal(block);
      addresses.push(dryRunAddress(result)!);
    }
    expect(addresses[0]).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(addresses[1]).to.equal(addresses[0]);
    predicted = addresses[0];
    const salt = deterministicSalt(keccak, deployer, "MultiAccount");
    expect(deterministicAddress(keccak, deployer, salt).toLowerCase()).to.equal(predicted.toLowerCase());
    const [fromCreateX] = await call(chains[1].node, CREATEX_ADDRESS, "computeCreate3Address", [
      keccak(`0x${deployer.slice(2).padStart(64, "0")}${salt.slice(2)}`),
      CREATEX_ADDRESS,
    ]);
    expect(fromCreateX).to.equal(predicted);
  });

  it("--deterministic on both chains: the same proxy, each initialized with its own protocol inside the transaction that creates it", async () => {
    for (const chain of chains.slice(0, 2)) {
      const result = await run(chain, ["deploy-multiaccount", "--deterministic"]);
      expect(result.code, result.output).to.equal(0);
      expect(record(chain).multiAccountAddress).to.equal(predicted);
      expect(result.stdout).to.include(`Proxy:          ${predicted}`);
      const [protocol] = await call(chain.node, predicted, "protocolAddress");
      expect(protocol.toLowerCase()).to.equal(chain.protocol.toLowerCase());
      // One transaction, to CreateX, creates the proxy and emits its Initialized event.
      const creation = await creationTransaction(chain.node, predicted);
      expect(creation.to?.toLowerCase()).to.equal(CREATEX_ADDRESS.toLowerCase());
      const receipt = await chain.node.rpc<{ logs: { address: string; topics: string[] }[] }>("eth_getTransactionReceipt", [creation.hash]);
      expect(receipt.logs.some((log) => log.address.toLowerCase() === predicted.toLowerCase() && log.topics[0] === INITIALIZED)).to.equal(true);
    }
    expect(chains[0].protocol).to.not.equal(chains[1].protocol);
  });

  it("the proxy admin's owner is the deployer on both chains, and upgrade-multiaccount works with no extra step", async () => {
    for (const chain of chains.slice(0, 2)) {
      const admin = ethers.utils.getAddress(`0x${(await chain.node.rpc<string>("eth_getStorageAt", [predicted, ADMIN_SLOT, "latest"])).slice(-40)}`);
      const [owner] = await call(chain.node, admin, "owner");
      expect(owner).to.equal(deployer);
      expect(owner).to.not.equal(CREATEX_ADDRESS);
      // The proxy already runs MultiAccount's code: --force sends the upgrade anyway, and it is the
      // only transaction (the implementation is reused through the upgrades manifest).
      const start = (await blockNumber(chain.node)) + 1;
      const result = await run(chain, ["upgrade-multiaccount", "--force"]);
      expect(result.code, result.output).to.equal(0);
      expect(result.stdout).to.include(`Proxy:              ${predicted}`);
      expect(result.output).to.match(
        /--force: the current implementation 0x[0-9a-fA-F]{40} already has MultiAccount's compiled code; upgrading to it anyway\./
      );
      const sent = await transactionsFrom(chain.node, deployer, start);
      expect(sent.map((tx) => tx.to?.toLowerCase())).to.deep.equal([admin.toLowerCase()]);
    }
  });

  it("a user's first sub-account has the same address on both chains", async () => {
    const user = ethers.utils.getAddress((await chains[0].node.rpc<string[]>("eth_accounts"))[3]);
    const accounts: string[] = [];
    for (const chain of chains.slice(0, 2)) {
      const hash = await chain.node.rpc<string>("eth_sendTransaction", [
        { from: user, to: predicted, data: iface.encodeFunctionData("addAccount", ["first"]) },
      ]);
      expect((await chain.node.rpc<{ status: string }>("eth_getTransactionReceipt", [hash])).status).to.equal("0x1");
      const [list] = await call(chain.node, predicted, "getAccounts", [user, 0, 10]);
      expect(list).to.have.length(1);
      accounts.push(list[0].accountAddress);
    }
    expect(accounts[1]).to.equal(accounts[0]);
  });

  it("a chain without CreateX: exit 1, a clear message, nothing sent, the record untouched", async () => {
    const chain = chains[2];
    const before = fs.readFileSync(chain.file, "utf8");
    const block = await blockNumber(chain.node);
    for (const args of [["--dry-run"], []]) {
      const result = await run(chain, ["deploy-multiaccount", "--deterministic", ...args]);
      expect(result.code, result.output).to.equal(1);
      expect(result.stderr).to.include(`CreateX is not deployed at ${CREATEX_ADDRESS} on "localhost" (chain 97), so --deterministic cannot run there.`);
      expect(result.stderr).to.include("nothing was sent");
    }
    expect(await blockNumber(chain.node)).to.equal(block);
    expect(fs.readFileSync(chain.file, "utf8")).to.equal(before);
  });

  it("bad --salt input: exit 1 before anything is sent", async () => {
    const chain = chains[1];
    const saved = fs.readFileSync(chain.file, "utf8");
    fs.writeFileSync(chain.file, JSON.stringify({ protocolAddress: chain.protocol }) + "\n");
    const block = await blockNumber(chain.node);
    const spaced = await run(chain, ["deploy-multiaccount", "--deterministic", "--salt", "two words"]);
    expect(spaced.code, spaced.output).to.equal(1);
    expect(spaced.stderr).to.include('Invalid --salt "two words": give a label of 1 to 64 printable ASCII characters without spaces');
    const alone = await run(chain, ["deploy-multiaccount", "--salt", "label"]);
    expect(alone.code, alone.output).to.equal(1);
    expect(alone.stderr).to.include("--salt only applies with --deterministic");
    expect(await blockNumber(chain.node)).to.equal(block);
    fs.writeFileSync(chain.file, saved);
  });

  it("killed after its first transaction (the implementation) and run again: nothing is created twice, the same address", async () => {
    const chain = chains[2];
    await putCreateX(chain.node);
    const args = ["deploy-multiaccount", "--deterministic", "--salt", "crash-test"];
    const expected = dryRunAddress(await run(chain, [...args, "--dry-run"]));
    expect(expected).to.match(/^0x[0-9a-fA-F]{40}$/);
    // As Ignition's tests do: automine off, so the run waits on its first transaction; kill it there.
    const start = (await blockNumber(chain.node)) + 1;
    await chain.node.rpc("evm_setAutomine", [false]);
    const killed = await killAfterFirstTransaction(chain.node, FIXTURE, [...args, "--network", "localhost", "--no-verify"], {
      LOCALHOST_RPC_URL: chain.node.url,
      ADMIN_PUBLIC_KEY: ADMIN,
      ADDRESSES_FILE: chain.file,
      FIXTURE_CHAIN_ID: String(chain.chainId),
    });
    expect(killed.pending, killed.output).to.equal(1);
    await chain.node.rpc("evm_setAutomine", [true]);
    await chain.node.rpc("evm_mine");
    // The implementation is sent while the upgrades plugin holds its manifest lock (proper-lockfile):
    // the killed run left that lock behind, and it is taken over 10 s after the kill.
    const result = await run(chain, args);
    expect(result.code, result.output).to.equal(0);
    // Whether the new run still meets that lock depends on how fast it starts (the plugin itself
    // retries for about 7 s), and so does the step that meets it: the input checks read the manifest
    // too (the network's ProxyAdmin), before the implementation is deployed. Whichever step meets it
    // waits (test/hardhat/internal/tasks/manifest-lock.test.ts), never fails.
    if (/Lock file|manifest lock/.test(result.output))
      expect(result.stderr, result.output).to.match(/manifest lock (\S+\.lock|\(its path was not given\)) is held \([^)]+\): waiting for it/);
    expect(record(chain).multiAccountAddress).to.equal(expected);
    const sent = await transactionsFrom(chain.node, deployer, start);
    const creations = sent.filter((tx) => tx.to === null).map((tx) => tx.input);
    expect(new Set(creations).size, "a contract was created twice").to.equal(creations.length);
    const create3Calls = sent.filter((tx) => tx.to?.toLowerCase() === CREATEX_ADDRESS.toLowerCase());
    expect(create3Calls).to.have.length(1);
    // The implementation, the ProxyAdmin, the call to CreateX: each once.
    expect(sent).to.have.length(3);
  });

  it("a second account with the same label cannot take the deployer's address (third chain)", async () => {
    const chain = chains[2];
    fs.writeFileSync(chain.file, JSON.stringify({ protocolAddress: chain.protocol }) + "\n");
    const second = new ethers.Wallet(SECOND_KEY).address;
    const asSecond = { HARDHAT_DOCKER_URL: chain.node.url, PRIVATE_KEY: SECOND_KEY };
    const block = await blockNumber(chain.node);
    // Its own slot for the label: the salt names the sender, so its address is another one.
    const theirs = deterministicAddress(keccak, second, deterministicSalt(keccak, second, "MultiAccount"));
    expect(theirs).to.not.equal(predicted.toLowerCase());
    // Even sending the deployer's own salt to CreateX, another sender lands elsewhere.
    const salt = deterministicSalt(keccak, deployer, "MultiAccount");
    const [elsewhere] = await call(chain.node, CREATEX_ADDRESS, "deployCreate3", [salt, "0x600a600c600039600a6000f3602a60005260206000f3"], second);
    expect(elsewhere).to.not.equal(predicted);
    expect(await chain.node.rpc<string>("eth_getCode", [predicted, "latest"])).to.equal("0x");
    // hardhat-upgrades 1.x would hand it the deployer's ProxyAdmin on this chain: refused, nothing sent.
    const refused = await run(chain, ["deploy-multiaccount", "--deterministic"], asSecond);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.stderr).to.include(`is owned by ${deployer}, not by the deployer ${second}`);
    expect(await blockNumber(chain.node)).to.equal(block);
    expect(await chain.node.rpc<string>("eth_getCode", [theirs, "latest"])).to.equal("0x");
  });

  it("the address already holds our proxy: says so, sends nothing", async () => {
    const chain = chains[0];
    fs.writeFileSync(chain.file, JSON.stringify({ protocolAddress: chain.protocol }) + "\n");
    const block = await blockNumber(chain.node);
    const result = await run(chain, ["deploy-multiaccount", "--deterministic"]);
    expect(result.code, result.output).to.equal(1);
    expect(result.stderr).to.match(
      new RegExp(`The deterministic address ${predicted} \\(label "MultiAccount"\\) already holds a proxy \\(implementation 0x[0-9a-fA-F]{40}\\)`)
    );
    expect(await blockNumber(chain.node)).to.equal(block);
  });

  it("addresses:show --all-networks: each network's record side by side, read on its chain, the one that differs flagged", async () => {
    // One record per network through {network}: localhost (31337) and bsc (56) hold the proxy,
    // docker (97) the crash test's; every other configured chain points at a closed loopback port.
    const records = path.join(dir, "per-network");
    fs.mkdirSync(records);
    const crashed = ethers.utils.getAddress(deterministicAddress(keccak, deployer, deterministicSalt(keccak, deployer, "crash-test")));
    for (const [network, address] of [
      ["localhost", predicted],
      ["bsc", predicted],
      ["docker", crashed],
    ]) {
      fs.writeFileSync(path.join(records, `${network}.json`), JSON.stringify({ multiAccountAddress: address }) + "\n");
    }
    const closed = `http://127.0.0.1:${await freePort()}`;
    const env: Record<string, string> = {
      ADDRESSES_FILE: path.join(records, "{network}.json"),
      LOCALHOST_RPC_URL: chains[0].node.url,
      BSC_RPC_URL: chains[1].node.url,
      HARDHAT_DOCKER_URL: chains[2].node.url,
    };
    for (const network of ["MAINNET", "OPBNB", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "MANTLE", "BLAST", "MODE", "SONIC"])
      env[`${network}_RPC_URL`] = closed;
    const before = fs.readdirSync(records).sort();
    const result = await runHardhat(FIXTURE, ["addresses:show", "--all-networks", "--network", "localhost"], env);
    expect(result.code, result.output).to.equal(0);
    expect(result.stdout).to.match(new RegExp(`^localhost +31337 +${predicted} +yes$`, "m"));
    expect(result.stdout).to.match(new RegExp(`^bsc +56 +${predicted} +yes$`, "m"));
    expect(result.stdout).to.match(new RegExp(`^docker +97 +${crashed} +yes +DIFFERS$`, "m"));
    expect(result.stdout).to.match(/^mainnet +\? +\(none\) +unreachable: connection refused$/m);
    // Only the three networks that answer are counted; the ten that do not are named.
    expect(result.stdout).to.include(
      `1 reachable network(s) differ from ${predicted} (recorded on 2 of 3 reachable): docker.\n` +
        "Unreachable, not checked (10): mainnet, opbnb, base, polygon, arbitrum, optimism, mantle, blast, mode, sonic (connection refused).\n"
    );
    expect(result.stdout).to.not.include("No code at the recorded address");
    expect(fs.readdirSync(records).sort(), "a record was created").to.deep.equal(before);
    // The other tasks read the network's own record through the same path.
    const one = await runHardhat(FIXTURE, ["addresses:show", "--network", "docker"], env);
    expect(one.code, one.output).to.equal(0);
    expect(one.stdout).to.include(`${path.join(records, "docker.json")} on docker (chain 97)`);
    expect(one.stdout).to.match(new RegExp(`multiAccountAddress +${crashed} +yes`));
  });
});
