// `npm test`: the checks and every mocha file, in two lanes that run side by side on a 2-core
// machine, because they share no port, no fixture project and no build output:
// - hosts: the host projects (their installs from the packed tarball, the runs in them) and the
//   other tests that build dist/ or pack the package. Much of its time is spent waiting (fault
//   injection, installs, child processes starting), which the other lane fills.
// - main: the type check, the lint and the compile, then every other mocha file (contracts, the
//   in-process and fixture-project plugin tests, notifications, browsers, docs, demo).
// Each lane's output is kept whole and printed when the lane ends (and written to
// test-output/test-run/<lane>.log as it comes), then one line sums the tests of both.
// `npx mocha` still runs every file in one process, one after the other.
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");

const ROOT = path.join(__dirname, "..", "..");
const LOGS = path.join(ROOT, "test-output", "test-run");
/** Paths (relative to the root, with "/") whose files go to the hosts lane. */
const HOSTS_LANE = ["test/hardhat/hosts/", "test/package/", "test/hardhat/package.test.ts", "test/api/"];

function testFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory() && relative !== "test/fixture-projects") files.push(...testFiles(relative));
    else if (/\.test\.tsx?$/.test(entry.name)) files.push(relative);
  }
  return files.sort();
}

const npm = (script) =>
  process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, "run", "--silent", script]] : ["npm", ["run", "--silent", script]];
const mocha = (files) => [process.execPath, [require.resolve("mocha/bin/mocha.js")], { MOCHA_SPEC: files.join(",") }];

/** Runs the steps one after the other, stopping at the first that fails; resolves with the lane's result. */
function lane(name, steps) {
  const log = fs.createWriteStream(path.join(LOGS, `${name}.log`));
  const started = Date.now();
  let output = "";
  const write = (chunk) => {
    output += chunk;
    log.write(chunk);
  };
  const run = ([command, args, env = {}]) =>
    new Promise((resolve) => {
      const shown = [path.basename(command), ...args.map((arg) => path.basename(arg))].join(" ");
      process.stdout.write(`[${name} lane] ${shown}\n`);
      write(`\n$ ${shown}\n`);
      const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", write);
      child.stderr.on("data", write);
      child.on("error", (error) => {
        write(`${error.message}\n`);
        resolve(1);
      });
      child.on("close", (code) => resolve(code ?? 1));
    });
  return (async () => {
    let code = 0;
    for (const step of steps) {
      code = await run(step);
      if (code !== 0) break;
    }
    await new Promise((resolve) => log.end(resolve));
    return { name, code, output, seconds: (Date.now() - started) / 1000 };
  })();
}

// eslint-disable-next-line no-control-regex -- ANSI escapes start with ESC
const plain = (text) => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");
const count = (text, word) => [...plain(text).matchAll(new RegExp(`^\\s*(\\d+) ${word}`, "gm"))].reduce((sum, match) => sum + Number(match[1]), 0);

/** The part of a failed lane's output that says why: mocha's failure list, else the step's last lines. */
function failures(output) {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => /^\s*\d+ failing/.test(plain(line)));
  const shown = start >= 0 ? lines.slice(start) : lines.slice(-60);
  return shown.slice(0, 200).join("\n");
}

async function main() {
  fs.mkdirSync(LOGS, { recursive: true });
  const files = testFiles("test");
  const inHosts = (file) => HOSTS_LANE.some((prefix) => file === prefix || file.startsWith(prefix));
  const lanes = [
    lane("main", [npm("typecheck"), npm("lint"), npm("compile"), mocha(files.filter((file) => !inHosts(file)))]),
    lane("hosts", [mocha(files.filter(inHosts))]),
  ].map((running) =>
    running.then((result) => {
      process.stdout.write(`\n===== ${result.name} lane: exit ${result.code}, ${result.seconds.toFixed(0)} s =====\n${result.output}\n`);
      return result;
    })
  );
  const results = await Promise.all(lanes);
  const passed = results.reduce((sum, result) => sum + count(result.output, "passing"), 0);
  const failed = results.reduce((sum, result) => sum + count(result.output, "failing"), 0);
  // CI keeps only the tail of what a run prints: the failures come again here, last, where it shows them.
  for (const result of results.filter((result) => result.code !== 0)) {
    process.stdout.write(`\n===== ${result.name} lane failed; its failures again =====\n${failures(result.output)}\n`);
  }
  for (const result of results) process.stdout.write(`${result.name} lane: exit ${result.code} after ${result.seconds.toFixed(0)} s\n`);
  const failedLanes = results.filter((result) => result.code !== 0).length;
  // A lane that failed before mocha ran (the type check, the lint) counts as a failure of its own.
  process.stdout.write(`${passed} passed, ${Math.max(failed, failedLanes)} failed\n`);
  process.exitCode = failedLanes === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
