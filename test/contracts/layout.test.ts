// The storage layout is append-only: MultiAccount as compiled now must be upgrade-compatible with
// every released layout in contracts/layout/, by the check `upgrade-multiaccount` itself runs.
import { expect } from "chai";
import path from "path";
import hre from "hardhat";
import { currentLayout, readBaselines, storageUpgradeProblems, MULTI_ACCOUNT, BASELINE_DIR } from "../../scripts/layout/layout";

const REORDERED = "contracts/test/MultiAccountReorderedLayout.sol:MultiAccountReorderedLayout";

describe("MultiAccount storage layout", () => {
  const root = hre.config.paths.root;

  it(`has a released baseline in ${BASELINE_DIR}/`, async () => {
    const baselines = await readBaselines(root);
    expect(baselines.map(({ file }) => path.basename(file))).to.include("MultiAccount.v0.1.0.json");
    for (const { file, baseline } of baselines) {
      expect(baseline.contract, file).to.equal(MULTI_ACCOUNT);
      expect(path.basename(file), file).to.equal(`MultiAccount.v${baseline.version}.json`);
    }
  });

  it("is upgrade-compatible with every released baseline", async () => {
    const layout = await currentLayout(hre, MULTI_ACCOUNT);
    for (const { file, baseline } of await readBaselines(root)) {
      const problems = storageUpgradeProblems(baseline.layout, layout);
      if (problems !== undefined) {
        expect.fail(
          `upgrade-multiaccount would refuse to upgrade a ${baseline.version} proxy to this MultiAccount ` +
            `(baseline ${path.relative(root, file)}). Append new variables before __gap and shrink it by the slots they take; ` +
            `never reorder, retype or remove one.\n\n${problems}`
        );
      }
    }
  });

  it("reports a MultiAccount with two storage variables swapped as unsafe, naming the variable", async () => {
    const [{ baseline }] = await readBaselines(root);
    const problems = storageUpgradeProblems(baseline.layout, await currentLayout(hre, REORDERED));
    expect(problems).to.be.a("string");
    expect(problems).to.include("Deleted `delegatedAccesses`");
    expect(problems).to.match(/MultiAccountReorderedLayout\.sol:\d+: Inserted `delegatedAccesses`/);
  });
});
