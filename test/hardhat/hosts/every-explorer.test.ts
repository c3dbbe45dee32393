// Every explorer of a chain in one pass, on Hardhat 3 (hardhat-verify 3 verifies on Etherscan, a
// Blockscout and Sourcify), against the loopback verifier's three faces: bsc's chain descriptor
// names its Etherscan (API V2, ETHERSCAN_API_URL) and, from the host's config, a Blockscout
// (FIXTURE_BLOCKSCOUT_URL); Sourcify is hardhat-verify 3's default, moved to the verifier
// (FIXTURE_SOURCIFY_URL). One deploy, with the Blockscout down: a row for each explorer, Etherscan
// and Sourcify verified, the Blockscout failed with the retry command, exit 0. Then that command,
// the Blockscout up: it verifies there, and sends nothing again to the other two.
//
// On the ethers 6 stack (hardhat-verify 2), the project turns on hardhat-verify's Sourcify (the
// verifier's older Sourcify API, which hardhat-verify 2 speaks) and a Blockscout of its own
// (`blockscout.customChains`): one deploy, the Blockscout down, the same three rows.
//
// A copy of the installed Hardhat 3 host (prepareHost's `copy`: node_modules hard linked), so that
// its chain 56 upgrades manifest and build are its own.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { prepareHost, startHosts, INSTALL_TIMEOUT_MS, type HostProject } from "../helpers/hosts";
import { runHardhat, type LocalNode, type RunResult } from "../helpers/processes";
import { deployStandIn } from "../helpers/stand-in";
import { startVerifier, type LoopbackVerifier, type VerifierRequest } from "../helpers/verifier";
import { freePort } from "../../support/processes";
import { ADMIN, API_KEY, NODE_KEY, STACKS, startChain } from "./cases";

const HARDHAT3 = STACKS.find((stack) => stack.major === 3)!;
const ETHERS6 = STACKS.find((stack) => stack.host === "ethers6")!;

/** The submissions of a source for `address` that reached the verifier, by face. */
function submissions(requests: VerifierRequest[], address: string): string[] {
  return requests
    .filter((request) => {
      const sourcify =
        request.method === "POST" &&
        (request.path.toLowerCase() === `/v2/verify/56/${address.toLowerCase()}` ||
          (request.path === "/sourcify-legacy" && request.params.address?.toLowerCase() === address.toLowerCase()));
      const etherscanStyle = request.action === "verifysourcecode" && request.params.contractaddress?.toLowerCase() === address.toLowerCase();
      return sourcify || etherscanStyle;
    })
    .map((request) => (request.path === "/v2/api" ? "etherscan" : request.path.startsWith("/blockscout/") ? "blockscout" : "sourcify"));
}

/** The three rows under "Verification, explorer by explorer:" in what the deploy printed. */
function explorerRows(run: RunResult): string[] {
  return run.stdout.slice(run.stdout.indexOf("Verification, explorer by explorer:")).split("\n").slice(1, 4);
}

describe("every explorer of a chain in one pass (Hardhat 3, the loopback verifier's three faces)", function () {
  let host: HostProject;
  let node: LocalNode;
  let verifier: LoopbackVerifier;
  let deployed: RunResult;
  let retried: RunResult;
  let proxy: string;
  let implementation: string;
  let requestsAfterDeploy: VerifierRequest[];

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS + 600_000);
    startHosts();
    host = await prepareHost("hardhat3", { copy: "every-explorer" });
    node = await startChain(host, HARDHAT3, 56);
    verifier = await startVerifier({ 56: node.url });
    const file = path.join(host.dir, "output", "every-explorer.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: await deployStandIn(node) }));
    const hardhat = (args: string[], blockscout: string) =>
      runHardhat(
        host.dir,
        args,
        {
          BSC_RPC_URL: node.url,
          PRIVATE_KEY: NODE_KEY,
          ETHERSCAN_API_URL: `${verifier.url}/v2/api`,
          ETHERSCAN_API_KEY: API_KEY,
          FIXTURE_BLOCKSCOUT_URL: blockscout,
          FIXTURE_SOURCIFY_URL: verifier.url,
          ADDRESSES_FILE: file,
          MULTIACCOUNT_VERIFY_BACKOFF_MS: "20",
        },
        { node: host.node }
      );
    // The Blockscout down: a port nothing listens on.
    deployed = await hardhat(["deploy-multiaccount", "--network", "bsc", "--admin", ADMIN], `http://127.0.0.1:${await freePort()}/blockscout/56`);
    await verifier.settled();
    requestsAfterDeploy = [...verifier.requests];
    proxy = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress ?? "";
    implementation = /Implementation: +(0x[0-9a-fA-F]{40})/.exec(deployed.stdout)?.[1] ?? "";
    const retry = /\(retry: npx hardhat (verify [^)]+)\)/.exec(deployed.output)?.[1].split(/\s+/) ?? ["verify", "--network", "bsc", proxy];
    retried = await hardhat(retry, `${verifier.url}/blockscout/56`);
    await verifier.settled();
    fs.writeFileSync(path.join(host.dir, "every-explorer.log"), `${deployed.output}\n=====\n${retried.output}`);
  });
  after(async () => {
    await verifier?.stop();
    await node?.stop();
  });

  it("prints a row per explorer: Etherscan and Sourcify verified while the Blockscout is down, whose row fails with the retry command; exit 0", function () {
    expect(deployed.code, deployed.output).to.equal(0);
    const rows = explorerRows(deployed);
    expect(rows[0], deployed.output).to.equal("  BscScan through Etherscan API V2 (chainid 56): verified, proxy linked");
    expect(rows[1], deployed.output).to.match(
      new RegExp(`^ {2}Loopback Blockscout at http://127\\.0\\.0\\.1:\\d+/blockscout/56/api: failed: .*\\(retry: npx hardhat verify --network bsc ${proxy}\\)$`)
    );
    expect(rows[2], deployed.output).to.equal(`  Sourcify at ${verifier.url}: verified`);
    expect(deployed.output.match(/Verification on Loopback Blockscout .* failed, trying again in/g), "bounded retries").to.have.length(2);
    expect(deployed.output).to.not.include(API_KEY);
  });

  it("each face that was up got the implementation once, and gave it a perfect match", function () {
    expect(submissions(requestsAfterDeploy, implementation).sort()).to.deep.equal(["etherscan", "sourcify"]);
    for (const face of ["etherscan", "sourcify"] as const) {
      const verdict = verifier.verdicts.find((v) => v.face === face && v.address.toLowerCase() === implementation.toLowerCase());
      expect(verdict?.runtimeMatch, face).to.equal("perfect");
      expect(verdict?.refusal, face).to.equal(undefined);
    }
  });

  it("the retry command, the Blockscout up, verifies there and sends nothing again to Etherscan or Sourcify", function () {
    expect(retried.code, retried.output).to.equal(0);
    const more = verifier.requests.slice(requestsAfterDeploy.length);
    expect(submissions(more, implementation), retried.output).to.deep.equal(["blockscout"]);
    const verdict = verifier.verdicts.find((v) => v.face === "blockscout" && v.address.toLowerCase() === implementation.toLowerCase());
    expect(verdict?.runtimeMatch).to.equal("perfect");
  });
});

describe("every explorer of a chain in one pass (the ethers 6 stack: hardhat-verify 2's Sourcify and Blockscout, when the project turns them on)", function () {
  let host: HostProject;
  let node: LocalNode;
  let verifier: LoopbackVerifier;
  let deployed: RunResult;
  let proxy: string;
  let implementation: string;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS + 600_000);
    startHosts();
    host = await prepareHost("ethers6", { copy: "every-explorer" });
    node = await startChain(host, ETHERS6, 56);
    verifier = await startVerifier({ 56: node.url });
    const file = path.join(host.dir, "output", "every-explorer.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ protocolAddress: await deployStandIn(node) }));
    const env = {
      BSC_RPC_URL: node.url,
      PRIVATE_KEY: NODE_KEY,
      ETHERSCAN_API_URL: `${verifier.url}/v2/api`,
      ETHERSCAN_API_KEY: API_KEY,
      // The Blockscout down: a port nothing listens on.
      FIXTURE_BLOCKSCOUT_URL: `http://127.0.0.1:${await freePort()}/blockscout/56`,
      FIXTURE_SOURCIFY_URL: `${verifier.url}/sourcify-legacy`,
      ADDRESSES_FILE: file,
      MULTIACCOUNT_VERIFY_BACKOFF_MS: "20",
    };
    deployed = await runHardhat(host.dir, ["deploy-multiaccount", "--network", "bsc", "--admin", ADMIN], env, {
      nodeArgs: ETHERS6.nodeArgs,
    });
    await verifier.settled();
    proxy = JSON.parse(fs.readFileSync(file, "utf8")).multiAccountAddress ?? "";
    implementation = /Implementation: +(0x[0-9a-fA-F]{40})/.exec(deployed.stdout)?.[1] ?? "";
    fs.writeFileSync(path.join(host.dir, "every-explorer.log"), deployed.output);
  });
  after(async () => {
    await verifier?.stop();
    await node?.stop();
  });

  it("prints a row per explorer: Etherscan and Sourcify verified while the Blockscout is down, whose row fails with the retry command; exit 0", function () {
    expect(deployed.code, deployed.output).to.equal(0);
    const rows = explorerRows(deployed);
    expect(rows[0], deployed.output).to.equal("  Etherscan API V2 (chainid 56): verified, proxy linked");
    expect(rows[1], deployed.output).to.match(
      new RegExp(
        `^ {2}Blockscout at http://127\\.0\\.0\\.1:\\d+/blockscout/56/api \\(blockscout\\.customChains\\): failed: .*\\(retry: npx hardhat verify --network bsc ${proxy}\\)$`
      )
    );
    expect(rows[2], deployed.output).to.equal(`  Sourcify at ${verifier.url}/sourcify-legacy: verified`);
    expect(deployed.output.match(/Verification on Blockscout at .* failed, trying again in/g), "bounded retries").to.have.length(2);
  });

  it("Etherscan and Sourcify each got the implementation once, and gave it a perfect match", function () {
    expect(submissions(verifier.requests, implementation).sort()).to.deep.equal(["etherscan", "sourcify"]);
    for (const face of ["etherscan", "sourcify"] as const) {
      const verdict = verifier.verdicts.find((v) => v.face === face && v.address.toLowerCase() === implementation.toLowerCase());
      expect(verdict?.runtimeMatch, face).to.equal("perfect");
      expect(verdict?.refusal, face).to.equal(undefined);
    }
  });
});
