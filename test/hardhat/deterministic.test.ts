// `deploy-multiaccount --deterministic` end to end on stack A (Hardhat 2, ethers 5, hardhat-upgrades
// 1.x): three `hardhat node`s of different chains on loopback, CreateX put on them by its keyless
// transaction, and the plugin run as an operator runs it. The proxy must land at one address on
// every chain, initialized in the transaction that creates it, and stay upgradeable by the deployer.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import os from "os";
import path from "path";
import { ADMIN_SLOT } from "../../src/hardhat/constants";
import { CREATEX_ADDRESS } from "../../src/hardhat/internal/createx";
import { deterministicAddress, deterministicSalt } from "../../src/hardhat/internal/deterministic";
import { putCreateX } from "./helpers/createx";
import { FIXTURES, linkPackage } from "./helpers/environment";
import { runHardhat, startNode, type LocalNode, type RunResult } from "./helpers/processes";
import { deployStandIn } from "./helpers/stand-in";

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

describe("deploy-multiaccount --deterministic against `hardhat node`s of three chains (stack A)", function () {
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
    this.timeout(300_000);
    linkPackage(FIXTURE);
    const compiled = await runHardhat(FIXTURE, ["compile", "--quiet"], {});
    expect(compiled.code, compiled.output).to.equal(0);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-deterministic-"));
    for (const [i, chainId] of [31337, 56, 97].entries()) {
      const node = await startNode(FIXTURE, { env: { FIXTURE_CHAIN_ID: String(chainId) } });
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
});
