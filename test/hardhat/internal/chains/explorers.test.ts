// Where verification goes, chain by chain, and the request rules that keep Etherscan API V2 requests
// whole whichever explorer plugin sends them. Pure functions: no network, no Hardhat.
import { expect } from "chai";
import { CHAINS } from "../../../../src/hardhat/internal/chains/table";
import { ETHERSCAN_V2_API_URL, NO_KEY_NEEDED, noExplorerReason, tableRoute } from "../../../../src/hardhat/internal/chains/explorers";
import { routeRequest } from "../../../../src/hardhat/hardhat2/verification-routing";

describe("verification routes", () => {
  it("every Etherscan chain goes to V2 with its chainid; mode goes to its Blockscout", () => {
    for (const chain of CHAINS) {
      const route = tableRoute(chain.chainId, { ETHERSCAN_API_KEY: "k" })!;
      if (chain.network === "mode") {
        expect(route).to.deep.include({ kind: "blockscout", apiUrl: "https://explorer.mode.network/api", key: NO_KEY_NEEDED, linksProxies: false });
      } else {
        expect(route).to.deep.include({ kind: "etherscan-v2", apiUrl: `${ETHERSCAN_V2_API_URL}?chainid=${chain.chainId}`, key: "k", linksProxies: true });
      }
    }
    expect(tableRoute(31337, {})).to.equal(undefined);
  });

  it("the key: the configured one, else ETHERSCAN_API_KEY, else the chain's own V1-era variable with a notice", () => {
    expect(tableRoute(56, { ETHERSCAN_API_KEY: "one", BSCSCAN_API_KEY: "old" }, "configured")).to.deep.include({
      key: "configured",
      keySource: "hardhat.config",
      notice: undefined,
    });
    expect(tableRoute(56, { ETHERSCAN_API_KEY: "one", BSCSCAN_API_KEY: "old" })).to.deep.include({
      key: "one",
      keySource: "ETHERSCAN_API_KEY",
      notice: undefined,
    });
    const old = tableRoute(56, { BSCSCAN_API_KEY: "old-secret" })!;
    expect(old).to.deep.include({ key: "old-secret", keySource: "BSCSCAN_API_KEY" });
    expect(old.notice).to.equal("Etherscan API V2 takes one key for every chain: set ETHERSCAN_API_KEY. Using BSCSCAN_API_KEY for bsc meanwhile.");
    expect(old.notice).to.not.include("old-secret");
    expect(old.description).to.not.include("old-secret");
    expect(tableRoute(56, {})).to.deep.include({ key: "", notice: undefined });
    // The Etherscan key is not sent to another explorer.
    expect(tableRoute(34443, { ETHERSCAN_API_KEY: "one" })!.key).to.equal(NO_KEY_NEEDED);
  });

  it("ETHERSCAN_API_URL and MODE_EXPLORER_API_URL move the endpoints", () => {
    expect(tableRoute(10, { ETHERSCAN_API_URL: "http://127.0.0.1:7000/v2/api/" })!.apiUrl).to.equal("http://127.0.0.1:7000/v2/api?chainid=10");
    expect(tableRoute(34443, { MODE_EXPLORER_API_URL: "http://127.0.0.1:7001/api" })!.apiUrl).to.equal("http://127.0.0.1:7001/api");
  });
});

describe("why a chain without an explorer is not verified", () => {
  it("a node on this machine: it has no explorer, and none is to be added", () => {
    const reason = noExplorerReason({ network: "localhost", chainId: 31337, local: true, howToAdd: "add an etherscan.customChains entry" });
    expect(reason).to.equal(
      `network "localhost" (chain 31337) is a node on this machine, and a local node has no block explorer to verify on; verification runs when you deploy to a live network`
    );
    expect(reason).to.not.include("customChains");
  });
  it("a live chain: add the config entry that names its explorer", () => {
    expect(noExplorerReason({ network: "devnet", chainId: 4242, local: false, howToAdd: "add a chainDescriptors entry" })).to.equal(
      "no explorer is configured for chain 4242 (add a chainDescriptors entry)"
    );
  });
});

describe("request rules while an explorer plugin verifies", () => {
  const route = { apiUrl: "http://127.0.0.1:7000/v2/api?chainid=56" };

  it("put back the chainid a status check dropped, in the path when there is no query object", () => {
    const out = routeRequest({ origin: "http://127.0.0.1:7000", path: "/v2/api?module=contract&action=checkverifystatus&guid=g" }, route);
    expect(out.path).to.equal("/v2/api?module=contract&action=checkverifystatus&guid=g&chainid=56");
    expect(routeRequest({ origin: "http://127.0.0.1:7000", path: "/v2/api" }, route).path).to.equal("/v2/api?chainid=56");
  });

  it("put it in the query object when the request has one (undici refuses both)", () => {
    const out = routeRequest({ origin: "http://127.0.0.1:7000", path: "/v2/api", query: { module: "logs" } }, route);
    expect(out).to.deep.include({ path: "/v2/api", query: { module: "logs", chainid: "56" } });
  });

  it("leave a request that has its chainid, or goes elsewhere, as it is", () => {
    const has = { origin: "http://127.0.0.1:7000", path: "/v2/api?chainid=97&module=contract" };
    expect(routeRequest(has, route)).to.deep.include({ origin: "http://127.0.0.1:7000", path: has.path });
    const elsewhere = { origin: "https://sourcify.dev", path: "/server/verify" };
    expect(routeRequest(elsewhere, route)).to.deep.include(elsewhere);
  });

  it("send requests for Etherscan's own V2 endpoint to ETHERSCAN_API_URL's", () => {
    const out = routeRequest({ origin: "https://api.etherscan.io", path: "/v2/api?chainid=56&module=contract&action=getsourcecode" }, route);
    expect(out).to.deep.include({ origin: "http://127.0.0.1:7000", path: "/v2/api?chainid=56&module=contract&action=getsourcecode" });
    // With the default endpoint nothing moves.
    const same = routeRequest({ origin: "https://api.etherscan.io", path: "/v2/api?chainid=56" }, { apiUrl: `${ETHERSCAN_V2_API_URL}?chainid=56` });
    expect(same).to.deep.include({ origin: "https://api.etherscan.io", path: "/v2/api?chainid=56" });
  });
});
