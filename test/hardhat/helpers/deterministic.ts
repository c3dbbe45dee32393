// What the --deterministic tests read from a node and do to a run: the transactions an account sent,
// the one that created an address, and a run killed right after its first transaction.
import { spawn } from "child_process";
import { childEnv, hardhatCli, withNodeOnPath, type LocalNode, type RunOptions } from "./processes";

/** Every transaction sent by `from`, mined from block `start` on. */
export async function transactionsFrom(node: LocalNode, from: string, start: number): Promise<{ to: string | null; input: string }[]> {
  const latest = Number(await node.rpc<string>("eth_blockNumber"));
  const sent: { to: string | null; input: string }[] = [];
  for (let n = start; n <= latest; n++) {
    const block = await node.rpc<{ transactions: { from: string; to: string | null; input: string }[] }>("eth_getBlockByNumber", [`0x${n.toString(16)}`, true]);
    sent.push(...block.transactions.filter((tx) => tx.from.toLowerCase() === from.toLowerCase()));
  }
  return sent;
}

/** The transaction that left code at `address` (automine: one transaction a block). */
export async function creationTransaction(node: LocalNode, address: string): Promise<{ hash: string; to: string | null }> {
  const latest = Number(await node.rpc<string>("eth_blockNumber"));
  for (let n = latest; n > 0; n--) {
    const before = await node.rpc<string>("eth_getCode", [address, `0x${(n - 1).toString(16)}`]);
    const after = await node.rpc<string>("eth_getCode", [address, `0x${n.toString(16)}`]);
    if (before === "0x" && after !== "0x") {
      const block = await node.rpc<{ transactions: { hash: string; to: string | null }[] }>("eth_getBlockByNumber", [`0x${n.toString(16)}`, true]);
      return block.transactions[0];
    }
  }
  throw new Error(`no transaction created ${address}`);
}

/**
 * Runs `hardhat <args>` with automine off on `node` (the caller turns it off), and kills the run, its
 * children included, as soon as its first transaction waits in the pool. Returns how many waited.
 */
export async function killAfterFirstTransaction(
  node: LocalNode,
  cwd: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: RunOptions = {}
): Promise<{ pending: number; output: string }> {
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), hardhatCli(cwd), ...args], {
    cwd,
    env: withNodeOnPath(childEnv(env), options.node),
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: Hardhat's CLI may run the task in a child process, which must die too.
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let pending = 0;
  for (let i = 0; i < 600 && pending === 0 && child.exitCode === null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    pending = (await node.rpc<{ transactions: string[] }>("eth_getBlockByNumber", ["pending", false])).transactions.length;
  }
  process.kill(-child.pid!, "SIGKILL");
  await exited;
  return { pending, output };
}
