// `npm run lint`'s format check: what `prettier --check .` does (every file git tracks or would
// track, that neither .gitignore nor .prettierignore ignores and that Prettier has a parser for),
// remembering which contents it found formatted. An entry is named by the SHA-256 of Prettier's
// version, the file's path in the repository, its resolved options (.prettierrc.json, .editorconfig)
// and parser, and its text: the check's outcome for that name can only be the one recorded, so a
// file whose entry is there is not formatted again. Every other file is checked with Prettier's
// `check`. Prettier's own `--cache` cannot do this across checkouts: it names a file by its
// absolute path, and a fresh clone is a new path.
//
// The entries are the names of one file, rewritten whole after each run with the names of that
// run's formatted files, in MULTIACCOUNT_FORMAT_STATE (`npm test` points it at the machine's folder
// of kept state, beside the type check's; without it, node_modules/.cache/multiaccount-kit-format).
// Prints and exits as `prettier --check` does: 0, or 1 with each unformatted file, or 2 on an error.
const { execFileSync } = require("child_process");
const { createHash } = require("crypto");
const fs = require("fs");
const path = require("path");
const prettier = require("prettier");

/** The repository checked: this one, or MULTIACCOUNT_FORMAT_ROOT (the format check's own tests). */
const ROOT = process.env.MULTIACCOUNT_FORMAT_ROOT ?? path.join(__dirname, "..", "..");
const STATE = process.env.MULTIACCOUNT_FORMAT_STATE ?? path.join(ROOT, "node_modules", ".cache", "multiaccount-kit-format", "formatted.json");

/** The files `prettier --check .` would look at: tracked, or untracked and not ignored by git. */
function candidates() {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split("\0").filter((file) => file !== ""))].sort();
}

function readState() {
  try {
    return new Set(JSON.parse(fs.readFileSync(STATE, "utf8")));
  } catch {
    return new Set();
  }
}

function writeState(names) {
  try {
    fs.mkdirSync(path.dirname(STATE), { recursive: true });
    const staging = `${STATE}.${process.pid}`;
    fs.writeFileSync(staging, JSON.stringify([...names].sort()));
    fs.renameSync(staging, STATE);
  } catch (error) {
    // Only the next run's head start is lost.
    process.stderr.write(`[warn] the format check's state was not saved (${error.message})\n`);
  }
}

async function main() {
  process.stdout.write("Checking formatting...\n");
  const known = readState();
  const formatted = new Set();
  const unformatted = [];
  let errors = 0;
  for (const file of candidates()) {
    const absolute = path.join(ROOT, file);
    if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isFile()) continue; // deleted, or a symbolic link to a folder
    const info = await prettier.getFileInfo(absolute, { ignorePath: [path.join(ROOT, ".gitignore"), path.join(ROOT, ".prettierignore")] });
    if (info.ignored || info.inferredParser === null) continue;
    const options = (await prettier.resolveConfig(absolute, { editorconfig: true })) ?? {};
    const text = fs.readFileSync(absolute, "utf8");
    const name = createHash("sha256")
      .update(JSON.stringify([prettier.version, file, info.inferredParser, options]))
      .update("\0")
      .update(text)
      .digest("hex");
    if (known.has(name)) {
      formatted.add(name);
      continue;
    }
    try {
      if (await prettier.check(text, { ...options, filepath: absolute })) formatted.add(name);
      else unformatted.push(file);
    } catch (error) {
      errors++;
      process.stderr.write(`[error] ${file}: ${error.message}\n`);
    }
  }
  writeState(formatted);
  for (const file of unformatted) process.stderr.write(`[warn] ${file}\n`);
  if (unformatted.length > 0) {
    const which = unformatted.length === 1 ? "the above file" : `${unformatted.length} files`;
    process.stderr.write(`[warn] Code style issues found in ${which}. Run Prettier with --write to fix.\n`);
  } else if (errors === 0) process.stdout.write("All matched files use Prettier code style!\n");
  process.exitCode = errors > 0 ? 2 : unformatted.length > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 2;
});
