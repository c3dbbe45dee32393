// The folder of this machine's system temporary directory where the test suite keeps, between runs
// and for every checkout, what is named by its content: the host projects' shared installs and the
// Node.js downloads (test/hardhat/helpers/hosts.ts, whose WORK it is), the solc output cache
// (solc-cache.cjs), the type check's incremental state and the format check's entries (run.cjs).
const os = require("os");
const path = require("path");

module.exports = path.join(os.tmpdir(), "multiaccount-kit-hosts");
