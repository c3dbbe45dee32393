import { expect } from "chai";
import { spawn } from "child_process";
import path from "path";

describe("disconnect leaves nothing running", function () {
  it("a process that connects, receives and disconnects exits on its own", async () => {
    const script = path.join(__dirname, "scripts", "connect-and-leave.ts");
    const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    // Bounded only to keep a broken build from hanging CI; the flag timer alone would hold it 60 s.
    const code = await new Promise<number | null>((resolve) => {
      const guard = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 45_000);
      child.on("exit", (exitCode) => {
        clearTimeout(guard);
        resolve(exitCode);
      });
    });
    expect(code, `the process did not exit on its own:\n${output}`).to.equal(0);
    expect(output).to.include("received 1, status closed");
  });
});
