// addresses:show --all-networks without Hardhat: each network's record read (one record per network
// through {network}, or one for all), its node asked over real JSON-RPC on loopback, and the
// networks that differ flagged. The plugin's tasks on real nodes: deterministic.test.ts and the host tests.
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
    expect(text).to.include(`1 network(s) differ from ${A} (recorded on 2 of 3): mode.`);
    expect(text).to.include("No code at the recorded address on: mode.");
    expect(text).to.not.include(SECRET);
  });

  it("the same address everywhere: nothing flagged", async () => {
    for (const network of ["bsc", "base", "mode"]) write(network, { multiAccountAddress: A });
    const log = capture();
    const survey = await showAllNetworks(targets().slice(0, 2), { addressesFile: pattern(), json: false }, { logger: log });
    expect(survey.networks.every((r) => !r.differs)).to.equal(true);
    expect(log.lines.join("\n")).to.include(`Every network that records a multiAccountAddress records ${A} (2 of 2).`);
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

  it("one record for every network (no {network} in the path): the same address, read on each chain", async () => {
    const file = path.join(dir, "addresses.json");
    fs.writeFileSync(file, JSON.stringify({ multiAccountAddress: A }));
    const log = capture();
    const survey = await showAllNetworks(targets(), { addressesFile: file, json: false }, { logger: log });
    expect(survey.networks.map((r) => r.code)).to.deep.equal(["yes", "yes", "NO CODE"]);
    expect(survey.networks.every((r) => r.file === file && !r.differs)).to.equal(true);
    expect(log.lines[0]).to.include(`one addresses file for all of them: ${file}`);
  });

  it("--json prints the survey as JSON", async () => {
    write("bsc", { multiAccountAddress: A });
    const log = capture();
    const survey = await showAllNetworks(targets().slice(0, 1), { addressesFile: pattern(), json: true }, { logger: log });
    expect(JSON.parse(log.lines.join("\n"))).to.deep.equal(JSON.parse(JSON.stringify(survey)));
    expect(survey.reference).to.equal(A);
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
