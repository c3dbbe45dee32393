// A loopback HTTP server speaking the part of the Etherscan API that contract verification uses.
import http from "http";
import type { AddressInfo } from "net";

export type ExplorerMode = "verify" | "reject";

export interface ExplorerRequest {
  method: string;
  action: string;
  params: Record<string, string>;
}

export interface LoopbackExplorer {
  url: string;
  requests: ExplorerRequest[];
  close(): Promise<void>;
}

export async function startExplorer(mode: ExplorerMode): Promise<LoopbackExplorer> {
  const requests: ExplorerRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const query = new URL(req.url ?? "/", "http://127.0.0.1").searchParams;
      const params = Object.fromEntries(req.method === "POST" ? new URLSearchParams(body) : query);
      const action = params.action ?? "";
      requests.push({ method: req.method ?? "", action, params });
      const reply = (payload: unknown) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (action === "getsourcecode") return reply({ status: "1", message: "OK", result: [{ SourceCode: "" }] });
      if (action === "verifysourcecode") return reply({ status: "1", message: "OK", result: "guid-1" });
      if (action === "checkverifystatus") {
        return reply(mode === "verify" ? { status: "1", message: "OK", result: "Pass - Verified" } : { status: "0", message: "NOTOK", result: "Fail - Unable to verify" });
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
