// addresses:show --check-bytecode's comparison, chain by chain, against chains held in memory (each
// network's reads through a transport of its own) and the upgrades plugin's real OpenZeppelin
// artifacts: what each contract is compared with, what makes a partial match and a mismatch, the
// OpenZeppelin 5 proxy's admin immutable, and each network that cannot be checked as an error row.
// The task on `hardhat node`s from the CLI: test/hardhat/hardhat2/bytecode-drift.test.ts (Hardhat 2)
// and test/hardhat/hosts/three-chains.test.ts (Hardhat 3).
import { expect } from "chai";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT } from "../../../../src/hardhat/constants";
import type { CompiledCode } from "../../../../src/hardhat/internal/compiler/deployed-code";
import type { Logger } from "../../../../src/hardhat/internal/output/log";
import type { Transport } from "../../../../src/hardhat/internal/rpc/transport";
import { upgradesCoreCode } from "../../../../src/hardhat/internal/stack/parts";
import {
  BytecodeDriftError,
  checkBytecode,
  type DriftReference,
  type DriftResult,
  type DriftTarget,
} from "../../../../src/hardhat/internal/tasks/addresses-drift";
import { listenOnLoopback } from "../../../support/loopback";

const UPGRADES_DIR = path.dirname(require.resolve("@openzeppelin/hardhat-upgrades/package.json"));
const V4_PROXY = "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";
const V4_ADMIN = "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol/ProxyAdmin.json";
const V5_PROXY = "@openzeppelin/contracts-v5/proxy/transparent/TransparentUpgradeableProxy.sol/TransparentUpgradeableProxy.json";
const V5_ADMIN = "@openzeppelin/contracts-v5/proxy/transparent/ProxyAdmin.sol/ProxyAdmin.json";
const PROXY = "0x" + "11".repeat(20);
const IMPLEMENTATION = "0x" + "22".repeat(20);
const ADMIN = "0x" + "33".repeat(20);
const OWNER = "0x" + "44".repeat(20);
const SECRET = "drift-secret-key-0123456789";

/** Runtime code of our own: a body, then a CBOR metadata section holding `hash`, its length in the last two bytes. */
const runtime = (body: string, hash: string) => `0x${body}a165${hash.repeat(32)}0022`;
const IMPLEMENTATION_CODE: CompiledCode & { name: string } = {
  name: "contracts/MultiAccount.sol:MultiAccount",
  bytecode: runtime("6080604052" + "5b".repeat(40), "ab"),
  filledAtDeploy: async () => [],
};
const word = (address: string) => `0x${address.replace(/^0x/, "").padStart(64, "0")}`;

function reference(openZeppelin: 4 | 5): DriftReference {
  const [proxy, admin] = openZeppelin === 4 ? [V4_PROXY, V4_ADMIN] : [V5_PROXY, V5_ADMIN];
  const info = openZeppelin === 4 ? "build-info.json" : "build-info-v5.json";
  return {
    openZeppelin,
    proxy: upgradesCoreCode(UPGRADES_DIR, proxy, info),
    admin: upgradesCoreCode(UPGRADES_DIR, admin, info),
    implementation: IMPLEMENTATION_CODE,
  };
}

/** OpenZeppelin 5's proxy as deployed: its admin immutable (bytes 16 to 48) filled in. */
function v5ProxyHolding(admin: string): string {
  const code = reference(5).proxy.bytecode.replace(/^0x/, "");
  return `0x${code.slice(0, 32)}${word(admin).slice(2)}${code.slice(96)}`;
}

interface MemoryChain {
  chainId: number;
  code: Record<string, string>;
  storage: Record<string, string>;
}

/** A chain with MultiAccount's proxy deployed by the upgrades plugin of OpenZeppelin `openZeppelin`, and the implementation given. */
function deployedChain(openZeppelin: 4 | 5, chainId: number, implementationCode = IMPLEMENTATION_CODE.bytecode): MemoryChain {
  const ref = reference(openZeppelin);
  return {
    chainId,
    code: { [PROXY]: openZeppelin === 5 ? v5ProxyHolding(ADMIN) : ref.proxy.bytecode, [IMPLEMENTATION]: implementationCode, [ADMIN]: ref.admin.bytecode },
    storage: { [`${PROXY}:${IMPLEMENTATION_SLOT}`]: word(IMPLEMENTATION), [`${PROXY}:${ADMIN_SLOT}`]: word(ADMIN), [`${ADMIN}:0x0`]: word(OWNER) },
  };
}

function transportOf(chain: MemoryChain): Transport {
  return {
    async call(method, params) {
      const [address, slot] = params as string[];
      if (method === "eth_chainId") return `0x${chain.chainId.toString(16)}`;
      if (method === "eth_getCode") return chain.code[address.toLowerCase()] ?? "0x";
      if (method === "eth_getStorageAt") return chain.storage[`${address.toLowerCase()}:${slot}`] ?? word("0x0");
      throw new Error(`unexpected ${method}`);
    },
  };
}

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(`warn: ${m}`), error: (m) => lines.push(m) };
}

describe("addresses:show --check-bytecode (the comparison)", () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-drift-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const record = (network: string, fields: object = { multiAccountAddress: PROXY }) => {
    fs.mkdirSync(path.join(dir, network), { recursive: true });
    fs.writeFileSync(path.join(dir, network, "addresses.json"), JSON.stringify(fields));
  };
  const target = (network: string, chain: MemoryChain): DriftTarget => ({ network, transport: transportOf(chain) });
  const check = (targets: DriftTarget[], openZeppelin: 4 | 5, log = capture()) =>
    checkBytecode(
      targets,
      reference(openZeppelin),
      { addressesFile: path.join(dir, "{network}", "addresses.json"), json: false },
      { logger: log, secrets: [SECRET] }
    );
  /** What checkBytecode threw, with its result. */
  const refusal = async (run: Promise<DriftResult>): Promise<BytecodeDriftError> => {
    try {
      await run;
    } catch (error) {
      expect(error).to.be.instanceOf(BytecodeDriftError);
      return error as BytecodeDriftError;
    }
    throw new Error("checkBytecode did not refuse");
  };
  const matches = (result: DriftResult) => result.networks.map((n) => [n.network, n.verdict, ...n.contracts.map((c) => `${c.contract}:${c.match}`)]);

  it("OpenZeppelin 4: every contract a perfect match, each at its address, the ProxyAdmin's owner read", async () => {
    record("bsc");
    const log = capture();
    const result = await check([target("bsc", deployedChain(4, 56))], 4, log);
    expect(matches(result)).to.deep.equal([["bsc", "perfect", "implementation:perfect", "proxy:perfect", "ProxyAdmin:perfect"]]);
    expect(result.networks[0].contracts.map((c) => [c.address, c.comparedWith])).to.deep.equal([
      [IMPLEMENTATION, IMPLEMENTATION_CODE.name],
      [PROXY, "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol:TransparentUpgradeableProxy"],
      [ADMIN, "@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol:ProxyAdmin"],
    ]);
    expect(result.failed).to.equal(false);
    expect(log.lines.join("\n")).to.match(new RegExp(`^bsc +56 +ProxyAdmin +${ADMIN} +perfect +owner ${OWNER}$`, "m"));
    expect(log.lines).to.include("Perfect match, every contract, on 1 of 1 network(s): bsc.");
  });

  it("OpenZeppelin 5: the proxy a perfect match whose admin immutable is its admin slot's ProxyAdmin", async () => {
    record("base");
    const result = await check([target("base", deployedChain(5, 8453))], 5);
    expect(matches(result)).to.deep.equal([["base", "perfect", "implementation:perfect", "proxy:perfect", "ProxyAdmin:perfect"]]);
    expect(result.networks[0].contracts[1].note).to.equal("admin immutable = admin slot");
  });

  it("OpenZeppelin 5: a proxy whose admin immutable is not its admin slot's is a mismatch, naming both", async () => {
    record("base");
    const chain = deployedChain(5, 8453);
    chain.code[PROXY] = v5ProxyHolding(OWNER);
    const error = await refusal(check([target("base", chain)], 5));
    expect(matches(error.result)).to.deep.equal([["base", "mismatch", "implementation:perfect", "proxy:mismatch", "ProxyAdmin:perfect"]]);
    expect(error.result.networks[0].contracts[1].note).to.equal(`its admin immutable ${OWNER} is not its admin slot's ${ADMIN}`);
    expect(error.message).to.include("not the source as compiled now on base (proxy)");
  });

  it("an implementation differing only in its metadata hash: partial, a warning, no error", async () => {
    record("bsc");
    record("base");
    const log = capture();
    const result = await check(
      [target("bsc", deployedChain(4, 56)), target("base", deployedChain(4, 8453, runtime("6080604052" + "5b".repeat(40), "cd")))],
      4,
      log
    );
    expect(matches(result)).to.deep.equal([
      ["bsc", "perfect", "implementation:perfect", "proxy:perfect", "ProxyAdmin:perfect"],
      ["base", "partial", "implementation:partial", "proxy:perfect", "ProxyAdmin:perfect"],
    ]);
    expect(result.failed).to.equal(false);
    expect(log.lines.find((line) => line.startsWith("warn: "))).to.match(/^warn: Partial match on base \(implementation\): .*but for the metadata hash/);
  });

  it("an implementation whose code differs: a mismatch on that network alone, BytecodeDriftError naming it and the contract", async () => {
    record("bsc");
    record("base");
    const other = deployedChain(4, 8453, runtime("6080604052" + "5b".repeat(39) + "00", "ab"));
    const error = await refusal(check([target("bsc", deployedChain(4, 56)), target("base", other)], 4));
    expect(matches(error.result)).to.deep.equal([
      ["bsc", "perfect", "implementation:perfect", "proxy:perfect", "ProxyAdmin:perfect"],
      ["base", "mismatch", "implementation:mismatch", "proxy:perfect", "ProxyAdmin:perfect"],
    ]);
    expect(error.message).to.equal(
      "addresses:show --check-bytecode: the code on chain is not the source as compiled now on base (implementation). The table above says which contract and why."
    );
  });

  it("an implementation slot pointing at an address without code: a mismatch, said", async () => {
    record("bsc");
    const chain = deployedChain(4, 56);
    delete chain.code[IMPLEMENTATION];
    const error = await refusal(check([target("bsc", chain)], 4));
    expect(error.result.networks[0].contracts[0]).to.include({ contract: "implementation", match: "mismatch", note: "no code" });
  });

  it("an admin slot holding a contract other than the upgrades plugin's ProxyAdmin: a mismatch", async () => {
    record("bsc");
    const chain = deployedChain(4, 56);
    chain.code[ADMIN] = IMPLEMENTATION_CODE.bytecode;
    const error = await refusal(check([target("bsc", chain)], 4));
    expect(matches(error.result)).to.deep.equal([["bsc", "mismatch", "implementation:perfect", "proxy:perfect", "ProxyAdmin:mismatch"]]);
  });

  it("a recorded address that is not an EIP-1967 proxy: an error row, exit 1", async () => {
    record("bsc");
    const chain = deployedChain(4, 56);
    delete chain.storage[`${PROXY}:${IMPLEMENTATION_SLOT}`];
    const log = capture();
    const error = await refusal(check([target("bsc", chain)], 4, log));
    expect(error.result.networks[0]).to.include({ verdict: "error", error: `${PROXY} is not an EIP-1967 proxy: its implementation slot is empty` });
    expect(log.lines.join("\n")).to.match(new RegExp(`^bsc +56 +- +${PROXY} +ERROR +${PROXY} is not an EIP-1967 proxy`, "m"));
  });

  it("no code at the recorded address: an error row", async () => {
    record("bsc");
    const chain = deployedChain(4, 56);
    delete chain.code[PROXY];
    const error = await refusal(check([target("bsc", chain)], 4));
    expect(error.result.networks[0]).to.include({ verdict: "error", error: `no code at multiAccountAddress ${PROXY}` });
  });

  it("no multiAccountAddress recorded: an error row, the chain not asked, no file written", async () => {
    record("bsc", { protocolAddress: ADMIN });
    const unasked: Transport = {
      call: () => {
        throw new Error("the chain was asked");
      },
    };
    const error = await refusal(check([{ network: "bsc", transport: unasked }], 4));
    expect(error.result.networks[0].error).to.equal(`no multiAccountAddress in ${path.join(dir, "bsc", "addresses.json")}`);
    expect(error.message).to.include("not checked on bsc (no multiAccountAddress in");
    expect(fs.readdirSync(dir)).to.deep.equal(["bsc"]);
  });

  it("a network without a JSON-RPC URL: an error row saying so", async () => {
    record("nourl");
    const error = await refusal(check([{ network: "nourl", unread: "no JSON-RPC URL" }], 4));
    expect(error.result.networks[0]).to.include({ verdict: "error", error: "no JSON-RPC URL" });
  });

  it("a node that cannot be reached: an error row with the reason, the URL's key redacted, the other networks still checked", async () => {
    record("bsc");
    record("down");
    const closed = await listenOnLoopback(http.createServer());
    await closed.close();
    const error = await refusal(check([target("bsc", deployedChain(4, 56)), { network: "down", url: `http://127.0.0.1:${closed.port}/v2/${SECRET}` }], 4));
    expect(matches(error.result)).to.deep.equal([
      ["bsc", "perfect", "implementation:perfect", "proxy:perfect", "ProxyAdmin:perfect"],
      ["down", "error"],
    ]);
    expect(error.result.networks[1].error).to.equal("connection refused");
    expect(error.message).to.include("not checked on down (connection refused)");
    expect(error.message).to.not.include(SECRET);
  });
});
