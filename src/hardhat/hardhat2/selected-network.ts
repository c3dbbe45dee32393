// The network a Hardhat 2 run selects, checked against the config before Hardhat builds its runtime
// environment, where a name the config lacks stops every task with a bare HH100 ("Network locahost
// doesn't exist"). Our error says the same, lists the configured networks and offers the nearest.
import { ArgumentsParser } from "hardhat/internal/cli/ArgumentsParser";
import { getEnvHardhatArguments } from "hardhat/internal/core/params/env-variables";
import { HARDHAT_PARAM_DEFINITIONS } from "hardhat/internal/core/params/hardhat-params";
import type { HardhatArguments, HardhatConfig } from "hardhat/types";
import { isHardhatCli, printedAsHint } from "../internal/output/cli-errors";
import { unknownNetworkError } from "../internal/tasks/inputs";

export interface RunArguments {
  /** The Hardhat arguments the run was given (--network, --show-stack-traces, ...). */
  args: HardhatArguments;
  /** This process is Hardhat's CLI, which prints what the config's loading throws. */
  cli: boolean;
}

/**
 * The Hardhat arguments of this run, read as Hardhat reads them: the command line's when this process
 * is Hardhat's CLI, otherwise the environment's (HARDHAT_NETWORK, as `hardhat run` hands them to its
 * script, and as `require("hardhat")` reads them). Undefined when they do not parse: Hardhat says why.
 */
export function runArguments(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): RunArguments | undefined {
  try {
    const fromEnv = getEnvHardhatArguments(HARDHAT_PARAM_DEFINITIONS, env);
    if (!isHardhatCli(argv)) return { args: fromEnv, cli: false };
    return { args: new ArgumentsParser().parseHardhatArguments(HARDHAT_PARAM_DEFINITIONS, fromEnv, argv.slice(2)).hardhatArguments, cli: true };
  } catch {
    return undefined;
  }
}

/** Throws our InputError when the network the run selects is not in the resolved config (`run`: runArguments()). */
export function checkSelectedNetwork(config: HardhatConfig, run: RunArguments | undefined): void {
  if (run === undefined) return;
  const name = run.args.network ?? config.defaultNetwork;
  if (config.networks[name] !== undefined) return;
  const error = unknownNetworkError(name, Object.keys(config.networks));
  // The CLI prints it (as forConfigLoading decides, from the arguments Hardhat read).
  throw run.cli && !run.args.showStackTraces ? printedAsHint(error) : error;
}
