// The package's contracts compile with the project's own compilers, which the plugin leaves as they
// are: one of 0.8.20 or newer builds them; a config with none stops the compile with the fix named.
import { expect } from "chai";
import { packageCompilerProblem } from "../../../../src/hardhat/internal/compiler/sources";

describe("the package's contracts and the project's compilers", () => {
  it("a project compiler of 0.8.20 or a later 0.8 builds them: nothing to say", () => {
    expect(packageCompilerProblem(["0.8.28"])).to.equal(undefined);
    expect(packageCompilerProblem(["0.8.20"])).to.equal(undefined);
    expect(packageCompilerProblem(["0.8.24"])).to.equal(undefined);
    expect(packageCompilerProblem(["0.7.6", "0.8.19", "0.8.30"])).to.equal(undefined);
  });

  it("only older compilers (or a 0.9): the problem names the project's compilers and the fix", () => {
    for (const versions of [["0.8.19"], ["0.7.6", "0.8.17"], ["0.9.0"]]) {
      const problem = packageCompilerProblem(versions);
      expect(problem, versions.join(", ")).to.be.a("string");
      expect(problem).to.include("pragma ^0.8.20");
      expect(problem).to.include(`this project's solidity config has ${versions.join(", ")}`);
      // The fix keeps the project's compiler and adds one beside it, with its offline solc.
      expect(problem).to.include(`solidity: { compilers: [{ version: "${versions[versions.length - 1]}" }, { version: "0.8.28" }] }`);
      expect(problem).to.include("npm install --save-dev --save-exact solc@0.8.28");
      expect(problem).to.include("multiAccount.includeContracts: false");
    }
  });

  it("no compiler at all: says so", () => {
    expect(packageCompilerProblem([])).to.include("this project's solidity config has none.");
  });

  it("an override for one of the package's files: the project chose its compiler, nothing to say", () => {
    expect(packageCompilerProblem(["0.8.19"], ["multiaccount-kit/contracts/multiAccount/MultiAccount.sol"])).to.equal(undefined);
    expect(packageCompilerProblem(["0.8.19"], ["contracts/Lock.sol"])).to.be.a("string");
  });
});
