// The line a Hardhat 3 deploy or upgrade prints about the build profile it compiled with, from the
// profiles as Hardhat 3 resolves them (the host projects' runs print it from a real config).
import { expect } from "chai";
import { describeBuildProfile, type ProfileLike } from "../../../../src/hardhat/internal/compiler/build-profile";

const profile = (runs: number | undefined, evmVersion = "paris"): ProfileLike => ({
  compilers: [{ version: "0.8.24", settings: { optimizer: runs === undefined ? { enabled: false } : { enabled: true, runs }, evmVersion } }],
});

describe("the build profile a Hardhat 3 task compiles with", () => {
  it("one version in the config (production and default built alike): the profile and its settings", () => {
    expect(describeBuildProfile("production", { default: profile(200), production: profile(200) }, false)).to.equal(
      "Build profile:  production (solc 0.8.24, optimizer 200 runs, evm paris)"
    );
  });

  it("a default profile of its own, as `npx hardhat --init` writes: says what it has and how to build with it", () => {
    expect(describeBuildProfile("production", { default: profile(1000), production: profile(200) }, false)).to.equal(
      'Build profile:  production (solc 0.8.24, optimizer 200 runs, evm paris); your "default" profile differs ' +
        "(solc 0.8.24, optimizer 1000 runs, evm paris): pass --build-profile default to build with it"
    );
    expect(describeBuildProfile("production", { default: profile(undefined, "cancun"), production: profile(200) }, false)).to.include(
      '"default" profile differs (solc 0.8.24, optimizer off, evm cancun)'
    );
  });

  it("a profile --build-profile named: said so, and no hint", () => {
    expect(describeBuildProfile("default", { default: profile(1000), production: profile(200) }, true)).to.equal(
      "Build profile:  default (solc 0.8.24, optimizer 1000 runs, evm paris), from --build-profile"
    );
  });
});
