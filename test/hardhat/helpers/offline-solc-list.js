// @nomiclabs/hardhat-etherscan downloads solc's version list before it verifies, which this offline
// machine cannot. mockSolcList answers that one request from an undici MockAgent and lets loopback
// traffic (node, explorer) through. Preloaded with `node --require` into Hardhat child processes,
// this file installs it there by itself; in-process tests call mockSolcList and restore afterwards.
"use strict";

function mockSolcList(undici) {
  const agent = new undici.MockAgent();
  agent.disableNetConnect();
  agent.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
  agent
    .get("https://solc-bin.ethereum.org")
    .intercept({ path: "/bin/list.json", method: "GET" })
    .reply(200, { releases: { "0.8.24": "soljson-v0.8.24+commit.e11b9ed9.js" }, latestRelease: "0.8.24", builds: [] })
    .persist();
  return agent;
}

module.exports = { mockSolcList };

// Preloaded (`node --require`, whose requiring module is Node's "internal/preload"): install it for
// the whole process, with the project's own undici.
if (module.parent === null || module.parent === undefined || module.parent.id === "internal/preload") {
  const undici = require(require.resolve("undici", { paths: [process.cwd()] }));
  undici.setGlobalDispatcher(mockSolcList(undici));
}
