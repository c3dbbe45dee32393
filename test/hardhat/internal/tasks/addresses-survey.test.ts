// addresses:show --all-networks: each network's addresses file read (one per network through
// {network}, or one for all), its node asked over real JSON-RPC on loopback (stubs, and this
// repository's in-process Hardhat network served over HTTP), the networks that differ flagged, and
// the summary counting only the networks that answered. The task on real nodes from the CLI:
// deterministic.test.ts and the host tests.
import { expect } from "chai";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import { showAllNetworks, type SurveyTarget } from "../../../../src/hardhat/internal/tasks/addresses-survey";
import { addressesFileFor } from "../../../../src/hardhat/internal/files/addresses-path";
import { addressesFileOption } from "../../../../src/hardhat/internal/tasks/options";
import { resolveMultiAccountConfig } from "../../../../src/hardhat/config";
import { InputError } from "../../../../src/hardhat/errors";
import type { Logger } from "../../../../src/hardhat/internal/output/log";
import { listenOnLoopback, type Loopback } from "../../../support/loopback";
import { freePort } from "../../../support/processes";
import { TASK_NODE_CREATE_SERVER } from "hardhat/builtin-tasks/task-names";
import type { JsonRpcServer } from "hardhat/types/builtin-tasks/node";
import { useRootEnvironment } from "../../helpers/environment";

const A = "0x" + "aa".repeat(20);
const B = "0x" + "bb".repeat(20);
const SECRET = "survey-secret-key-0123456789";

/** A JSON-RPC node on loopback: a chain id, and code at the addresses given. */
async function startChainStub(chainId: number, withCode: string[]): Promise<Loopback & { url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      calls.push(method);
      const result = method === "eth_chainId" ? `0x${chainId.toString(16)}` : withCode.includes(String(params[0]).toLowerCase()) ? "0x6080604052" : "0x";
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
  });
  const loopback = await listenOnLoopback(server);
  // The key sits in the URL's path, as many providers put it: it must never be printed.
  return { ...loopback, url: `http://127.0.0.1:${loopback.port}/v2/${SECRET}`, calls };
}

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

describe("addresses:show --all-networks (the survey)", () => {
  let dir: string;
  let bsc: Awaited<ReturnType<typeof startChainStub>>;
  let base: Awaited<ReturnType<typeof startChainStub>>;
  let mode: Awaited<ReturnType<typeof startChainStub>>;
  let closedPort: number;

  before(async () => {
    bsc = await startChainStub(56, [A]);
    base = await startChainStub(8453, [A]);
    mode = await startChainStub(34443, []);
    const closed = await listenOnLoopback(http.createServer());
    closedPort = closed.port;
    await closed.close();
  });
  after(async () => {
    await Promise.all([bsc, base, mode].map((stub) => stub?.close()));
  });
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-survey-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (network: string, record: object | string) => {
    fs.mkdirSync(path.join(dir, network), { recursive: true });
    fs.writeFileSync(path.join(dir, network, "addresses.json"), typeof record === "string" ? record : JSON.stringify(record));
  };
  const pattern = () => path.join(dir, "{network}", "addresses.json");
  const targets = (): SurveyTarget[] => [
    { network: "bsc", url: bsc.url },
    { network: "base", url: base.url },
    { network: "mode", url: mode.url },
  ];

  it("an addresses file per network: the address most of them hold, the one that differs flagged, the code on each chain", async () => {
    write("bsc", { multiAccountAddress: A });
    write("base", { multiAccountAddress: A.toUpperCase().replace("0X", "0x") });
    write("mode", { multiAccountAddress: B });
    const log = capture();
    const survey = await showAllNetworks(targets(), { addressesFile: pattern(), json: false }, { logger: log, secrets: [SECRET] });

    expect(survey.reference?.toLowerCase()).to.equal(A);
    expect(survey.networks.map((r) => [r.network, r.chainId, r.code, r.differs])).to.deep.equal([
      ["bsc", 56, "yes", false],
      ["base", 8453, "yes", false],
      ["mode", 34443, "NO CODE", true],
    ]);
    expect(survey.networks[2].file).to.equal(path.join(dir, "mode", "addresses.json"));
    const text = log.lines.join("\n");
    expect(text).to.match(/an addresses file per network: .*\{network\}/);
    expect(text).to.match(new RegExp(`^mode +34443 +${B} +NO CODE +DIFFERS$`, "m"));
    expect(text).to.match(new RegExp(`^bsc +56 +${A} +yes$`, "m"));
    expect(text).to.include(`1 reachable network(s) differ from ${A} (recorded on 2 of 3 reachable): mode.`);
    expect(text).to.include("No code at the recorded address on: mode.");
    expect(text).to.not.include(SECRET);
  });

  it("the same address everywhere: nothing flagged", async () => {
    for (const network of ["bsc", "base", "mode"]) write(network, { multiAccountAddress: A });
    const log = capture();
    const survey = await showAllNetworks(targets().slice(0, 2), { addressesFile: pattern(), json: false }, { logger: log });
    expect(survey.networks.every((r) => !r.differs)).to.equal(true);
    expect(log.lines.join("\n")).to.include(`Every reachable network that records a multiAccountAddress records ${A} (2 of 2 reachable).`);
  });

  it("a network without a record, one with a corrupt record, one unreachable: each said, the others still shown, no file created or changed", async () => {
    write("bsc", { multiAccountAddress: A });
    write("mode", '{ "multiAccountAddress": ');
    const log = capture();
    const survey = await showAllNetworks(
      [...targets(), { network: "down", url: `http://127.0.0.1:${closedPort}` }, { network: "nourl", unread: "no JSON-RPC URL" }],
      { addressesFile: pattern(), json: false },
      { logger: log }
    );
    const byName = Object.fromEntries(survey.networks.map((r) => [r.network, r]));
    expect(byName.bsc).to.include({ code: "yes", multiAccountAddress: A, chainId: 56 });
    expect(byName.base).to.include({ code: "not checked", note: "no multiAccountAddress", chainId: 8453 });
    expect(byName.base.multiAccountAddress).to.equal(undefined);
    expect(byName.mode.code).to.equal("not checked");
    expect(byName.mode.note).to.match(/mode.addresses\.json: not valid JSON/);
    expect(byName.down).to.include({ code: "unreachable", note: "connection refused" });
    expect(byName.nourl).to.include({ code: "not checked", note: "no JSON-RPC URL" });
    expect(fs.existsSync(path.join(dir, "base"))).to.equal(false);
    expect(fs.readFileSync(path.join(dir, "mode", "addresses.json"), "utf8")).to.equal('{ "multiAccountAddress": ');
    expect(log.lines.join("\n")).to.match(/^base +8453 +\(none\) +no multiAccountAddress$/m);
  });

  it("an endpoint that refuses: unreachable, with the reason, and the address it records still compared", async () => {
    write("bsc", { multiAccountAddress: A });
    write("down", { multiAccountAddress: B });
    const log = capture();
    const survey = await showAllNetworks(
      [
        { network: "bsc", url: bsc.url },
        { network: "down", url: `http://127.0.0.1:${closedPort}` },
      ],
      { addressesFile: pattern(), json: false },
      { logger: log }
    );
    expect(survey.networks[1]).to.include({ code: "unreachable", note: "connection refused", differs: true });
    expect(log.lines.join("\n")).to.match(new RegExp(`^down +\\? +${B} +unreachable: connection refused +DIFFERS$`, "m"));
  });

  it("--json prints the survey as JSON", async () => {
    write("bsc", { multiAccountAddress: A });
    const log = capture();
    const survey = await showAllNetworks(targets().slice(0, 1), { addressesFile: pattern(), json: true }, { logger: log });
    expect(JSON.parse(log.lines.join("\n"))).to.deep.equal(JSON.parse(JSON.stringify(survey)));
    expect(survey.reference).to.equal(A);
  });

  describe("with this repository's Hardhat network answering (served over HTTP), two that do not and one not asked", () => {
    const env = useRootEnvironment();
    let server: JsonRpcServer;
    let hardhatUrl: string;
    let refused: string;

    before(async () => {
      server = (await env.hre.run(TASK_NODE_CREATE_SERVER, { hostname: "127.0.0.1", port: 0, provider: env.hre.network.provider })) as JsonRpcServer;
      hardhatUrl = `http://127.0.0.1:${(await server.listen()).port}`;
      await env.hre.network.provider.request({ method: "hardhat_setCode", params: [A, "0x6080604052"] });
      refused = `http://127.0.0.1:${await freePort()}`;
    });
    after(() => server?.close());

    /** localhost (31337) and bsc (56) have code at A, mode (34443) has none; mainnet and base refuse; nourl has no URL. */
    const sixNetworks = (): SurveyTarget[] => [
      { network: "localhost", url: hardhatUrl },
      { network: "bsc", url: bsc.url },
      { network: "mode", url: mode.url },
      { network: "mainnet", url: refused },
      { network: "base", url: refused },
      { network: "nourl", unread: "no JSON-RPC URL" },
    ];

    it("one addresses file (no {network}): its address shown once, its code on the networks that answer, only those counted, the others named", async () => {
      const file = path.join(dir, "addresses.json");
      fs.writeFileSync(file, JSON.stringify({ multiAccountAddress: A }));
      const log = capture();
      const survey = await showAllNetworks(sixNetworks(), { addressesFile: file, json: false }, { logger: log });
      expect(log.lines).to.deep.equal([
        `multiAccountAddress on every configured network (one addresses file serves every network: ${file})`,
        `networks           multiAccountAddress                         code`,
        `-----------------  ------------------------------------------  ${"-".repeat(59)}`,
        `every network (6)  ${A}  yes on localhost (31337), bsc (56); NO CODE on mode (34443)`,
        `${A} has code on 2 of 3 reachable network(s); no code on: mode.`,
        `Unreachable, not checked (2): mainnet, base (connection refused).`,
        `Not asked (1): nourl (no JSON-RPC URL).`,
      ]);
      expect(survey).to.include({ shared: true, reference: A });
      expect(survey.networks.map((r) => [r.network, r.chainId, r.code])).to.deep.equal([
        ["localhost", 31337, "yes"],
        ["bsc", 56, "yes"],
        ["mode", 34443, "NO CODE"],
        ["mainnet", undefined, "unreachable"],
        ["base", undefined, "unreachable"],
        ["nourl", undefined, "not checked"],
      ]);
    });

    it("one addresses file without a multiAccountAddress: said once, nothing counted", async () => {
      const file = path.join(dir, "addresses.json");
      fs.writeFileSync(file, JSON.stringify({ protocolAddress: B }));
      const log = capture();
      await showAllNetworks(sixNetworks(), { addressesFile: file, json: false }, { logger: log });
      expect(log.lines.slice(3)).to.deep.equal([
        `every network (6)  (none)               no multiAccountAddress`,
        `Nothing to check on a chain: no multiAccountAddress.`,
      ]);
    });

    it("an addresses file per network: a row each; the summary compares the networks that answer, whatever the others record, and names those", async () => {
      // The three that cannot be checked record B, the majority of all six: the reachable majority, A, is still the reference.
      for (const [network, address] of [
        ["localhost", A],
        ["bsc", A],
        ["mode", B],
        ["mainnet", B],
        ["base", B],
      ])
        write(network, { multiAccountAddress: address });
      write("nourl", { multiAccountAddress: B });
      const log = capture();
      const survey = await showAllNetworks(sixNetworks(), { addressesFile: pattern(), json: false }, { logger: log });
      expect(log.lines).to.deep.equal([
        `multiAccountAddress on every configured network (an addresses file per network: ${pattern()})`,
        `network    chain  multiAccountAddress                         code`,
        `---------  -----  ------------------------------------------  -------------------------------  -------`,
        `localhost  31337  ${A}  yes`,
        `bsc        56     ${A}  yes`,
        `mode       34443  ${B}  NO CODE                          DIFFERS`,
        `mainnet    ?      ${B}  unreachable: connection refused  DIFFERS`,
        `base       ?      ${B}  unreachable: connection refused  DIFFERS`,
        `nourl      ?      ${B}  no JSON-RPC URL                  DIFFERS`,
        `1 reachable network(s) differ from ${A} (recorded on 2 of 3 reachable): mode.`,
        `No code at the recorded address on: mode.`,
        `Unreachable, not checked (2): mainnet, base (connection refused).`,
        `Not asked (1): nourl (no JSON-RPC URL).`,
      ]);
      expect(survey).to.include({ shared: false, reference: A });
    });
  });

  it("{network} in the addresses file stands for the network's name, and a name cannot leave the folder", () => {
    const config = resolveMultiAccountConfig({ addressesFile: "output/{network}/addresses.json" }, "/project");
    expect(addressesFileOption(undefined, config, "/project", "bsc")).to.equal(path.resolve("/project/output/bsc/addresses.json"));
    expect(addressesFileOption("records/{network}.json", config, "/project", "base")).to.equal(path.resolve("/project/records/base.json"));
    expect(addressesFileOption("plain.json", config, "/project", "base")).to.equal(path.resolve("/project/plain.json"));
    for (const bad of ["../x", "a/b", "..", ""]) {
      expect(() => addressesFileFor("/p/{network}.json", bad), bad).to.throw(InputError, /cannot stand for \{network\}/);
    }
    expect(addressesFileFor("/p/plain.json", "../x")).to.equal("/p/plain.json");
  });
});
