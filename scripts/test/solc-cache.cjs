// The solc output cache the test suite uses (MULTIACCOUNT_SOLC_CACHE, unless set): one folder for
// every run on this machine, beside the host installs kept between runs (test/hardhat/helpers/hosts.ts),
// shared by this repository's compile, its fixture projects, the host projects and their copies.
// An entry is named by the hash of the compiler's file and of the whole standard-JSON input, so a
// kept output is the one solc gives for that input; the cache's size bound applies
// (MULTIACCOUNT_SOLC_CACHE_MAX_MB, 256 MiB). solc itself still runs in every run: in the tests of
// the cache (test/hardhat/internal/compiler/output-cache.test.ts, each with a folder of its own),
// for a source a test changes, and for the upgrades plugin's namespaced-storage compiles, whose
// inputs name their placeholders with random numbers. Read by .mocharc.js and scripts/test/run.cjs.
const path = require("path");

module.exports = path.join(require("./machine.cjs"), "solc-output");
