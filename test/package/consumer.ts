// The consumer host project (test/fixture-projects/hosts/consumer): a frontend-style project with
// its own package.json and lock file, installed outside this repository, then given the packed
// tarball (the same mechanism and the same tarball as the Hardhat host projects). The tests of this
// folder share that one pack and that one install.
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import { packedTarball, prepareHost } from "../hardhat/helpers/hosts";
import { childEnv, withoutAnsi } from "../hardhat/helpers/processes";

export interface Consumer {
  dir: string;
  tarball: string;
  /** The installed package's folder. */
  installed: string;
}

let preparing: Promise<Consumer> | undefined;

export function consumer(): Promise<Consumer> {
  preparing ??= (async () => {
    const tarball = await packedTarball();
    const { dir } = await prepareHost("consumer");
    return { dir, tarball, installed: path.join(dir, "node_modules", "multiaccount-kit") };
  })();
  return preparing;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  output: string;
}

/** Runs `file` (a script, or a package's bin script) with this Node.js, in `cwd`, without colour. */
export function runNode(cwd: string, file: string, args: string[] = []): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd, env: childEnv(), maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      [stdout, stderr] = [withoutAnsi(stdout), withoutAnsi(stderr)];
      resolve({ code, stdout, stderr, output: stdout + stderr });
    });
  });
}

/** The script a package names as its bin, inside the consumer's node_modules. */
export function binScript(dir: string, pkg: string, bin: string): string {
  const folder = path.join(dir, "node_modules", pkg);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")) as { bin: string | Record<string, string> };
  return path.join(folder, typeof manifest.bin === "string" ? manifest.bin : manifest.bin[bin]);
}
