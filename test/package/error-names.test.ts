// Every error class the package exports keeps its `name` in a minified bundle. A minifier renames
// classes, so a name taken from the class (`new.target.name`) came out as "t" or "Xe": each class
// names itself with a static string instead. The installed tarball is bundled by esbuild, minified,
// and run; the test also checks that the minifier did rename the classes, or it would prove nothing.
import { expect } from "chai";
import { build } from "esbuild";
import path from "path";
import vm from "vm";
import { consumer, type Consumer } from "./consumer";

type ErrorClass = new (...args: string[]) => Error;

/** Bundles `contents` (which exports the classes) minified, runs it, and returns its exports. */
async function minifiedExports(project: Consumer, contents: string, platform: "browser" | "node"): Promise<Record<string, ErrorClass>> {
  const result = await build({
    absWorkingDir: project.dir,
    stdin: { contents, resolveDir: project.dir, loader: "js", sourcefile: "app.js" },
    bundle: true,
    minify: true,
    platform,
    format: "cjs",
    write: false,
    logLevel: "silent",
    external: ["redux", "redux-thunk", "hardhat", "hardhat/*", "ethers"],
  });
  const module = { exports: {} as Record<string, ErrorClass> };
  const run = vm.runInThisContext(`(function (module, exports, require) {\n${result.outputFiles[0].text}\n})`, { filename: "bundle.js" }) as (
    m: typeof module,
    e: typeof module.exports,
    r: NodeJS.Require
  ) => void;
  run(module, module.exports, require);
  return module.exports;
}

function names(exported: Record<string, ErrorClass>): { own: Record<string, string>; classes: Record<string, string> } {
  const own: Record<string, string> = {};
  const classes: Record<string, string> = {};
  for (const [exportName, cls] of Object.entries(exported)) {
    own[exportName] = new cls("a", "b", "c").name;
    classes[exportName] = cls.name;
  }
  return { own, classes };
}

function expectNamed(exported: Record<string, ErrorClass>, expected: string[]): void {
  expect(Object.keys(exported).sort()).to.deep.equal([...expected].sort());
  const { own, classes } = names(exported);
  expect(own).to.deep.equal(Object.fromEntries(expected.map((name) => [name, name])));
  for (const name of expected) expect(classes[name], `the minifier renamed ${name}`).to.not.equal(name);
}

describe("error names in a minified bundle of the installed package (esbuild)", () => {
  let project: Consumer;

  before(async () => {
    project = await consumer();
  });

  it("multiaccount-kit/notifications: NotificationsError, NotificationsInputError, and NotificationFetchError, which getNotifications logs", async () => {
    const fetchError = path.join(project.installed, "dist", "notifications", "errors.js");
    const contents = [
      'export { NotificationsError, NotificationsInputError } from "multiaccount-kit/notifications";',
      `export { NotificationFetchError } from ${JSON.stringify(fetchError)};`,
    ].join("\n");
    const exported = await minifiedExports(project, contents, "browser");
    expectNamed(exported, ["NotificationsError", "NotificationsInputError", "NotificationFetchError"]);
    // instanceof across the class family still holds once renamed.
    expect(new exported.NotificationsInputError("m")).to.be.instanceOf(exported.NotificationsError);
  });

  it("the Hardhat plugin's errors, the exported ones and the two of the transaction sender", async () => {
    const fromErrors = [
      "MultiAccountKitError",
      "ConfigError",
      "AddressesFileError",
      "InputError",
      "MissingPrivateKeyError",
      "EnvError",
      "NetworkUnreachableError",
      "RpcUnavailableError",
      "StackError",
      "UnexpectedError",
    ];
    const fromSends = ["NonceTakenError", "UnknownOutcomeError"];
    const dist = path.join(project.installed, "dist", "hardhat");
    const contents = [
      `export { ${fromErrors.join(", ")} } from ${JSON.stringify(path.join(dist, "errors.js"))};`,
      `export { ${fromSends.join(", ")} } from ${JSON.stringify(path.join(dist, "internal", "rpc", "sends.js"))};`,
    ].join("\n");
    const exported = await minifiedExports(project, contents, "node");
    expectNamed(exported, [...fromErrors, ...fromSends]);
    const error = new exported.InputError("Invalid admin address");
    expect(String(error.stack).split("\n")[0]).to.equal("InputError: Invalid admin address");
  });
});
