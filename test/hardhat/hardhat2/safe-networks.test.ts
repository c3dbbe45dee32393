// A Safe on two chains through --networks, on Hardhat 2 (the ethers 5 stack of the fixture project),
// through the Hardhat CLI as an operator runs it: two `hardhat node`s (chains 31337 and 56), the Safe
// 1.4.1 contracts deployed on each from a fresh account (so that one 2-of-3 Safe has the same address
// on both), a deployment on both handed to that Safe in one command, then its upgrade proposed on
// both to a loopback Safe Transaction Service (test/hardhat/helpers/safe-service.ts), one chain at a
// time: the parent killed with SIGKILL the moment the first chain's proposal arrives, and run again.
import { expect } from "chai";
import { ethers } from "ethers";
import fs from "fs";
import path from "path";
import { childrenOf, exitOf, FIXTURE, startFourChains, type FourChains } from "../helpers/every-chain";
import { runHardhat, type RunResult } from "../helpers/processes";
import { OWNER_KEYS, createSafe, deploySafeContractsAt } from "../helpers/safe";
import { startSafeService, type SafeService } from "../helpers/safe-service";

/** Hardhat's test account #9, whose nonce is 0 on both chains: the Safe contracts land at the same addresses. */
const SAFE_DEPLOYER_KEY = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";
const API_KEY = "safe-service-key-networks-93b1";
const ADMIN_SLOT = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";
const NETWORKS = "localhost,bsc";

describe("a Safe on two chains through --networks (Hardhat 2, the ethers 5 stack)", function () {
  let two: FourChains;
  let service: SafeService;
  let safe: string;

  const run = (args: string[], options: Parameters<typeof runHardhat>[3] = {}) =>
    runHardhat(FIXTURE, args, { ...two.env, SAFE_TX_SERVICE_URL: service.pattern, SAFE_API_KEY: API_KEY }, options);
  const provider = (i: number) => new ethers.providers.JsonRpcProvider(two.chains[i].node.url);
  const recorded = (i: number) =>
    JSON.parse(fs.readFileSync(path.join(two.dir, two.chains[i].network, "addresses.json"), "utf8")) as { multiAccountAddress: string };
  const adminOwner = async (i: number) => {
    const slot = await provider(i).getStorageAt(recorded(i).multiAccountAddress, ADMIN_SLOT);
    const admin = new ethers.Contract(ethers.utils.hexDataSlice(slot, 12), ["function owner() view returns (address)"], provider(i));
    return (await admin.owner()) as string;
  };
  const proposals = (chainId: number) => service.requests.filter((request) => request.chainId === chainId && request.method === "POST");
  const summaryRow = (result: RunResult, network: string) =>
    result.stdout.split("\n").find((line) => new RegExp(`^${network} +(done|unchanged|failed|preflight failed|not sent|aborted)`).test(line));

  before(async function () {
    two = await startFourChains(2);
    const safes: string[] = [];
    for (const chain of two.chains) {
      const contracts = await deploySafeContractsAt(chain.node.url, SAFE_DEPLOYER_KEY);
      safes.push(await createSafe(chain.node.url, contracts, OWNER_KEYS, 2));
    }
    expect(safes[1], "one Safe address on both chains").to.equal(safes[0]);
    safe = safes[0];
    service = await startSafeService({ 31337: provider(0), 56: provider(1) });
    service.delegates.set(safe, [two.deployer]);
    const deployed = await run(["deploy-multiaccount", "--networks", NETWORKS, "--no-verify"]);
    expect(deployed.code, deployed.output).to.equal(0);
  });

  after(async () => {
    await service?.stop();
    await two?.close();
  });

  it("handover-multiaccount --networks hands both chains' ProxyAdmins to the Safe in one command; a rerun has nothing to hand over", async () => {
    const result = await run(["handover-multiaccount", "--networks", NETWORKS, "--owner", safe]);
    expect(result.code, result.output).to.equal(0);
    for (const network of ["localhost", "bsc"]) expect(summaryRow(result, network), result.stdout).to.match(/ done /);
    expect([await adminOwner(0), await adminOwner(1)]).to.deep.equal([safe, safe]);
    expect(result.stdout).to.match(/^localhost +\| New owner: +the Safe 0x[0-9a-fA-F]{40} \(Safe 1\.4\.1, 2 of 3 owners/m);

    const again = await run(["handover-multiaccount", "--networks", NETWORKS, "--owner", safe]);
    expect(again.code, again.output).to.equal(0);
    expect(again.stdout).to.match(/^bsc +\| Nothing to hand over/m);
  });

  it("upgrade-multiaccount --networks --propose killed as the first proposal arrives: the rerun proposes the other chain's alone; a batch file per chain", async () => {
    let parent: number | undefined;
    let children: number[] = [];
    service.onProposal = () => {
      if (parent === undefined || children.length > 0) return;
      children = childrenOf(parent).map((child) => child.pid);
      process.kill(parent, "SIGKILL");
    };
    const args = ["upgrade-multiaccount", "--networks", NETWORKS, "--concurrency", "1", "--force", "--no-verify", "--propose"];
    const first = await run(args, { group: true, onSpawn: (pid) => (parent = pid) });
    service.onProposal = undefined;
    expect(first.signal, first.output).to.equal("SIGKILL");
    expect([proposals(31337).length, proposals(56).length]).to.deep.equal([1, 0]);
    expect(await exitOf(children, 60_000), "the children stop with their parent").to.deep.equal([]);

    const rerun = await run(args);
    expect(rerun.code, rerun.output).to.equal(0);
    expect([proposals(31337).length, proposals(56).length], "one proposal per chain, none twice").to.deep.equal([1, 1]);
    expect(rerun.stdout).to.match(
      /^localhost +\| Waiting for the Safe: proposed earlier to the Safe Transaction Service at http:\/\/127\.0\.0\.1:\d+ \(nonce 0, safeTxHash 0x[0-9a-f]{64}\), waiting for 2 more confirmations \(0 of 2\)/m
    );
    expect(rerun.stdout).to.match(/^bsc +\| Proposed: +to the Safe Transaction Service/m);
    expect(rerun.output).to.not.include(API_KEY);
    const shown = await run(["addresses:show", "--networks", NETWORKS]);
    expect(shown.code, shown.output).to.equal(0);
    // Each chain's owner; no upgrade waits: --force upgrades to the implementation the proxies already run.
    for (const network of ["localhost", "bsc"])
      expect(shown.stdout).to.match(new RegExp(`^ProxyAdmin owner on ${network}: ${safe.toLowerCase()} \\(Safe, 2 of 3\\)$`, "m"));
    for (const [i, network] of ["localhost", "bsc"].entries()) {
      const batch = JSON.parse(fs.readFileSync(path.join(two.dir, network, `safe-upgrade-${network}.json`), "utf8")) as {
        chainId: string;
        meta: { createdFromSafeAddress: string };
      };
      expect([batch.chainId, batch.meta.createdFromSafeAddress]).to.deep.equal([String(two.chains[i].chainId), safe]);
      const [proposal] = proposals(two.chains[i].chainId);
      expect(ethers.utils.recoverAddress(String(proposal.body!.contractTransactionHash), String(proposal.body!.signature))).to.equal(two.deployer);
    }
  });
});
