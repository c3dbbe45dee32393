// The test run's work folder, under the system's temporary folder: the host projects' installs, the
// Node.js downloads, the loopback verifier's install and the solc output cache. `npm test`
// (run.cjs) makes one for all its lanes (MULTIACCOUNT_TEST_WORK); a mocha process started alone makes
// its own. Whoever made it has it removed when it exits, by a process of its own: a few GB of
// installs take a while to delete, and the run need not wait for it.
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

if (process.env.MULTIACCOUNT_TEST_WORK === undefined) {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), "multiaccount-kit-test-"));
  process.env.MULTIACCOUNT_TEST_WORK = made;
  process.on("exit", () => spawn("rm", ["-rf", made], { detached: true, stdio: "ignore" }).unref());
}
// Every compile of the run shares one solc output cache (the plugin's, src/hardhat/internal/compiler/output-cache.ts).
process.env.MULTIACCOUNT_SOLC_CACHE ??= path.join(process.env.MULTIACCOUNT_TEST_WORK, "solc-output");

module.exports = process.env.MULTIACCOUNT_TEST_WORK;
