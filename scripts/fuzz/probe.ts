import fc from "fast-check";
import { COMMANDS } from "../../test/notifications/live/cross-tab/model/commands";
import { emptyModel } from "../../test/notifications/live/cross-tab/model/model";
import { World } from "../../test/notifications/live/cross-tab/model/world";
import { startModelHedger } from "../../test/notifications/live/cross-tab/model/harness";
(async () => {
  const hedger = await startModelHedger();
  const samples = fc.sample(fc.commands(COMMANDS, { maxCommands: 20, size: "max" }), { seed: 3, numRuns: 3 });
  let i = 0;
  for (const cmds of samples) {
    const w = new World(hedger, "0x" + String(++i).padStart(40, "0"));
    const m = emptyModel();
    const t = Date.now();
    await fc.asyncModelRun(() => ({ model: m, real: w }), cmds);
    console.log(String(cmds), Date.now() - t, "ms");
    console.log(JSON.stringify(m.tabs.map((t) => [t.key, t.frozen, [...t.reads]])), hedger.history(w.account).length);
    for (const t of w.tabs.values()) console.log(t.key, t.state().unreadNotifications.length, t.state().readNotifications.length, t.state().connectionStatus);
    w.dispose();
  }
  await hedger.close();
  process.exit(0);
})();
