// mocha's spec reporter, followed by the time each file took (its top-level suites, hooks included),
// slowest first: where a lane's time goes. `npm test` uses it; the lines start with "time:".
const path = require("path");
const Mocha = require("mocha");

class FileTimes extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = new Map();
    const totals = new Map();
    runner.on(Mocha.Runner.constants.EVENT_SUITE_BEGIN, (suite) => {
      if (suite.parent?.root && suite.file) started.set(suite, Date.now());
    });
    runner.on(Mocha.Runner.constants.EVENT_SUITE_END, (suite) => {
      if (!started.has(suite)) return;
      totals.set(suite.file, (totals.get(suite.file) ?? 0) + Date.now() - started.get(suite));
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const rows = [...totals].sort((a, b) => b[1] - a[1]);
      for (const [file, ms] of rows) process.stdout.write(`time: ${(ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), file)}\n`);
    });
  }
}

module.exports = FileTimes;
