// The config the tests run this project's Hardhat processes with (test/hardhat/helpers/processes.ts
// names it in HARDHAT_CONFIG, as `--config hardhat.config.js` would; Hardhat 2 finds the repository's
// hardhat.config.ts before a JavaScript config here). It is hardhat.config.ts, loaded with
// scripts/ts-node/require-ts.cjs in place of ts-node. In-process tests load hardhat.config.ts.
require("../../../scripts/ts-node/require-ts.cjs");
module.exports = require("./hardhat.config.ts");
