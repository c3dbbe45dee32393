// Builds the Hardhat 3 entry (ESM, .mjs) after the main CommonJS build: tsc compiles it with its
// own settings into build/hardhat3 (which also re-emits the shared modules it imports, as CommonJS),
// and only the entry's own files are copied into dist/hardhat/hardhat3, beside the main build.
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "../..");
const out = path.join(root, "build", "hardhat3");
fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(root, "tsconfig.hardhat3.json")], { stdio: "inherit", cwd: root });
const from = path.join(out, "hardhat", "hardhat3");
const to = path.join(root, "dist", "hardhat", "hardhat3");
fs.rmSync(to, { recursive: true, force: true });
fs.cpSync(from, to, { recursive: true });
