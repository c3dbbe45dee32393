// `npm test`: the checks and every mocha file, in three lanes that run side by side on a 2-core
// machine, because they share no port, no fixture project and no build output:
// - main: the compile, then the mocha files that use this repository's own Hardhat project or its
//   fixture projects (the plugin in-process and in the fixture projects). The
//   longest chain of work that needs a processor: it starts first.
// - hosts: the host projects (every install from the packed tarball started at once, then the runs
//   in them; the flaky-endpoint runs go on in copies of the hosts, beside the other host files'
//   tests), the installs shared between checkouts, the package tests, then the API report, whose
//   build of dist/ comes after the pack's.
//   Much of its time is spent waiting (installs, fault injection, child processes starting).
// - notifications: the type check and the lint, the notifications, mock hedger and docs tests (and the
//   upgrades network file's atomic writes, a test of its own processes, for the lanes' balance), then the
//   notifications tests again on Node.js 24 from the npm `node` package (NODE_24 of
//   test/hardhat/helpers/hosts.ts, fetched there), all but the three that drive the browsers (the code
//   under test runs in the browser there, not in Node.js), then, once the main lane has compiled, the
//   contracts' tests and fuzz seeds, the drift check's three chains and the demo (AFTER_COMPILE).
//   Each step runs even when one before it failed.
// Each lane's output is kept whole and printed when the lane ends (and written to
// test-output/test-run/<lane>.log as it comes), with the time each mocha file took; then one line
// sums the tests of all lanes, and a failed lane's failures come again at the very end.
// `npx mocha` still runs every file in one process, one after the other.
const { execFile, spawn } = require("child_process");
const fs = require("fs");
const path = require("path");

const ROOT = path.join(__dirname, "..", "..");
// Every step's compiles, the main lane's compile of this repository included, share the suite's
// solc output cache (solc-cache.cjs).
process.env.MULTIACCOUNT_SOLC_CACHE ??= require("./solc-cache.cjs");
const LOGS = path.join(ROOT, "test-output", "test-run");
/**
 * The type check's incremental state (`tsc --incremental`, `npm run typecheck` writes it in
 * node_modules/.cache/multiaccount-kit-tsc), kept for every checkout on this machine (machine.cjs).
 * tsc records each file it read by the hash of its text, and the options and its own version, and
 * checks again every file whose text (or whose dependencies' text) differs, so
 * a state another checkout left is as good a start as this one's: a fresh clone checks only what
 * changed since the last type check on the machine. It is copied in before the check (unless the
 * checkout has its own) and back after it, whole under another name, then renamed into place.
 */
const TSC_LOCAL = path.join(ROOT, "node_modules", ".cache", "multiaccount-kit-tsc");
const TSC_KEPT = path.join(require("./machine.cjs"), "tsc-state");
// The format check's entries (scripts/lint/format-check.cjs), the machine's too.
process.env.MULTIACCOUNT_FORMAT_STATE ??= path.join(require("./machine.cjs"), "format-check", "formatted.json");
/**
 * Paths (relative to the root, with "/") of the files of each lane but main, which gets the rest, in
 * the order they run there. A path that names a file must name one that exists, so that a moved
 * file fails here instead of running in another lane. In the hosts lane, stacks.test.ts comes first:
 * its first hook starts every host install (each host file's does, whichever runs first), and its
 * first tests need only the ethers 5 host, the soonest installed, so that the lane's tests start while
 * the Hardhat 3 host (Node.js 22 to fetch first) still installs. The API report comes last (its build
 * of dist/ must not run while `npm pack` builds it).
 */
const LANES = {
  hosts: [
    "test/hardhat/hosts/stacks.test.ts",
    "test/hardhat/hosts/",
    "test/hardhat/helpers/shared-install.test.ts",
    "test/hardhat/package.test.ts",
    "test/package/",
    "test/api/",
  ],
  notifications: ["test/notifications/", "test/mock-hedger/", "test/docs/", "test/hardhat/internal/stack/manifest-writes.test.ts"],
};
/**
 * The last step of the notifications lane, the shortest, once the main lane's compile has written the
 * artifacts the first deploys (it uses this repository's project): the contracts' tests and their
 * fuzz harness on its fixed seeds (this repository's project on Hardhat's in-process network, in
 * this mocha process), the drift check's three chains (in a copy of the deployer fixture of its own,
 * on nodes of its own), and `npm run demo` (this repository's project, in-process too), which the
 * main lane, the longest, would otherwise end with.
 */
const AFTER_COMPILE = ["test/contracts/", "test/hardhat/hardhat2/bytecode-drift.test.ts", "test/demo/demo.test.ts"];
/** The files the notifications lane runs again on Node.js 24, and those it leaves out there. */
const ON_NODE_24 = ["test/notifications/"];
const NOT_ON_NODE_24 = ["test/notifications/browser.test.ts", "test/notifications/browser-tabs.test.ts", "test/notifications/browser-no-tab-waits.test.ts"];

/**
 * Copies the `.tsbuildinfo` files of `from` into `to` (all of them, or with `missing`, those `to`
 * lacks). A state that cannot be copied only costs the type check its head start.
 */
function copyTscState(from, to, { missing = false } = {}) {
  try {
    if (!fs.existsSync(from)) return;
    fs.mkdirSync(to, { recursive: true });
    for (const name of fs.readdirSync(from).filter((entry) => entry.endsWith(".tsbuildinfo"))) {
      const target = path.join(to, name);
      if (missing && fs.existsSync(target)) continue;
      const staging = `${target}.${process.pid}`;
      fs.copyFileSync(path.join(from, name), staging);
      fs.renameSync(staging, target);
    }
  } catch (error) {
    process.stderr.write(`the type check's state was not copied (${error.message})\n`);
  }
}

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
const mocha = (files, node = process.execPath) => [
  node,
  [require.resolve("mocha/bin/mocha.js"), "--reporter", path.join(__dirname, "file-times.cjs")],
  { MOCHA_SPEC: files.join(",") },
];

/** The Node.js 24 binary of the npm `node` package, fetched by test/hardhat/helpers/hosts.ts into its folder of Node.js versions. */
function node24() {
  const script = 'const hosts = require("./test/hardhat/helpers/hosts"); hosts.nodeBinary(hosts.NODE_24).then((bin) => process.stdout.write(bin))';
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: ROOT }, (error, stdout, stderr) =>
      error ? reject(new Error(`fetching Node.js 24 failed:\n${stderr}`)) : resolve(stdout.trim())
    );
  });
}

/**
 * Runs the steps one after the other, stopping at the first that fails (unless `keepGoing`: the
 * steps do not depend on each other); resolves with the lane's result, failed when any step failed.
 * A step is [command, args, env], or a function that resolves to one (its error fails the step).
 */
function lane(name, steps, { keepGoing = false } = {}) {
  const log = fs.createWriteStream(path.join(LOGS, `${name}.log`));
  const started = Date.now();
  let output = "";
  const write = (chunk) => {
    output += chunk;
    log.write(chunk);
  };
  const run = async (step) => {
    let command, args, env;
    try {
      const resolved = typeof step === "function" ? await step() : step;
      if (resolved === null) return 0; // a step that only marks a point of the lane
      [command, args, env = {}] = resolved;
    } catch (error) {
      write(`${error.message}\n`);
      return 1;
    }
    return new Promise((resolve) => {
      // Another Node.js than this one is shown by its whole path, which names its version.
      const shown = [command === process.execPath ? "node" : command, ...args.map((arg) => path.basename(arg))].join(" ");
      process.stdout.write(`[${name} lane] ${shown}\n`);
      write(`\n$ ${shown}\n`);
      const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", write);
      child.stderr.on("data", write);
      child.on("error", (error) => {
        write(`${error.message}\n`);
        resolve(1);
      });
      const began = Date.now();
      child.on("close", (code) => {
        write(`$ exit ${code} after ${((Date.now() - began) / 1000).toFixed(1)} s: ${shown}\n`);
        resolve(code ?? 1);
      });
    });
  };
  return (async () => {
    let code = 0;
    for (const step of steps) {
      const stepCode = await run(step);
      if (code === 0) code = stepCode;
      if (code !== 0 && !keepGoing) break;
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

/** The files under the paths, in the order of the paths; throws for a path that names no file. */
function pick(files, paths) {
  const picked = paths.map((prefix) => {
    const found = files.filter((file) => file === prefix || (prefix.endsWith("/") && file.startsWith(prefix)));
    if (found.length === 0) throw new Error(`scripts/test/run.cjs: ${prefix} holds no test file; was it moved?`);
    return found;
  });
  return [...new Set(picked.flat())];
}

async function main() {
  fs.mkdirSync(LOGS, { recursive: true });
  const files = testFiles("test");
  const hosts = pick(files, LANES.hosts);
  const notifications = pick(files, LANES.notifications);
  const afterCompile = pick(files, AFTER_COMPILE);
  const main = files.filter((file) => !hosts.includes(file) && !notifications.includes(file) && !afterCompile.includes(file));
  let markCompiled;
  const compiled = new Promise((resolve) => (markCompiled = resolve));
  const onNode24 = pick(files, ON_NODE_24).filter((file) => !pick(files, NOT_ON_NODE_24).includes(file));
  const lanes = [
    lane("main", [npm("compile"), () => (markCompiled(), null), mocha(main)]).finally(() => markCompiled()),
    lane("hosts", [mocha(hosts)]),
    lane(
      "notifications",
      [
        () => (copyTscState(TSC_KEPT, TSC_LOCAL, { missing: true }), null),
        npm("typecheck"),
        () => (copyTscState(TSC_LOCAL, TSC_KEPT), null),
        npm("lint"),
        mocha(notifications),
        // test/docs/examples.test.ts keeps its type check's state there too.
        () => (copyTscState(TSC_LOCAL, TSC_KEPT), null),
        async () => mocha(onNode24, await node24()),
        async () => (await compiled, mocha(afterCompile)),
      ],
      {
        keepGoing: true,
      }
    ),
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
