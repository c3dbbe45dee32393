// `npm run layout:baseline`: records MultiAccount's storage layout as the baseline of the version in
// package.json. Run it only when cutting a release; docs/contracts.md says when and how.
import { promises as fs } from "fs";
import hre from "hardhat";
import prettier from "prettier";
import { baselineFile, currentLayout, MULTI_ACCOUNT, type LayoutBaseline } from "./layout";

async function main(): Promise<void> {
  await hre.run("compile", { quiet: true });
  const { version } = JSON.parse(await fs.readFile(`${hre.config.paths.root}/package.json`, "utf8")) as { version: string };
  const file = baselineFile(hre.config.paths.root, version);
  const exists = await fs.stat(file).then(
    () => true,
    () => false
  );
  // A released baseline is what deployed proxies hold: overwriting it would hide a breaking change.
  if (exists && process.env.LAYOUT_OVERWRITE !== "1") {
    throw new Error(
      `${file} already exists: a released baseline is never rewritten. Bump "version" in package.json first (or set LAYOUT_OVERWRITE=1 if ${version} is unreleased).`
    );
  }
  const baseline: LayoutBaseline = {
    description: `Storage layout of MultiAccount as released in multiaccount-kit ${version}, in @openzeppelin/upgrades-core's StorageLayout form. Every later version must stay upgrade-compatible with it (test/contracts/layout.test.ts).`,
    contract: MULTI_ACCOUNT,
    version,
    layout: await currentLayout(hre, MULTI_ACCOUNT),
  };
  const text = await prettier.format(JSON.stringify(baseline), { ...(await prettier.resolveConfig(file)), filepath: file });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, text);
  await fs.rename(temp, file);
  console.log(`Wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
