// The packed package in host projects of each supported stack and Hardhat major, the way their users
// run it: plain `npm install` of the tarball, then the tasks as child processes against a
// `hardhat node` on loopback, with nothing compiled beforehand. The node runs chain 56, so the tasks
// run with `--network bsc` as an operator's would (BSC_RPC_URL pointed at it, PRIVATE_KEY signing
// locally), and verification goes to a loopback Etherscan API V2 (ETHERSCAN_API_URL). Every stack
// gets the same checks and must give the same output, record and exit codes.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { ethers } from "ethers";
import { prepareHost, type HostProject } from "../helpers/hosts";
import { errorHead, runHardhat, type LocalNode, type RunResult } from "../helpers/processes";
import { startExplorer, type LoopbackExplorer } from "../helpers/explorer";
import { deployStandIn } from "../helpers/stand-in";
import { putCreateX } from "../helpers/createx";
import { ADMIN_SLOT } from "../../../src/hardhat/constants";
import { deterministicAddress, deterministicSalt } from "../../../src/hardhat/internal/deterministic";
import { ADDRESS, ADMIN, API_KEY, IMPLEMENTATION_SLOT, NODE_KEY, SECRET_KEY, STACKS, compiled, startChain } from "./cases";
import { REPORT_FILE, parseReport } from "../../../scripts/api/report";

/** The values the committed API report lists for `multiaccount-kit/hardhat` under `condition`. */
function reportedValues(condition: "import" | "require"): string[] {
  const entry = parseReport(fs.readFileSync(REPORT_FILE, "utf8")).get(`\`multiaccount-kit/hardhat\` (\`${condition}\`)`);
  return (entry ?? [])
    .filter((e) => e.value)
    .map((e) => e.name)
    .sort();
}

describe("host projects of each supported stack and Hardhat major", function () {
  // The installs start at once (they mostly wait on the registry), before the first test needs one.
  before(() => {
    for (const stack of STACKS) void prepareHost(stack.host).catch(() => undefined);
  });

  for (const stack of STACKS) {
    describe(stack.label, function () {
      let host: HostProject;
      let node: LocalNode;
      let explorer: LoopbackExplorer;
      let protocol: string;
      let file: string;
      let proxy: string;

      const env = (extra: Record<string, string | undefined> = {}) => ({
        BSC_RPC_URL: node.url,
        LOCALHOST_RPC_URL: node.url,
        PRIVATE_KEY: NODE_KEY,
        ETHERSCAN_API_URL: `${explorer.url}/v2/api`,
        ETHERSCAN_API_KEY: API_KEY,
        ...extra,
      });
      const hardhat = (args: string[], extra: Record<string, string | undefined> = {}): Promise<RunResult> =>
        runHardhat(host.dir, args, env(extra), { nodeArgs: stack.nodeArgs, node: host.node });
      const blockNumber = async () => Number(await node.rpc<string>("eth_blockNumber"));
      const slotAddress = async (address: string, slot: string) =>
        ethers.utils.getAddress("0x" + (await node.rpc<string>("eth_getStorageAt", [address, slot, "latest"])).slice(-40));
      /** Every request the explorer got went to Etherscan API V2, for chain 56, with the one key. */
      const expectV2Requests = () => {
        expect(explorer.requests.length).to.be.greaterThan(0);
        for (const request of explorer.requests) {
          const what = `${request.method} ${request.module}/${request.action}`;
          expect(request.path, what).to.equal("/v2/api");
          expect(request.query.chainid, what).to.equal("56");
          expect(request.params.apikey, what).to.equal(API_KEY);
        }
      };
      const linkRequest = (implementation: string) =>
        explorer.requests.find((r) => r.action === "verifyproxycontract" && r.params.expectedimplementation?.toLowerCase() === implementation.toLowerCase());

      before(async function () {
        host = await prepareHost(stack.host);
        node = await startChain(host, stack, 56);
        explorer = await startExplorer({ rpc: (method, params) => node.rpc(method, params) });
        protocol = await deployStandIn(node);
        file = path.join(host.dir, "output", "addresses.json");
      });
      after(async () => {
        await node?.stop();
        await explorer?.close();
      });

      it("installs the tarball with plain `npm install`, changing none of the project's versions", () => {
        expect(host.installedVersion).to.match(/^\d+\.\d+\.\d+/);
        expect(host.addedPackages).to.include("node_modules/multiaccount-kit");
        expect(host.changedVersions, "versions the install changed").to.deep.equal([]);
      });

      it("a script of the project runs a task by its exported name and catches the failure by its exported class", async () => {
        // scripts/exports.ts, from fixture-projects/hosts/common-hardhat2 or hosts/hardhat3.
        const result = await hardhat(["run", "--no-compile", "scripts/exports.ts"]);
        expect(result.code, result.output).to.equal(0);
        const line = result.stdout
          .trim()
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .pop();
        expect(line, result.output).to.not.equal(undefined);
        const seen = JSON.parse(line!);
        expect(seen.exports, "the values multiaccount-kit/hardhat exports at run time").to.deep.equal(reportedValues(stack.major === 3 ? "import" : "require"));
        if (stack.major === 3) {
          expect(seen.plugin).to.equal("multiaccount-kit");
          expect([seen.caughtHardhatPluginError, seen.causeAddressesFileError, seen.causeMultiAccountKitError], result.output).to.deep.equal([
            true,
            true,
            true,
          ]);
        } else {
          expect([seen.caughtAddressesFileError, seen.caughtMultiAccountKitError], result.output).to.deep.equal([true, true]);
        }
        expect(seen.message).to.match(/Address file .*exports-check\.json: not valid JSON/);
        expect(seen.untouched).to.equal(true);
        expect(seen.contract).to.equal("MultiAccount");
        expect(compiled(host.dir, "MultiAccount"), "--no-compile compiled").to.equal(false);
      });

      it("deploy-multiaccount --network bsc compiles first in a fresh project, deploys, records, verifies and links the proxy", async () => {
        expect(compiled(host.dir, "MultiAccount"), "the project was compiled before").to.equal(false);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol, hedgerProxyAddress: "0xkeep" }, null, 2) + "\n");
        const result = await hardhat(["deploy-multiaccount", "--network", "bsc", "--admin", ADMIN]);
        expect(result.code, result.output).to.equal(0);

        const record = JSON.parse(fs.readFileSync(file, "utf8"));
        proxy = record.multiAccountAddress;
        expect(proxy).to.match(ADDRESS);
        expect(record).to.deep.equal({ protocolAddress: protocol, hedgerProxyAddress: "0xkeep", multiAccountAddress: proxy });
        expect(await node.rpc<string>("eth_getCode", [proxy, "latest"])).to.not.equal("0x");
        const implementation = await slotAddress(proxy, IMPLEMENTATION_SLOT);

        expect(result.stdout).to.include(`Network:        bsc (chain 56)`);
        expect(result.stdout).to.include(`initialize(admin ${ADMIN}, protocolAddress ${ethers.utils.getAddress(protocol)}, ProtocolPartyA creation bytecode`);
        expect(result.stdout).to.match(/Estimated gas: +\d+ at [\d.]+ gwei = [\d.]+ BNB/);
        expect(result.stdout).to.include(`Proxy:          ${proxy} https://bscscan.com/address/${proxy}`);
        expect(result.stdout).to.match(/ProxyAdmin: +0x[0-9a-fA-F]{40}/);
        expect(result.stdout).to.include(`Implementation: ${implementation}`);
        expect(result.stdout).to.include(`Saved multiAccountAddress to ${file}`);
        expect(result.stdout).to.match(new RegExp(`Gas used: +\\d+ in ${stack.deployTransactions} transaction\\(s\\), cost [\\d.]+ BNB`));
        expect(result.output).to.include(`Verified ${implementation}.`);
        expect(result.output, result.output).to.include(`Proxy ${proxy} verified and linked: the explorer shows it as a proxy of ${implementation}.`);
        expect(result.output).to.include("Next: npx hardhat addresses:show --network bsc");
        for (const secret of [API_KEY, NODE_KEY.slice(2)]) expect(result.output).to.not.include(secret);

        expectV2Requests();
        const submission = explorer.requests.find((request) => request.action === "verifysourcecode");
        expect(submission, JSON.stringify(explorer.requests)).to.not.equal(undefined);
        expect(submission!.params.contractaddress.toLowerCase()).to.equal(implementation.toLowerCase());
        expect(submission!.params.contractname).to.equal(`${stack.sourceName(host)}/multiAccount/MultiAccount.sol:MultiAccount`);
        // The proxy: its own source accepted, then linked to the implementation ("Read/Write as Proxy").
        expect(explorer.verified.has(proxy.toLowerCase()), "the proxy's source was not verified").to.equal(true);
        expect(linkRequest(implementation)?.params.address.toLowerCase(), "no link request").to.equal(proxy.toLowerCase());
        expect(compiled(host.dir, "MultiAccount"), "compiled by the task").to.equal(true);
      });

      it("`hardhat help deploy-multiaccount` lists the task's options", async () => {
        const result = await hardhat(stack.help("deploy-multiaccount"));
        expect(result.code, result.output).to.equal(0);
        for (const option of ["--admin", "--protocol-address", "--account-contract", "--no-compile", "--dry-run", "--force", "--no-verify"]) {
          expect(result.stdout).to.include(option);
        }
      });

      it("addresses:show lists the record with code on the network", async () => {
        const result = await hardhat(["addresses:show", "--network", "bsc"]);
        expect(result.code, result.output).to.equal(0);
        expect(result.stdout).to.match(new RegExp(`protocolAddress +${protocol} +yes`, "i"));
        expect(result.stdout).to.match(/hedgerProxyAddress +0xkeep +not an address/);
        expect(result.stdout).to.match(new RegExp(`multiAccountAddress +${proxy} +yes +https://bscscan.com/address/${proxy}`));
      });

      it("upgrade-multiaccount --dry-run validates the upgrade and sends nothing", async () => {
        const block = await blockNumber();
        const result = await hardhat(["upgrade-multiaccount", "--network", "bsc", "--contract", "MultiAccountV2", "--dry-run"]);
        expect(result.code, result.output).to.equal(0);
        expect(result.stdout).to.include("Validation passed.");
        expect(result.stdout).to.include("Dry run: nothing was sent.");
        expect(await blockNumber(), "a transaction was sent").to.equal(block);
      });

      it("upgrade-multiaccount upgrades the recorded proxy, verifies the new implementation and links the proxy to it", async () => {
        const old = await slotAddress(proxy, IMPLEMENTATION_SLOT);
        const result = await hardhat(["upgrade-multiaccount", "--network", "bsc", "--contract", "MultiAccountV2"]);
        expect(result.code, result.output).to.equal(0);
        const implementation = await slotAddress(proxy, IMPLEMENTATION_SLOT);
        expect(implementation).to.not.equal(old);
        expect(result.stdout).to.include(`Old implementation: ${old}`);
        expect(result.stdout).to.include(`New implementation: ${implementation}`);
        expect(result.output).to.include(`Verified ${implementation}.`);
        expect(linkRequest(implementation)?.params.address.toLowerCase(), "the proxy was not linked to the new implementation").to.equal(proxy.toLowerCase());
        expectV2Requests();
        // version() is the new implementation's, answered through the proxy.
        const version = new ethers.utils.Interface(["function version() view returns (string)"]);
        const answer = await node.rpc<string>("eth_call", [{ to: proxy, data: version.encodeFunctionData("version") }, "latest"]);
        expect(version.decodeFunctionResult("version", answer)[0]).to.equal("2");
      });

      it("deploy-multiaccount --deterministic: the proxy at the deployer's and label's address, initialized, its admin owned by the deployer, upgradeable", async () => {
        await putCreateX(node);
        const deterministicFile = path.join(host.dir, "output", "deterministic.json");
        fs.writeFileSync(deterministicFile, JSON.stringify({ protocolAddress: protocol }) + "\n");
        const args = ["deploy-multiaccount", "--network", "bsc", "--admin", ADMIN, "--addresses-file", deterministicFile, "--deterministic", "--no-verify"];
        // The same deployer and label on every stack: the same address, computed here without any chain.
        const deployer = new ethers.Wallet(NODE_KEY).address;
        const keccak = (data: string) => ethers.utils.keccak256(data);
        const expected = ethers.utils.getAddress(deterministicAddress(keccak, deployer, deterministicSalt(keccak, deployer, "MultiAccount")));
        const block = await blockNumber();
        const dry = await hardhat([...args, "--dry-run"]);
        expect(dry.code, dry.output).to.equal(0);
        expect(dry.stdout).to.include(`Deterministic:  proxy at ${expected}`);
        expect(await blockNumber(), "the dry run sent a transaction").to.equal(block);

        const result = await hardhat(args);
        expect(result.code, result.output).to.equal(0);
        expect(JSON.parse(fs.readFileSync(deterministicFile, "utf8")).multiAccountAddress).to.equal(expected);
        const abi = new ethers.utils.Interface([
          "function protocolAddress() view returns (address)",
          "function owner() view returns (address)",
          "function version() view returns (string)",
        ]);
        const read = async (to: string, fn: string) =>
          abi.decodeFunctionResult(fn, await node.rpc<string>("eth_call", [{ to, data: abi.encodeFunctionData(fn) }, "latest"]))[0];
        expect(await read(expected, "protocolAddress")).to.equal(ethers.utils.getAddress(protocol));
        expect(await read(await slotAddress(expected, ADMIN_SLOT), "owner")).to.equal(deployer);

        const upgraded = await hardhat([
          "upgrade-multiaccount",
          "--network",
          "bsc",
          "--contract",
          "MultiAccountV2",
          "--addresses-file",
          deterministicFile,
          "--no-verify",
        ]);
        expect(upgraded.code, upgraded.output).to.equal(0);
        expect(await read(expected, "version")).to.equal("2");
      });

      if (stack.major === 2) {
        it("the deployment script `hardhat run scripts/deployMultiAccount.ts` deploys from ADMIN_PUBLIC_KEY and the record", async () => {
          const scriptFile = path.join(host.dir, "output", "script-addresses.json");
          fs.writeFileSync(scriptFile, JSON.stringify({ protocolAddress: protocol }, null, 2));
          const result = await hardhat(["run", "scripts/deployMultiAccount.ts", "--network", "bsc"], { ADMIN_PUBLIC_KEY: ADMIN, ADDRESSES_FILE: scriptFile });
          expect(result.code, result.output).to.equal(0);
          const record = JSON.parse(fs.readFileSync(scriptFile, "utf8"));
          expect(record.multiAccountAddress).to.match(ADDRESS);
          expect(result.stdout).to.include(`Proxy:          ${record.multiAccountAddress}`);
        });
      }

      describe("bad input: exit code 1, a clear message, nothing sent, the record untouched", () => {
        beforeEach(() => fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol, multiAccountAddress: proxy }, null, 2) + "\n"));

        async function expectRefused(args: string[], extra: Record<string, string | undefined>, message: RegExp, write?: string) {
          if (write !== undefined) fs.writeFileSync(file, write);
          const before = fs.readFileSync(file, "utf8");
          const block = await blockNumber();
          const result = await hardhat(["deploy-multiaccount", "--force", ...args], extra);
          expect(result.code, result.output).to.equal(1);
          expect(errorHead(result), result.output).to.match(message);
          expect(result.output).to.not.include(SECRET_KEY.slice(2));
          expect(await blockNumber(), "a transaction was sent").to.equal(block);
          expect(fs.readFileSync(file, "utf8"), "the record changed").to.equal(before);
        }

        it("an invalid admin", async () => {
          await expectRefused(["--network", "localhost", "--admin", "0xNOTANADDRESS"], {}, /Invalid admin address "0xNOTANADDRESS"/);
        });
        it("a protocol address without code", async () => {
          const empty = "0x000000000000000000000000000000000000dEaD";
          await expectRefused(["--network", "localhost", "--admin", ADMIN, "--protocol-address", empty], {}, /protocol address 0x0+dEaD has no contract code/);
        });
        it("a corrupt address record", async () => {
          await expectRefused(
            ["--network", "localhost", "--admin", ADMIN],
            {},
            /Address file .*addresses\.json: not valid JSON.*left untouched/,
            '{ "protocolAddress": '
          );
        });
        it("no PRIVATE_KEY on a live network", async () => {
          await expectRefused(
            ["--network", "bsc", "--admin", ADMIN],
            { PRIVATE_KEY: undefined, BSC_RPC_URL: undefined },
            /PRIVATE_KEY is not set\. Set PRIVATE_KEY in the \.env file/
          );
        });
      });
    });
  }
});
