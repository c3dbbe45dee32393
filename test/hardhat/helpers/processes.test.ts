// startNode when the port it was given is taken by the time the node listens (another process's
// server, or a client's ephemeral port): the node exits with EADDRINUSE, and startNode starts it again
// on another port, so that no test fails for a port it never chose.
import { expect } from "chai";
import net from "net";
import path from "path";
import { FIXTURES, NODE_ONLY_CONFIG } from "./environment";
import { freePort, startNode } from "./processes";

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
