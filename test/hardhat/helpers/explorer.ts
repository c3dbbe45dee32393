// A loopback stand-in for a block explorer's verification API, faithful where our tests depend on
// it. As Etherscan API V2 it answers only at /v2/api and only with a `chainid` in the query (POSTs
// included), and refuses the retired V1 path with Etherscan's own message; as a Blockscout it answers
// at /api with no chainid and no key. It records every request, and answers getLogs from a real node.
import http from "http";
import type { AddressInfo } from "net";

/** verify: every source passes; reject: every one fails; pending: every status check answers "Pending in queue", forever. */
export type ExplorerMode = "verify" | "reject" | "pending";
export type ExplorerKind = "etherscan-v2" | "blockscout";

export interface ExplorerRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** Query and form body together. */
  params: Record<string, string>;
  module: string;
  action: string;
  /** What the stand-in answered. */
  answer: { status: string; message: string; result: unknown };
}

export interface LoopbackExplorer {
  url: string;
  requests: ExplorerRequest[];
  /** The addresses whose source was accepted. */
  verified: Set<string>;
  /** From now on, accept (or refuse) sources. */
  setMode(mode: ExplorerMode): void;
  close(): Promise<void>;
}

export interface ExplorerOptions {
  mode?: ExplorerMode;
  kind?: ExplorerKind;
  /**
   * A node to answer `module=logs&action=getLogs` from (the upgrades plugin finds proxies' creation
   * that way); given the request's chainid, it may pick the node of that chain.
   */
  rpc?: (method: string, params: unknown[], chainId?: string) => Promise<unknown>;
}

export const V1_RETIRED = "You are using a deprecated V1 endpoint, switch to Etherscan API V2 using https://docs.etherscan.io/v2-migration";
export const CHAINID_MISSING =
  "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids";

const ok = (result: unknown) => ({ status: "1", message: "OK", result });
const notOk = (result: unknown, message = "NOTOK") => ({ status: "0", message, result });

export async function startExplorer(modeOrOptions: ExplorerMode | ExplorerOptions = {}): Promise<LoopbackExplorer> {
  const options: ExplorerOptions = typeof modeOrOptions === "string" ? { mode: modeOrOptions } : modeOrOptions;
  let mode = options.mode ?? "verify";
  const kind = options.kind ?? "etherscan-v2";
  const requests: ExplorerRequest[] = [];
  const verified = new Set<string>();
  const pending = new Map<string, string>();
  let submissions = 0;

  async function answer(path: string, query: Record<string, string>, params: Record<string, string>) {
    if (kind === "etherscan-v2") {
      if (path === "/api") return notOk(V1_RETIRED);
      if (path !== "/v2/api") return undefined;
      if (!/^\d+$/.test(query.chainid ?? "")) return notOk(CHAINID_MISSING);
      if (!params.apikey) return notOk("Missing/Invalid API Key");
    } else if (path !== "/api") {
      return undefined;
    }
    const action = `${params.module}/${params.action}`;
    switch (action) {
      case "contract/getsourcecode":
        return ok([{ SourceCode: verified.has((params.address ?? "").toLowerCase()) ? "// verified" : "" }]);
      case "contract/verifysourcecode": {
        const guid = `guid-${++submissions}`;
        pending.set(guid, (params.contractaddress ?? "").toLowerCase());
        return ok(guid);
      }
      case "contract/checkverifystatus": {
        const address = pending.get(params.guid ?? "");
        if (address === undefined) return notOk("Unknown UID");
        if (mode === "reject") return notOk("Fail - Unable to verify");
        if (mode === "pending") return notOk("Pending in queue");
        verified.add(address);
        return ok("Pass - Verified");
      }
      case "contract/verifyproxycontract":
        pending.set(`proxy-${params.address}`, (params.expectedimplementation ?? "").toLowerCase());
        return ok(`proxy-${params.address}`);
      case "contract/checkproxyverification": {
        const implementation = pending.get(params.guid ?? "");
        if (implementation === undefined) return notOk("Unknown UID");
        return ok(`The proxy's (${params.guid.slice("proxy-".length)}) implementation contract is found at ${implementation} and is successfully updated.`);
      }
      case "logs/getLogs": {
        if (options.rpc === undefined) return notOk([], "No records found");
        const logs = (await options.rpc(
          "eth_getLogs",
          [{ address: params.address, topics: [params.topic0], fromBlock: "0x0", toBlock: "latest" }],
          query.chainid
        )) as unknown[];
        return logs.length === 0 ? notOk([], "No records found") : ok(logs);
      }
      default:
        return notOk("Error! Missing Or invalid Action name");
    }
  }

  async function respond(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const query = Object.fromEntries(url.searchParams);
    const form = req.method === "POST" ? Object.fromEntries(new URLSearchParams(body)) : {};
    const params = { ...query, ...form };
    const reply = await answer(url.pathname, query, params).catch((error: Error) => notOk(error.message));
    if (reply === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    requests.push({ method: req.method ?? "", path: url.pathname, query, params, module: params.module ?? "", action: params.action ?? "", answer: reply });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(reply));
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    // A failure outside `answer` (which turns its own errors into NOTOK replies) drops the connection.
    req.on("end", () => {
      respond(req, body, res).catch((error: Error) => res.destroy(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    verified,
    setMode: (next) => void (mode = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
