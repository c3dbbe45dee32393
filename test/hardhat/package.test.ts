// The published files: what `npm pack` puts in the tarball, and the parts of the package that need
// no Hardhat (the notifications entry, the mock hedger's bin), run from a host project that installed
// the tarball. Deploying from such projects, on each stack, is in hosts.test.ts.
import { expect } from "chai";
import { execFileSync, spawn } from "child_process";
import fs from "fs";
import path from "path";
import { INSTALL_TIMEOUT_MS, packedTarball, prepareHost } from "./helpers/hosts";
import { childEnv, freePort } from "./helpers/processes";
import { runProcess } from "../support/processes";
import { HANG_GUARD_MS, until } from "../support/wait";

describe("the packed package", function () {
  let project: string;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    const tarball = await packedTarball();
    expect(fs.existsSync(tarball), tarball).to.equal(true);
    project = (await prepareHost("ethers5")).dir;
  });

  it("holds the built entries and the contract sources a project compiles, and no test code", async () => {
    const listing = execFileSync("tar", ["-tzf", await packedTarball()], { encoding: "utf8" });
    expect(listing).to.include("package/dist/hardhat/hardhat2/index.js");
    expect(listing).to.include("package/contracts/multiAccount/MultiAccount.sol");
    expect(listing).to.include("package/contracts/interfaces/IMultiAccount.sol");
    expect(listing).to.not.include("package/contracts/test/");
    expect(listing).to.not.include("package/test/");
  });

  it("loads the notifications entry without Hardhat", () => {
    const loaded = execFileSync(
      process.execPath,
      [
        "-e",
        "require('multiaccount-kit/notifications'); console.log(Object.keys(require.cache).filter((f) => /node_modules[\\\\/](hardhat|ethers|ws)[\\\\/]/.test(f)).length)",
      ],
      { cwd: project, encoding: "utf8", env: childEnv() }
    );
    expect(loaded.trim()).to.equal("0");
  });

  it("runs `npx multiaccount-kit-mock-hedger --port <port> --shape strict` from the installed bin", async () => {
    const port = await freePort();
    const bin = path.join(project, "node_modules", ".bin", "multiaccount-kit-mock-hedger");
    const child = spawn(bin, ["--port", String(port), "--shape", "strict"], { cwd: project, env: childEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    try {
      await until("the WS line", () => output.includes("[mock-hedger] WS") || child.exitCode !== null);
      expect(output).to.include(`ws://127.0.0.1:${port}/ws/position-state-ws3`);
      const account = "0x00000000000000000000000000000000000a11ce";
      const emitted = await (await fetch(`http://127.0.0.1:${port}/__mock/record`, { method: "POST", body: JSON.stringify({ account }) })).json();
      const page = await fetch(`http://127.0.0.1:${port}/position-state/0/10`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "App-Name": "pack-test" },
        body: JSON.stringify({ address: account, modify_time_gte: 0 }),
      });
      expect(page.status).to.equal(200);
      expect((await page.json()).position_state).to.deep.equal([emitted]);
      expect(emitted, "the strict shape").to.include({ filled_amount_open: null, error_code: null }).and.not.have.any.keys("avg_price_open", "order_type");
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited, output).to.equal(0);
    }
  });

  it("refuses an unknown --shape, naming the two", async () => {
    const bin = path.join(project, "node_modules", ".bin", "multiaccount-kit-mock-hedger");
    const ran = await runProcess(bin, ["--shape", "loose"], { cwd: project, env: childEnv(), limitMs: HANG_GUARD_MS, onLimit: "fail", plain: true });
    expect(ran.code, ran.output).to.equal(2);
    expect(ran.stderr).to.include('--shape must be real or strict, got "loose".');
  });
});
