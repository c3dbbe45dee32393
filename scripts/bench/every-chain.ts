// `deploy-multiaccount --deterministic --networks all` on four chains against one chain deployed by a
// single-chain run (`--network localhost`), Hardhat 2 (the deployer fixture), measured in the same
// run against the same kind of node: four `hardhat node`s, then one (test/hardhat/helpers/every-chain.ts).
// Wall time from the command's start to its exit, twice each: a first deployment (the implementation,
// CreateX's keyless transaction on chain 31337, the proxy) and a second under another salt (the proxy).
//
//   npx ts-node --transpile-only scripts/bench/every-chain.ts (or within `npm run bench`)
import { performance } from "perf_hooks";
import { deploymentEnv, FIXTURE, newDeployment, startFourChains, type FourChains } from "../../test/hardhat/helpers/every-chain";
import { runHardhat } from "../../test/hardhat/helpers/processes";

const TARGET = 1.5;

async function timed(four: FourChains, salt: string, networkArgs: string[]): Promise<number> {
  const deployment = await newDeployment(four, salt);
  const started = performance.now();
  const args = ["deploy-multiaccount", "--deterministic", "--salt", salt, ...networkArgs, "--no-verify"];
  const result = await runHardhat(FIXTURE, args, deploymentEnv(four, deployment), { timeoutMs: 300_000 });
  const seconds = (performance.now() - started) / 1000;
  if (result.code !== 0) throw new Error(`${args.join(" ")} failed:\n${result.output}`);
  return seconds;
}

/** Both runs on a fresh set of nodes: `count` chains, the command's network options. */
async function measure(count: number, networkArgs: string[]): Promise<number[]> {
  const four = await startFourChains(count);
  try {
    return [await timed(four, "bench-first", networkArgs), await timed(four, "bench-second", networkArgs)];
  } finally {
    await four.close();
  }
}

export async function benchEveryChain(): Promise<void> {
  const compiled = await runHardhat(FIXTURE, ["compile", "--quiet"], {});
  if (compiled.code !== 0) throw new Error(`the deployer fixture does not compile:\n${compiled.output}`);
  const single = await measure(1, ["--network", "localhost"]);
  const four = await measure(4, ["--networks", "all"]);
  console.log(`\nEvery chain in one command (Hardhat 2, the deployer fixture, \`hardhat node\`s on loopback, --deterministic)`);
  for (const [i, what] of ["first deployment (implementation, proxy)", "second deployment (proxy)"].entries()) {
    const ratio = four[i] / single[i];
    console.log(
      `  ${what}: one chain (--network localhost) ${single[i].toFixed(2)} s, four chains (--networks all) ${four[i].toFixed(2)} s: ` +
        `${ratio.toFixed(2)}× (target ≤ ${TARGET}×${ratio <= TARGET ? "" : ", MISSED"})`
    );
  }
}

if (require.main === module) {
  benchEveryChain().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
