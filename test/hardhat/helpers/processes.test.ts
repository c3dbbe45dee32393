// startNode when the port it was given is taken by the time the node listens (another process's
// server, or a client's ephemeral port): the node exits with EADDRINUSE, and startNode starts it again
// on another port, so that no test fails for a port it never chose. And the tests' JSON-RPC client
// when the server closes a kept-alive connection as a request goes out on it.
import { expect } from "chai";
import http from "http";
import net from "net";
import path from "path";
import { FIXTURES, NODE_ONLY_CONFIG } from "./environment";
import { closedUnanswered, freePort, jsonRpcClient, startNode } from "./processes";

describe("startNode", () => {
  it("a port taken before the node listens: started again on another, answering JSON-RPC there", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const takenPort = (taken.address() as net.AddressInfo).port;
    const given: number[] = [];
    const ports = async () => {
      const port = given.length === 0 ? takenPort : await freePort();
      given.push(port);
      return port;
    };
    try {
      const node = await startNode(path.join(FIXTURES, "deployer"), { globalArgs: ["--config", NODE_ONLY_CONFIG], ports });
      try {
        expect(given).to.have.length(2);
        expect(node.url).to.equal(`http://127.0.0.1:${given[1]}`);
        expect(await node.rpc<string>("eth_chainId")).to.equal("0x7a69");
      } finally {
        await node.stop();
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("the tests' JSON-RPC client", () => {
  it("sends a request once more, on a new connection, when its connection closed unanswered (an idle kept-alive one closing); only once", async () => {
    // Closes the connection of the requests whose numbers it is given, unanswered; answers the others.
    const dropped = new Set([2, 4, 5]);
    const seen: Array<{ method: string; answered: boolean }> = [];
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        const answered = !dropped.has(seen.length + 1);
        seen.push({ method, answered });
        if (!answered) return request.socket.destroy();
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ jsonrpc: "2.0", id, result: `${method} ok` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    // undici's codes, or node-fetch's where a module put it in place of the global fetch.
    const failure = (error: Error & { code?: string; cause?: { code?: string } }) => (closedUnanswered(error) ? "closed" : (error.cause?.code ?? error.code));
    try {
      const rpc = jsonRpcClient(url);
      expect(await rpc<string>("eth_chainId")).to.equal("eth_chainId ok");
      expect(await rpc<string>("eth_blockNumber"), "answered the second time").to.equal("eth_blockNumber ok");
      expect(await rpc("eth_gasPrice").then(() => "answered", failure), "closed twice: no third try").to.equal("closed");
      expect(seen).to.deep.equal([
        { method: "eth_chainId", answered: true },
        { method: "eth_blockNumber", answered: false },
        { method: "eth_blockNumber", answered: true },
        { method: "eth_gasPrice", answered: false },
        { method: "eth_gasPrice", answered: false },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    // No server: the connection is refused, which is not a closed connection, and not tried again.
    expect(await jsonRpcClient(url)("eth_chainId").then(() => "answered", failure)).to.equal("ECONNREFUSED");
  });
});
