// mocha's spec reporter, then each file's time (top-level suites, hooks included), slowest first,
// in lines that start with "time:": wall time, and processor time (user + system) of this process and
// of its children reaped meanwhile (/proc/self/stat on Linux), so a child counts for the file it ends in.
const fs = require("fs");
const path = require("path");
const Mocha = require("mocha");

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Node.js supports

/** Processor seconds of this process and its reaped descendants so far. */
function processorSeconds() {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    // The fields after the command name (which may hold spaces), from field 3 on: utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
}

class FileTimes extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = new Map();
    const totals = new Map();
    runner.on(Mocha.Runner.constants.EVENT_SUITE_BEGIN, (suite) => {
      if (suite.parent?.root && suite.file) started.set(suite, { ms: Date.now(), cpu: processorSeconds() });
    });
    runner.on(Mocha.Runner.constants.EVENT_SUITE_END, (suite) => {
      const start = started.get(suite);
      if (start === undefined) return;
      const total = totals.get(suite.file) ?? { ms: 0, cpu: 0 };
      totals.set(suite.file, { ms: total.ms + Date.now() - start.ms, cpu: total.cpu + processorSeconds() - start.cpu });
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms);
      for (const [file, { ms, cpu }] of rows) {
        const seconds = (ms / 1000).toFixed(1).padStart(6);
        process.stdout.write(`time: ${seconds} s  processor ${cpu.toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), file)}\n`);
      }
    });
  }
}

module.exports = FileTimes;
