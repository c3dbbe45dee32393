// `verify` on Hardhat 3, for `npx hardhat verify` and our tasks' proxy verification alike: the
// project compiled first (as Hardhat 2's verify does; our tasks compiled already), a proxy that
// --deterministic created through CreateX verified from upgrades-core's build, then hardhat-upgrades'
// and hardhat-verify's own verification, whose refusal of code that is not this source's is
// explained with the contract and the explorer (see ../verification.mts).
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { TaskArguments } from "hardhat/types/tasks";
import { connectionOf, explorerDescription } from "../host.mjs";
import { explainRefusal, insideOurTask, verifyCreate3Proxy, withBoundedExplorers, type EtherscanHelper } from "../verification.mjs";

interface VerifyConfigLike {
  etherscan: { enabled: boolean };
}

/** hardhat-verify's failures on a plain contract are printed, not thrown: the exit code says. */
const PRINTED_ABOVE = "the explorer refused it (see its message above)";

function oneLine(error: unknown): string {
  return ((error as Error)?.message ?? String(error)).split("\n").filter(Boolean).join(" ");
}

export default async function verifyOverride(args: TaskArguments, hre: HardhatRuntimeEnvironment, runSuper: (args: TaskArguments) => Promise<unknown>) {
  // Every exchange with an explorer bounded (verification.mts), the compile before it left alone.
  const address = typeof args.address === "string" && /^0x[0-9a-fA-F]{40}$/.test(args.address) ? args.address : undefined;
  if (address === undefined) return runSuper(args);
  if (!insideOurTask()) await hre.tasks.getTask("build").run({ quiet: true, noTests: true, defaultBuildProfile: "production" });
  return withBoundedExplorers(hre, () => verifyBounded(address, args, hre, runSuper));
}

async function verifyBounded(address: string, args: TaskArguments, hre: HardhatRuntimeEnvironment, runSuper: (args: TaskArguments) => Promise<unknown>) {
  const connection = await connectionOf(hre);
  const etherscan = (connection as unknown as { verification?: { etherscan?: EtherscanHelper } }).verification?.etherscan;
  if (etherscan !== undefined && (hre.config as unknown as { verify: VerifyConfigLike }).verify.etherscan.enabled) {
    const line = await verifyCreate3Proxy(hre, connection.provider, etherscan, address).catch(
      (error: unknown) => `Could not verify the proxy's own source first (${oneLine(error)}); hardhat-upgrades verifies it next.`
    );
    if (line !== undefined) console.log(line);
  }
  const chainId = Number(await connection.provider.request({ method: "eth_chainId" }));
  const explain = async (message: string) =>
    explainRefusal(hre, connection.provider, {
      address,
      contract: typeof args.contract === "string" ? args.contract : undefined,
      message,
      explorer: explorerDescription(hre, chainId),
    }).catch(() => undefined);
  let result: unknown;
  try {
    result = await runSuper(args);
  } catch (error) {
    throw (await explain((error as Error)?.message ?? String(error))) ?? error;
  }
  if (process.exitCode === 1) {
    const explained = await explain(PRINTED_ABOVE);
    if (explained !== undefined) throw explained;
  }
  return result;
}
