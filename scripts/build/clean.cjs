// Empties dist/ before a build, so that a module moved or deleted under src/ leaves no stale copy
// to be published.
const fs = require("fs");
const path = require("path");

fs.rmSync(path.resolve(__dirname, "../../dist"), { recursive: true, force: true });
