// `deploy-multiaccount --deterministic --networks all` on four chains against one chain deployed by a
// single-chain run (`--network localhost`), Hardhat 2 (the deployer fixture), measured in the same
// run against the same kind of node: four `hardhat node`s, then one (test/hardhat/helpers/every-chain.ts).
// Two kinds of node, each for one chain and for four: mining at once (automine, as `hardhat node`
// does by default), and mining a block every INTERVAL_MS with automine off (`evm_setAutomine false`,
// `evm_setIntervalMining`), as a real chain does. Wall time from the command's start to its exit: a
// first deployment (the implementation, CreateX's keyless transaction on chain 31337, the proxy), then
// REPEATS more under other salts (the proxy alone), whose median is reported.
//
//   npx ts-node --transpile-only scripts/bench/every-chain.ts (or within `npm run bench`)
//   BENCH_INTERVAL_MS=2000 for another block interval (default 1000).
import { performance } from "perf_hooks";
import { deploymentEnv, FIXTURE, newDeployment, startFourChains, type FourChains } from "../../test/hardhat/helpers/every-chain";
import { linkPackage } from "../../test/hardhat/helpers/environment";
import { runHardhat } from "../../test/hardhat/helpers/processes";

const TARGET = 1.5;
const REPEATS = 3;
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 1000);

async function timed(four: FourChains, salt: string, networkArgs: string[]): Promise<number> {
  const deployment = await newDeployment(four, salt);
  const started = performance.now();
  const args = ["deploy-multiaccount", "--deterministic", "--salt", salt, ...networkArgs, "--no-verify"];
  const result = await runHardhat(FIXTURE, args, deploymentEnv(four, deployment), { timeoutMs: 300_000 });
  const seconds = (performance.now() - started) / 1000;
  if (result.code !== 0) throw new Error(`${args.join(" ")} failed:\n${result.output}`);
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Measured {
  first: number;
  /** The proxy-alone deployments, in order. */
  proxies: number[];
}

/** On a fresh set of `count` nodes (mining every `intervalMs`, or at once): the first deployment, then REPEATS of the proxy alone. */
async function measure(count: number, networkArgs: string[], intervalMs: number | undefined): Promise<Measured> {
  const four = await startFourChains(count);
  try {
    if (intervalMs !== undefined) {
      for (const chain of four.chains) {
        await chain.node.rpc("evm_setAutomine", [false]);
        await chain.node.rpc("evm_setIntervalMining", [intervalMs]);
      }
    }
    const first = await timed(four, "bench-first", networkArgs);
    const proxies: number[] = [];
    for (let i = 0; i < REPEATS; i++) proxies.push(await timed(four, `bench-proxy-${i}`, networkArgs));
    return { first, proxies };
  } finally {
    await four.close();
  }
}

const line = (what: string, single: number, four: number, detail = "") => {
  const ratio = four / single;
  return (
    `  ${what}: one chain ${single.toFixed(2)} s, four chains ${four.toFixed(2)} s${detail}: ` +
    `${ratio.toFixed(2)}× (target ≤ ${TARGET}×${ratio <= TARGET ? ", met" : ", MISSED"})`
  );
};

/**
 * Compiles the fixture at `dir` with `run` (runHardhat), after linking this repository as its
 * installed multiaccount-kit: its sources import the package by name, as an installed project's do,
 * and a fresh clone has no link until something makes it.
 */
export async function prepareFixture(dir: string = FIXTURE, run: typeof runHardhat = runHardhat): Promise<void> {
  linkPackage(dir);
  const compiled = await run(dir, ["compile", "--quiet"], {});
  if (compiled.code !== 0) throw new Error(`the deployer fixture does not compile:\n${compiled.output}`);
}

export async function benchEveryChain(): Promise<void> {
  await prepareFixture();
  console.log(`\nEvery chain in one command (Hardhat 2, the deployer fixture, \`hardhat node\`s on loopback, --deterministic;`);
  console.log(`one chain: --network localhost, four chains: --networks all; proxy alone: median of ${REPEATS})`);
  for (const [kind, intervalMs] of [
    ["mining at once (automine)", undefined],
    [`a block every ${INTERVAL_MS / 1000} s (automine off)`, INTERVAL_MS],
  ] as const) {
    const single = await measure(1, ["--network", "localhost"], intervalMs);
    const four = await measure(4, ["--networks", "all"], intervalMs);
    const runs = (m: Measured) => m.proxies.map((s) => s.toFixed(2)).join(", ");
    console.log(` ${kind}`);
    console.log(line("first deployment (implementation, proxy)", single.first, four.first));
    console.log(line("proxy alone", median(single.proxies), median(four.proxies), ` (runs: ${runs(single)} against ${runs(four)})`));
  }
}

if (require.main === module) {
  benchEveryChain().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
