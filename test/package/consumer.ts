// The consumer host project (test/fixture-projects/hosts/consumer): a frontend-style project with
// its own package.json and lock file, installed outside this repository, then given the packed
// tarball (the same mechanism and the same tarball as the Hardhat host projects). The tests of this
// folder share that one pack and that one install.
import fs from "fs";
import path from "path";
import { packedTarball, prepareHost } from "../hardhat/helpers/hosts";
import { childEnv, runProcess } from "../support/processes";
import { HANG_GUARD_MS } from "../support/wait";

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
export async function runNode(cwd: string, file: string, args: string[] = []): Promise<Ran> {
  const ran = await runProcess(process.execPath, [file, ...args], { cwd, env: childEnv(), limitMs: HANG_GUARD_MS, onLimit: "fail", plain: true });
  return { ...ran, code: ran.code ?? 1 };
}

/** The script a package names as its bin, inside the consumer's node_modules. */
export function binScript(dir: string, pkg: string, bin: string): string {
  const folder = path.join(dir, "node_modules", pkg);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")) as { bin: string | Record<string, string> };
  return path.join(folder, typeof manifest.bin === "string" ? manifest.bin : manifest.bin[bin]);
}
