// What `multiaccount-kit/hardhat` exports beside its side effects, used as a project's own code uses
// it on Hardhat 2: run a task by its exported name, and catch a failure by its exported class. The
// packed package is checked the same way in each host project (hosts/stacks.test.ts).
import { expect } from "chai";
import fs from "fs";
import os from "os";
import path from "path";
import type * as Entry from "../../../src/hardhat/hardhat2";
import { FIXTURES, linkPackage, useEnvironment } from "../helpers/environment";
import { runHardhat } from "../helpers/processes";

describe("multiaccount-kit/hardhat exports (Hardhat 2)", function () {
  // Made in a hook, not when the file loads: a run that filters this suite out (--grep) leaves nothing behind.
  let dir: string;
  let file: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mak-entry-"));
    file = path.join(dir, "addresses.json");
  });
  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  describe("in a project's script (`hardhat run`)", () => {
    // A process of its own: in this mocha process, resetHardhatContext() between fixtures can leave
    // two copies of the plugin's modules, and `instanceof` would compare classes of different copies.
    let checks: Record<string, Record<string, unknown>>;

    before(async () => {
      const fixture = path.join(FIXTURES, "deployer");
      linkPackage(fixture);
      const result = await runHardhat(fixture, ["run", "--no-compile", "scripts/use-exports.ts"], { ADDRESSES_FILE: file });
      expect(result.code, result.output).to.equal(0);
      const lines = result.stdout.split("\n").filter((line) => line.startsWith("{"));
      checks = Object.fromEntries(lines.map((line) => JSON.parse(line)).map((check) => [check.check, check]));
    });

    it("hre.run(TASK_ADDRESSES_SHOW) on a corrupt record throws an AddressesFileError, a MultiAccountKitError", () => {
      const check = checks["corrupt record"];
      expect(check, JSON.stringify(checks)).to.include({ addressesFileError: true, multiAccountKitError: true, untouched: true });
      expect(check.message).to.match(/Addresses file .*addresses\.json: not valid JSON/);
    });

    it("hre.run(TASK_DEPLOY_MULTIACCOUNT) with an invalid admin throws an InputError and sends nothing", () => {
      const check = checks["invalid admin"];
      expect(check, JSON.stringify(checks)).to.include({ inputError: true, multiAccountKitError: true, printedWithStack: true, sent: 0 });
      expect(check.message).to.match(/Invalid admin address "0xNOTANADDRESS"/);
    });
  });

  describe("in-process, on a fixture", () => {
    const env = useEnvironment("custom-names", () => ({ ADDRESSES_FILE: file }));
    // The entry as the fixture's config loaded it (it needs a Hardhat context to load at all).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only once the fixture's Hardhat context exists
    const entry = () => require("../../../src/hardhat/hardhat2") as typeof Entry;

    it("names the tasks the plugin registers", () => {
      const { TASK_ADDRESSES_SHOW, TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT } = entry();
      const names = [TASK_DEPLOY_MULTIACCOUNT, TASK_UPGRADE_MULTIACCOUNT, TASK_ADDRESSES_SHOW];
      expect(names).to.deep.equal(["deploy-multiaccount", "upgrade-multiaccount", "addresses:show"]);
      for (const name of names) expect(env.hre.tasks[name], name).to.not.equal(undefined);
    });

    it("types the config section: MultiAccountUserConfig in, MultiAccountConfig resolved", () => {
      const user: Entry.MultiAccountUserConfig = { contract: "AccountHub", rpc: { retries: 2 } };
      const resolved: Entry.MultiAccountConfig = env.hre.config.multiAccount;
      const rpc: Entry.RpcRetryConfig = resolved.rpc;
      expect(resolved.contract).to.equal(user.contract);
      expect(resolved.addressesFile).to.equal(file);
      expect(rpc.retries).to.equal(6);
    });
  });
});
