// `npm test`: the checks and every mocha file in three lanes side by side on a 2-core machine (they
// share no port, fixture project or build output; docs/contributing/development.md#tests): main
// compiles, then runs the files of this repository's Hardhat project and its fixtures, then host
// files in folders of their own; hosts packs and installs the host projects once for the run
// (test/hardhat/helpers/hosts.ts) and runs their files; notifications runs checks.cjs, the format
// check, the notifications, mock hedger and docs tests (again on Node.js 24), the contracts' tests
// once main has compiled, then more host files in folders of their own. A lane's steps all run even
// after one fails; its output comes when it ends (and goes to test-output/test-run/<lane>.log), then
// one line sums all lanes, after any failures. `npx mocha` runs every file in one process.
const { execFile, spawn } = require("child_process");
const fs = require("fs");
const path = require("path");

const ROOT = path.join(__dirname, "..", "..");
require("./work.cjs"); // the run's work folder, shared by the lanes, removed when this process exits
const LOGS = path.join(ROOT, "test-output", "test-run");

/** The files of each lane but main (which gets the rest), in the order they run there; a path must name a file. */
const LANES = {
  hosts: ["test/hardhat/hosts/stacks.test.ts", "test/hardhat/hosts/", "test/hardhat/package.test.ts"],
  notifications: ["test/notifications/", "test/mock-hedger/", "test/docs/", "test/hardhat/internal/stack/manifest-writes.test.ts"],
};
/** The main lane's last step, taken from the hosts lane's files: none works in a folder the hosts lane's files use. */
const HOSTS_IN_MAIN = ["test/hardhat/hosts/docs-install.test.ts", "test/hardhat/hosts/verify-retries.test.ts", "test/hardhat/hosts/every-explorer.test.ts"];
/** The notifications lane's last step, once the main lane's compile has written the artifacts. */
const AFTER_COMPILE = ["test/contracts/", "test/hardhat/hardhat2/bytecode-drift.test.ts", "test/demo/demo.test.ts"];
/** Then host files in folders of their own (host copies, the consumer host, the pack's dist/), off the hosts lane. */
const HOSTS_IN_NOTIFICATIONS = ["test/hardhat/hosts/unreliable-rpc.test.ts", "test/hardhat/hosts/real-verifier.test.ts", "test/package/", "test/api/"];
const BROWSER_TESTS = /^test\/notifications\/(browser|example-react)/;

function testFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory() && relative !== "test/fixture-projects") files.push(...testFiles(relative));
    else if (/\.test\.tsx?$/.test(entry.name)) files.push(relative);
  }
  return files.sort();
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

const npm = (script) =>
  process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, "run", "--silent", script]] : ["npm", ["run", "--silent", script]];
const mocha = (files, node = process.execPath) => [
  node,
  [require.resolve("mocha/bin/mocha.js"), "--reporter", path.join(__dirname, "file-times.cjs")],
  { MOCHA_SPEC: files.join(",") },
];

/** The Node.js 24 binary of the npm `node` package, fetched into the work folder by test/hardhat/helpers/hosts.ts. */
function node24() {
  const script = 'const hosts = require("./test/hardhat/helpers/hosts"); hosts.nodeBinary(hosts.NODE_24).then((bin) => process.stdout.write(bin))';
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: ROOT }, (error, stdout, stderr) =>
      error ? reject(new Error(`fetching Node.js 24 failed:\n${stderr}`)) : resolve(stdout.trim())
    );
  });
}

/**
 * Runs the steps one after the other, each even when one before it failed; resolves with the lane's
 * result. A step is [command, args, env], a function that resolves to one (its error fails the
 * step), or to null (a step that only marks a point of the lane).
 */
function lane(name, steps) {
  const log = fs.createWriteStream(path.join(LOGS, `${name}.log`));
  const started = Date.now();
  let output = "";
  const write = (chunk) => {
    output += chunk;
    log.write(chunk);
  };
  const run = async (step) => {
    let resolved;
    try {
      resolved = typeof step === "function" ? await step() : step;
    } catch (error) {
      write(`${error.message}\n`);
      return 1;
    }
    if (resolved === null) return 0;
    const [command, args, env = {}] = resolved;
    const shown = [command === process.execPath ? "node" : command, ...args.map((arg) => path.basename(arg))].join(" ");
    process.stdout.write(`[${name} lane] ${shown}\n`);
    write(`\n$ ${shown}\n`);
    const began = Date.now();
    return new Promise((resolve) => {
      const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", write);
      child.stderr.on("data", write);
      child.on("error", (error) => {
        write(`${error.message}\n`);
        resolve(1);
      });
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
  return (start >= 0 ? lines.slice(start) : lines.slice(-60)).slice(0, 200).join("\n");
}

async function main() {
  fs.mkdirSync(LOGS, { recursive: true });
  const files = testFiles("test");
  const hostsInMain = pick(files, HOSTS_IN_MAIN);
  const hostsInNotifications = pick(files, HOSTS_IN_NOTIFICATIONS);
  const hosts = pick(files, LANES.hosts).filter((file) => !hostsInMain.includes(file) && !hostsInNotifications.includes(file));
  const notifications = pick(files, LANES.notifications);
  const afterCompile = pick(files, AFTER_COMPILE);
  const main = files.filter((file) => ![...hosts, ...hostsInMain, ...hostsInNotifications, ...notifications, ...afterCompile].includes(file));
  const onNode24 = notifications.filter((file) => file.startsWith("test/notifications/") && !BROWSER_TESTS.test(file));
  let markCompiled;
  const compiled = new Promise((resolve) => (markCompiled = resolve));
  const lanes = [
    lane("main", [npm("compile"), () => (markCompiled(), null), mocha(main), mocha(hostsInMain)]).finally(() => markCompiled()),
    lane("hosts", [mocha(hosts)]),
    lane("notifications", [
      [process.execPath, [path.join(__dirname, "checks.cjs")]],
      [process.execPath, [require.resolve("prettier/bin/prettier.cjs"), "--check", "."]],
      mocha(notifications),
      async () => mocha(onNode24, await node24()),
      async () => (await compiled, mocha(afterCompile)),
      mocha(hostsInNotifications),
    ]),
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
