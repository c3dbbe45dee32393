// Runs examples/notifications-store as a user would, so that the README's example never rots. It
// imports the package by its name; scripts/examples/from-source.cjs resolves that to src/.
import { expect } from "chai";
import { spawnSync } from "child_process";
import * as path from "path";

const root = path.resolve(__dirname, "../..");

describe("examples/notifications-store", () => {
  it("fetches from its loopback hedger, prints the lists and exits 0", () => {
    const run = spawnSync(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "-r", "./scripts/examples/from-source.cjs", "examples/notifications-store/index.ts"],
      {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
      }
    );
    expect(run.stderr).to.equal("");
    expect(run.status).to.equal(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).to.deep.equal([
      "fetched 3 notifications for 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4",
      "status OK, lastUpdateTimestamp 1700000300",
      "unread (2)",
      "  - Hedger Error | Failed To Put On Exchange | quote 102 | modified 1700000300",
      "  - Seen by hedger | Open Order | quote 101 | modified 1700000100",
      "partial fills (1)",
      "  - Partial Fill | Fill Limit Order Open | quote 101 | modified 1700000200",
      "marked n-3 as read",
      "unread (1)",
      "  - Seen by hedger | Open Order | quote 101 | modified 1700000100",
      "read (1)",
      "  - Hedger Error | Failed To Put On Exchange | quote 102 | modified 1700000300",
    ]);
  });
});
