// The "did you mean" of a mistyped name: the edit distance, and which candidate is offered.
import { expect } from "chai";
import { editDistance, nearestName } from "../../../../src/hardhat/internal/output/nearest-name";

const NETWORKS = ["hardhat", "localhost", "mainnet", "bsc", "bscTestnet", "sepolia", "arbitrum", "base"];

describe("nearestName: the configured name a typo meant", () => {
  describe("editDistance", () => {
    it("counts one for each insertion, deletion and substitution", () => {
      expect(editDistance("localhost", "localhost")).to.equal(0);
      expect(editDistance("locahost", "localhost")).to.equal(1);
      expect(editDistance("localhosts", "localhost")).to.equal(1);
      expect(editDistance("locelhost", "localhost")).to.equal(1);
      expect(editDistance("", "bsc")).to.equal(3);
      expect(editDistance("kitten", "sitting")).to.equal(3);
    });
    it("counts a swap of two neighbouring characters as one", () => {
      expect(editDistance("lcoalhost", "localhost")).to.equal(1);
      expect(editDistance("bcs", "bsc")).to.equal(1);
    });
    it("ignores letter case", () => {
      expect(editDistance("Localhost", "localhost")).to.equal(0);
      expect(editDistance("BSCTESTNET", "bscTestnet")).to.equal(0);
    });
  });

  it("offers the nearest network for a missing letter, an extra one, a wrong one and a swap", () => {
    expect(nearestName("locahost", NETWORKS)).to.equal("localhost");
    expect(nearestName("mainnnet", NETWORKS)).to.equal("mainnet");
    expect(nearestName("sepolai", NETWORKS)).to.equal("sepolia");
    expect(nearestName("bsctestnet", NETWORKS)).to.equal("bscTestnet");
    expect(nearestName("Localhost", NETWORKS)).to.equal("localhost");
  });
  it("offers the one name a prefix begins", () => {
    expect(nearestName("local", NETWORKS)).to.equal("localhost");
    expect(nearestName("arb", NETWORKS)).to.equal("arbitrum");
  });
  it("offers nothing when no name is near, or a prefix begins several", () => {
    expect(nearestName("polygon", NETWORKS)).to.equal(undefined);
    expect(nearestName("eth", NETWORKS)).to.equal(undefined);
    expect(nearestName("bsc", ["bscTestnet", "bscMainnet"])).to.equal(undefined);
    expect(nearestName("x", NETWORKS)).to.equal(undefined);
    expect(nearestName("locahost", [])).to.equal(undefined);
  });
  it("prefers the nearer of two near names, and the first of two as near", () => {
    expect(nearestName("bsc1", ["bscTestnet", "bsc"])).to.equal("bsc");
    expect(nearestName("base", ["bsae", "baes"])).to.equal("bsae");
  });
  it("never offers the name itself", () => {
    expect(nearestName("bsc", ["bsc"])).to.equal(undefined);
  });
});
