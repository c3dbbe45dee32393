// The mark of a child Hardhat process of a `--networks` run (every-chain.ts), apart so that a
// single-chain run reads it without loading the multi-chain machinery.

/** Set in a child's environment: serve this network's job over IPC instead of running alone. */
export const CHILD_MARKER = "MULTIACCOUNT_KIT_EVERY_CHAIN_CHILD";

export function isEveryChainChild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[CHILD_MARKER] === "1";
}
