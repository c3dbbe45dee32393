// deploy-protocol-stand-in on Hardhat 2, run in-process on the deployer fixture as `npx hardhat` runs
// it: against a `hardhat node` on loopback (the stand-in deployed, recorded as protocolAddress beside
// the file's other fields, a rerun that sends nothing, a {network} path), and refused, with nothing
// sent, on a node of a live chain id (56, "bsc" in the chain table), on the in-process network and on
// a URL that is not a node on this machine. Hardhat 3 and the three stacks run it from the documented
// local-node recipe (test/hardhat/hosts/docs-install.test.ts).
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import { TASK_DEPLOY_PROTOCOL_STAND_IN } from "../../../../src/hardhat/constants";
import type { StandInResult } from "../../../../src/hardhat/internal/tasks/stand-in";
import { captureConsole } from "../../helpers/capture";
import { FIXTURES, NODE_ONLY_CONFIG, useEnvironment, type Environment } from "../../helpers/environment";
import { startNode, type LocalNode } from "../../helpers/processes";

const FIXTURE = path.join(FIXTURES, "deployer");
/** The stand-in's runtime code: PUSH1 42 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
const RUNTIME = "0x602a60005260206000f3";
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Runs `body`, which must throw an InputError; returns its message. */
async function refusal(body: () => Promise<unknown>): Promise<string> {
  let caught: unknown;
  try {
    await body();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected the task to refuse").to.be.an("error");
  // By name: the fixture's context loads its own copy of the plugin's modules.
  expect((caught as Error).name, (caught as Error).message).to.equal("InputError");
  return (caught as Error).message;
}

/** A node of `chainId` on loopback for the suite, started before the fixture loads (its URL goes in LOCALHOST_RPC_URL). */
function useNode(chainId: number): { node: LocalNode } {
  const holder = {} as { node: LocalNode };
  before(async () => {
    holder.node = await startNode(FIXTURE, { globalArgs: ["--config", NODE_ONLY_CONFIG], env: { FIXTURE_CHAIN_ID: String(chainId) } });
  });
  after(async () => holder.node && (await holder.node.stop()));
  return holder;
}

describe("deploy-protocol-stand-in (Hardhat 2, the deployer fixture)", function () {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-stand-in-"));
  });
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const run = (env: Environment, addressesFile: string) =>
    captureConsole(() => env.hre.run(TASK_DEPLOY_PROTOCOL_STAND_IN, { addressesFile }) as Promise<StandInResult>);

  describe("on a `hardhat node` (chain 31337) through --network localhost", () => {
    const chain = useNode(31337);
    const env = useEnvironment("deployer", () => ({ LOCALHOST_RPC_URL: chain.node.url }), "localhost");
    const blockNumber = async () => Number(await chain.node.rpc<string>("eth_blockNumber"));
    let file: string;
    let first: StandInResult;

    before(() => {
      file = path.join(dir, "localhost.json");
      fs.writeFileSync(file, JSON.stringify({ partyBAddress: "0xkeep", multiAccountAddress: "" }, null, 2) + "\n");
    });

    it("deploys the stand-in from the first signer and records it as protocolAddress, keeping the file's other fields", async () => {
      const { result, output } = await run(env, file);
      first = result;
      expect(result.deployed).to.equal(true);
      expect(result.protocolAddress).to.match(ADDRESS);
      expect(await chain.node.rpc<string>("eth_getCode", [result.protocolAddress, "latest"])).to.equal(RUNTIME);
      expect(JSON.parse(fs.readFileSync(file, "utf8"))).to.deep.equal({
        partyBAddress: "0xkeep",
        multiAccountAddress: "",
        protocolAddress: result.protocolAddress,
      });
      const [deployer] = await chain.node.rpc<string[]>("eth_accounts");
      const creation = await chain.node.rpc<{ from: string; to: string | null }>("eth_getTransactionByBlockNumberAndIndex", ["latest", "0x0"]);
      expect(creation.from).to.equal(deployer.toLowerCase());
      expect(creation.to).to.equal(null);
      expect(output).to.include("it answers every call and has no protocol logic");
      expect(output).to.include(`Protocol stand-in: ${result.protocolAddress}`);
      expect(output).to.include(`Saved protocolAddress to ${file}`);
      expect(output).to.include("Next: npx hardhat deploy-multiaccount --network localhost");
    });

    it("a rerun while protocolAddress has code on the chain sends nothing, changes nothing and says so", async () => {
      const block = await blockNumber();
      const before = fs.readFileSync(file, "utf8");
      const { result, output } = await run(env, file);
      expect(result).to.deep.equal({ protocolAddress: first.protocolAddress, deployed: false });
      expect(await blockNumber(), "a transaction was sent").to.equal(block);
      expect(fs.readFileSync(file, "utf8")).to.equal(before);
      expect(output).to.include(`protocolAddress ${first.protocolAddress} in ${file} already has code on "localhost" (chain 31337): nothing was sent.`);
    });

    it("a protocolAddress with no code on the chain (a node restarted since) is replaced by a new stand-in", async () => {
      const stale = path.join(dir, "stale.json");
      const gone = "0x000000000000000000000000000000000000dEaD";
      fs.writeFileSync(stale, JSON.stringify({ protocolAddress: gone }) + "\n");
      const { result, output } = await run(env, stale);
      expect(result.deployed).to.equal(true);
      expect(result.protocolAddress).to.not.equal(first.protocolAddress);
      expect(JSON.parse(fs.readFileSync(stale, "utf8"))).to.deep.equal({ protocolAddress: result.protocolAddress });
      expect(output).to.include(`(it named ${gone}, which has no code on this chain)`);
    });

    it("--addresses-file with {network} writes the network's own file", async () => {
      const { result } = await run(env, path.join(dir, "{network}", "addresses.json"));
      expect(JSON.parse(fs.readFileSync(path.join(dir, "localhost", "addresses.json"), "utf8"))).to.deep.equal({ protocolAddress: result.protocolAddress });
    });
  });

  describe("refused, nothing sent", () => {
    describe("on a node started with a live chain's id (56, bsc), through --network localhost", () => {
      const chain = useNode(56);
      const env = useEnvironment("deployer", () => ({ LOCALHOST_RPC_URL: chain.node.url }), "localhost");

      it("names the live chain, sends nothing and writes no file", async () => {
        const file = path.join(dir, "bsc-node.json");
        const block = await chain.node.rpc<string>("eth_blockNumber");
        const message = await refusal(() => run(env, file));
        expect(message).to.include(`is chain 56, the live chain "bsc"`);
        expect(message).to.include("Nothing was sent.");
        expect(await chain.node.rpc<string>("eth_blockNumber")).to.equal(block);
        expect(fs.existsSync(file), "the addresses file was written").to.equal(false);
      });
    });

    describe("on Hardhat's in-process network", () => {
      const env = useEnvironment("deployer", () => ({}), "hardhat");

      it("says the stand-in would end with the command, and points to `npx hardhat node` and --network localhost", async () => {
        const file = path.join(dir, "in-process.json");
        const block = await env.hre.network.provider.request({ method: "eth_blockNumber" });
        const message = await refusal(() => run(env, file));
        expect(message).to.include("in-process network");
        expect(message).to.include("`npx hardhat node`");
        expect(message).to.include(`\`npx hardhat ${TASK_DEPLOY_PROTOCOL_STAND_IN} --network localhost\``);
        expect(await env.hre.network.provider.request({ method: "eth_blockNumber" })).to.equal(block);
        expect(fs.existsSync(file)).to.equal(false);
      });
    });

    describe("on a network whose URL is not a node on this machine", () => {
      // RFC 5737's documentation address: the refusal comes before any call, which the provider would record.
      const env = useEnvironment("deployer", () => ({ HARDHAT_DOCKER_URL: "http://192.0.2.1:8545" }), "docker");

      it("refuses before any JSON-RPC call", async () => {
        const file = path.join(dir, "elsewhere.json");
        const provider = env.hre.network.provider as unknown as { request: (args: { method: string }) => Promise<unknown> };
        const calls: string[] = [];
        const original = provider.request;
        provider.request = async (args) => {
          calls.push(args.method);
          throw new Error(`no call expected: ${args.method}`);
        };
        try {
          const message = await refusal(() => run(env, file));
          expect(message).to.include(`network "docker" (http://192.0.2.1:8545) is not a node on this machine`);
          expect(message).to.include("deploy your protocol itself");
        } finally {
          provider.request = original;
        }
        expect(calls).to.deep.equal([]);
        expect(fs.existsSync(file)).to.equal(false);
      });
    });
  });
});
