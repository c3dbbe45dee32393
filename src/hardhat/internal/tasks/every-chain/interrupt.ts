// Ctrl-C during a multi-chain run: the first stops starting new chains and asks the running ones to
// stop (the runner's signal), and ends every verification in this process at once (its explorer
// exchanges fail: the deployments are already recorded), so that the summary prints promptly; a
// second quits at once.
import type { Logger } from "../../output/log";
import { resumeExplorerExchanges, stopExplorerExchanges } from "../../chains/explorer-exchange";

/** The part of `process` this needs. */
export interface SignalSource {
  on(event: "SIGINT", listener: () => void): unknown;
  off(event: "SIGINT", listener: () => void): unknown;
  exit(code: number): never;
}

export interface Interrupt {
  /** Aborted by the first Ctrl-C. */
  signal: AbortSignal;
  /** Removes the handler (Node's own Ctrl-C comes back), and lets verification run again. */
  dispose(): void;
}

/** Exit code of a process stopped by SIGINT, as a shell reports it. */
export const SIGINT_EXIT_CODE = 130;

export function interruptOnCtrlC(log: Logger, source: SignalSource = process): Interrupt {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) {
      log.warn("Ctrl-C again: quitting now. Chains still sending may have transactions in flight; run the same command again to finish them.");
      source.exit(SIGINT_EXIT_CODE);
    }
    log.warn("Ctrl-C: no new chain starts; stopping the running ones, then the summary (Ctrl-C again to quit at once).");
    controller.abort();
    stopExplorerExchanges();
  };
  source.on("SIGINT", onSigint);
  const dispose = () => {
    source.off("SIGINT", onSigint);
    if (controller.signal.aborted) resumeExplorerExchanges();
  };
  return { signal: controller.signal, dispose };
}
