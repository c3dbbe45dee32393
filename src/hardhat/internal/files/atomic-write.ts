// Atomic file replacement: write a temp file beside the target, flush it, then rename over the
// target. A crash at any point leaves either the old file or the new one, never a torn file.
import nodeFs from "fs";
import path from "path";

export type AtomicFs = Pick<typeof nodeFs, "openSync" | "writeSync" | "fsyncSync" | "closeSync" | "renameSync" | "unlinkSync" | "mkdirSync">;

export function writeFileAtomic(file: string, data: string, fs: AtomicFs = nodeFs): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  const fd = fs.openSync(temp, "wx", 0o644);
  let renamed = false;
  try {
    const bytes = Buffer.from(data, "utf8");
    let written = 0;
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temp, file);
    renamed = true;
  } finally {
    if (!renamed) {
      try {
        fs.closeSync(fd);
      } catch {
        // already closed
      }
      try {
        fs.unlinkSync(temp);
      } catch {
        // nothing to clean up
      }
    }
  }
}
