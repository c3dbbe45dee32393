// The upgrades plugin's network file (.openzeppelin/<network>.json) records every implementation,
// proxy and ProxyAdmin it deployed on that network, and the upgrades plugin reads it before each
// deployment and upgrade. upgrades-core writes it in place (fs.writeFile: truncate, then write), so a
// run killed during that write (Ctrl-C, kill -9, a cancelled CI job, a power cut) leaves it empty or
// torn, and every later run on the network fails with "Unexpected end of JSON input" until someone
// repairs it by hand. Here the Manifest of the upgrades-core that the project's upgrades plugin loads
// writes a temporary file beside the network file, flushes it and renames it over: a kill at any
// point leaves the old file or the new one. What the killed run sent meanwhile is in the send
// journal, so the rerun reuses it instead of sending it again.
import path from "path";
import { writeFileAtomic } from "../files/atomic-write";

interface ManifestLike {
  file: string;
  moveFileIfRequired?: () => Promise<void>;
}

interface ManifestPrototype {
  writeFile?: (this: ManifestLike, content: string) => Promise<void>;
  [PATCHED]?: true;
}

const PATCHED = Symbol.for("multiaccount-kit.atomic-manifest-writes");

/**
 * Makes the network-file writes of the upgrades-core installed for the upgrades plugin in
 * `upgradesDir` atomic, once per process. False when that upgrades-core has no Manifest#writeFile
 * to replace (another layout than upgrades-core 1.x's): its writes stay as they are.
 */
export function writeManifestsAtomically(upgradesDir: string): boolean {
  let proto: ManifestPrototype | undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the upgrades plugin's own upgrades-core, found at run time
    const core = require(require.resolve("@openzeppelin/upgrades-core", { paths: [upgradesDir] })) as { Manifest?: { prototype: ManifestPrototype } };
    proto = core.Manifest?.prototype;
  } catch {
    return false;
  }
  if (proto === undefined || typeof proto.writeFile !== "function") return false;
  if (proto[PATCHED]) return true;
  proto.writeFile = async function (this: ManifestLike, content: string): Promise<void> {
    // upgrades-core's own first step: a file under the chain's fallback name moves to the network's name.
    if (typeof this.moveFileIfRequired === "function") await this.moveFileIfRequired();
    writeFileAtomic(path.resolve(this.file), content);
  };
  proto[PATCHED] = true;
  return true;
}
