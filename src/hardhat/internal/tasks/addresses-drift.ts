// addresses:show --check-bytecode: whether each chain runs the project's source as compiled now. Per
// network: the recorded proxy's implementation and admin, read from their EIP-1967 slots, then each
// contract's runtime code compared with its compiled code (codeMatch: the metadata hash, immutables
// and link references accounted for): the implementation with the project's artifact, the proxy and
// the ProxyAdmin with the upgrades plugin's OpenZeppelin artifacts. On OpenZeppelin 5, the proxy's
// admin immutable must be the ProxyAdmin of its admin slot. Only each chain's JSON-RPC is asked: no
// explorer, no key. Nothing is written. What is compared: docs/tasks.md#the-drift-check---check-bytecode.
import { readAddresses } from "../../addresses";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT } from "../../constants";
import { MultiAccountKitError } from "../../errors";
import { codeMatch, type CodeMatch } from "../compiler/deployed-code";
import { addressesFileFor } from "../files/addresses-path";
import { createLogger, printTable, type Logger } from "../output/log";
import { collectSecrets, mergeSecrets, redact } from "../output/redact";
import { classify } from "../rpc/failures";
import { behindHttpProxy, httpTransport, type Transport } from "../rpc/transport";
import type { NamedCode, ProxyContracts } from "../stack/types";
import { ask, type SurveyTarget } from "./addresses-survey";
import type { Host } from "./host";

/** What the chains are compared with: the project's implementation and the upgrades plugin's proxy and ProxyAdmin. */
export interface DriftReference extends ProxyContracts {
  readonly implementation: NamedCode;
}

/** A network to check: a survey target, or one whose reads go through a transport given (the selected network's provider). */
export type DriftTarget = SurveyTarget & { transport?: Transport; file?: string };

export interface ContractDrift {
  contract: "implementation" | "proxy" | "ProxyAdmin";
  /** On the chain: the proxy is the recorded multiAccountAddress; the others come from its EIP-1967 slots. */
  address?: string;
  /** The contract it was compared with, fully qualified. */
  comparedWith: string;
  match: CodeMatch;
  /** What else was read: no code, the admin immutable, the ProxyAdmin's owner. */
  note?: string;
}

export type ChainVerdict = CodeMatch | "error";

export interface ChainDrift {
  network: string;
  /** The network's addresses file. */
  file: string;
  chainId?: number;
  multiAccountAddress?: string;
  contracts: ContractDrift[];
  /** Why the chain was not checked: an error row. */
  error?: string;
  /** The worst of its contracts' matches, or "error". */
  verdict: ChainVerdict;
}

export interface DriftResult {
  networks: ChainDrift[];
  /** A mismatch or an error row: exit code 1. */
  failed: boolean;
}

/** A mismatch, or a network that could not be checked; the table above the message says which contract and why. */
export class BytecodeDriftError extends MultiAccountKitError {
  declare readonly result: DriftResult;

  constructor(message: string, result: DriftResult) {
    super(message);
    Object.defineProperty(this, "result", { value: result, enumerable: false });
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO = `0x${"0".repeat(40)}`;
type Read = (method: string, params: unknown[]) => Promise<unknown>;

const hasCode = (code: string) => code !== "0x" && code !== "0x0" && code !== "";
const wordAddress = (word: unknown) => `0x${String(word).replace(/^0x/, "").padStart(64, "0").slice(24)}`.toLowerCase();

class Unchecked extends Error {}

/** The recorded proxy's address, or why there is none to check. */
function recordedProxy(file: string): string {
  const address = readAddresses(file)?.multiAccountAddress;
  if (address === undefined || address === "") throw new Unchecked(`no multiAccountAddress in ${file}`);
  if (!ADDRESS.test(address)) throw new Unchecked(`multiAccountAddress "${address}" in ${file} is not an address`);
  return address;
}

/** The implementation's code against the project's artifact; none at all is a mismatch. */
async function implementationDrift(read: Read, address: string, reference: DriftReference): Promise<ContractDrift> {
  const row = { contract: "implementation", address, comparedWith: reference.implementation.name } as const;
  const code = String(await read("eth_getCode", [address, "latest"]));
  if (!hasCode(code)) return { ...row, match: "mismatch", note: "no code" };
  return { ...row, match: await codeMatch(code, reference.implementation) };
}

/** The proxy's code against the upgrades plugin's; on OpenZeppelin 5 its admin immutable must be the admin slot's. */
async function proxyDrift(code: string, address: string, admin: string, reference: DriftReference): Promise<ContractDrift> {
  const row = { contract: "proxy", address, comparedWith: reference.proxy.name } as const;
  const match = await codeMatch(code, reference.proxy);
  if (match === "mismatch" || reference.openZeppelin === 4) return { ...row, match };
  const hex = code.replace(/^0x/i, "").toLowerCase();
  const held = (await reference.proxy.filledAtDeploy()).map(({ start, length }) => wordAddress(hex.slice(start * 2, (start + length) * 2)));
  if (held.length === 0) return { ...row, match };
  const other = held.find((immutable) => immutable !== admin);
  if (other !== undefined) return { ...row, match: "mismatch", note: `its admin immutable ${other} is not its admin slot's ${admin}` };
  return { ...row, match, note: "admin immutable = admin slot" };
}

/** The ProxyAdmin's code against the upgrades plugin's, with its owner (Ownable's first slot: the deployer, or the constructor's initialOwner). */
async function adminDrift(read: Read, admin: string, reference: DriftReference): Promise<ContractDrift> {
  const row = { contract: "ProxyAdmin", comparedWith: reference.admin.name } as const;
  if (admin === ZERO) return { ...row, match: "mismatch", note: "the proxy's admin slot is empty" };
  const code = String(await read("eth_getCode", [admin, "latest"]));
  if (!hasCode(code)) return { ...row, address: admin, match: "mismatch", note: "no code" };
  const owner = wordAddress(await read("eth_getStorageAt", [admin, "0x0", "latest"]));
  return { ...row, address: admin, match: await codeMatch(code, reference.admin), note: `owner ${owner}` };
}

/** The three contracts behind the proxy at `proxy`, or Unchecked when it is not one. */
async function contractsBehind(read: Read, proxy: string, reference: DriftReference): Promise<ContractDrift[]> {
  const code = String(await read("eth_getCode", [proxy, "latest"]));
  if (!hasCode(code)) throw new Unchecked(`no code at multiAccountAddress ${proxy}`);
  const implementation = wordAddress(await read("eth_getStorageAt", [proxy, IMPLEMENTATION_SLOT, "latest"]));
  if (implementation === ZERO) throw new Unchecked(`${proxy} is not an EIP-1967 proxy: its implementation slot is empty`);
  const admin = wordAddress(await read("eth_getStorageAt", [proxy, ADMIN_SLOT, "latest"]));
  return [
    await implementationDrift(read, implementation, reference),
    await proxyDrift(code, proxy, admin, reference),
    await adminDrift(read, admin, reference),
  ];
}

function verdictOf(contracts: readonly ContractDrift[]): CodeMatch {
  if (contracts.some((c) => c.match === "mismatch")) return "mismatch";
  return contracts.some((c) => c.match === "partial") ? "partial" : "perfect";
}

function readerFor(target: DriftTarget): Read | string {
  if (target.transport !== undefined) return (method, params) => ask(target.transport!, method, params);
  if (target.url === undefined) return target.unread ?? "no JSON-RPC URL";
  if (behindHttpProxy(target.url)) return `its URL goes through an HTTP proxy; check it with addresses:show --network ${target.network} --check-bytecode`;
  const transport = httpTransport(target.url, target.headers);
  return (method, params) => ask(transport, method, params);
}

async function checkOne(target: DriftTarget, pattern: string, reference: DriftReference): Promise<ChainDrift> {
  const drift: ChainDrift = { network: target.network, file: target.file ?? pattern, contracts: [], verdict: "error" };
  try {
    drift.file = target.file ?? addressesFileFor(pattern, target.network);
    const proxy = recordedProxy(drift.file);
    drift.multiAccountAddress = proxy;
    const read = readerFor(target);
    if (typeof read === "string") throw new Unchecked(read);
    drift.chainId = Number(await read("eth_chainId", []));
    drift.contracts = await contractsBehind(read, proxy, reference);
    drift.verdict = verdictOf(drift.contracts);
  } catch (error) {
    drift.error = error instanceof Unchecked || error instanceof MultiAccountKitError ? error.message : classify(error).reason;
  }
  // In the order --json prints them.
  const { network, file, chainId, multiAccountAddress, contracts, error, verdict } = drift;
  return { network, file, chainId, multiAccountAddress, contracts, error, verdict };
}

function printDrift(log: Logger, networks: readonly ChainDrift[]): void {
  const rows = [["network", "chain", "contract", "address", "match", ""]];
  for (const n of networks) {
    const chain = n.chainId === undefined ? "?" : String(n.chainId);
    if (n.error !== undefined) rows.push([n.network, chain, "-", n.multiAccountAddress ?? "-", "ERROR", n.error]);
    for (const c of n.contracts) rows.push([n.network, chain, c.contract, c.address ?? "-", c.match === "mismatch" ? "MISMATCH" : c.match, c.note ?? ""]);
  }
  printTable(log, rows);
}

/** "base (implementation), bsc (proxy, ProxyAdmin)": the networks with a contract of that match. */
function naming(networks: readonly ChainDrift[], match: CodeMatch): string {
  return networks
    .filter((n) => n.contracts.some((c) => c.match === match))
    .map(
      (n) =>
        `${n.network} (${n.contracts
          .filter((c) => c.match === match)
          .map((c) => c.contract)
          .join(", ")})`
    )
    .join(", ");
}

function summarize(log: Logger | undefined, networks: readonly ChainDrift[]): string | undefined {
  const errors = networks.filter((n) => n.verdict === "error");
  const mismatched = networks.filter((n) => n.verdict === "mismatch");
  const partial = networks.filter((n) => n.contracts.some((c) => c.match === "partial"));
  const perfect = networks.filter((n) => n.verdict === "perfect").map((n) => n.network);
  if (perfect.length > 0) log?.info(`Perfect match, every contract, on ${perfect.length} of ${networks.length} network(s): ${perfect.join(", ")}.`);
  if (partial.length > 0) {
    log?.warn(
      `Partial match on ${naming(partial, "partial")}: the code is this source's compiled code but for the metadata hash ` +
        `(the source differs outside the code: a comment, whitespace, a file name). An explorer verifies it only from the source as deployed.`
    );
  }
  const problems: string[] = [];
  if (mismatched.length > 0) problems.push(`the code on chain is not the source as compiled now on ${naming(mismatched, "mismatch")}`);
  if (errors.length > 0) problems.push(`not checked on ${errors.map((n) => `${n.network} (${n.error})`).join(", ")}`);
  if (problems.length === 0) return undefined;
  return `addresses:show --check-bytecode: ${problems.join("; ")}. The table above says which contract and why.`;
}

export interface DriftOptions {
  /** The addresses file's path; a NETWORK_TOKEN in it gives each network its own file. */
  addressesFile: string;
  json: boolean;
}

/** Checks every target at once; prints the table (or JSON) and throws BytecodeDriftError on a mismatch or an unchecked network. */
export async function checkBytecode(
  targets: readonly DriftTarget[],
  reference: DriftReference,
  options: DriftOptions,
  effects: { logger?: Logger; secrets?: readonly string[] } = {}
): Promise<DriftResult> {
  const secrets = mergeSecrets(effects.secrets ?? [], collectSecrets({ networks: Object.fromEntries(targets.map((t) => [t.network, { url: t.url }])) }, {}));
  const log = createLogger(secrets, effects.logger);
  const networks = await Promise.all(targets.map((target) => checkOne(target, options.addressesFile, reference)));
  for (const n of networks) if (n.error !== undefined) n.error = redact(n.error, secrets);
  const result: DriftResult = { networks, failed: networks.some((n) => n.verdict === "mismatch" || n.verdict === "error") };
  if (options.json) log.info(JSON.stringify(result, null, 2));
  else {
    log.info(
      `The code behind multiAccountAddress against the source as compiled now (${reference.implementation.name}; OpenZeppelin ${reference.openZeppelin}'s proxy and ProxyAdmin):`
    );
    if (networks.length === 0) log.info("(no networks configured besides the in-process one)");
    else printDrift(log, networks);
  }
  const problem = summarize(options.json ? undefined : log, networks);
  if (problem !== undefined) throw new BytecodeDriftError(redact(problem, secrets), result);
  return result;
}

/** Compiles the project, then gives what the chains are compared with: `contract` (multiAccount.contract) and the upgrades plugin's proxy and ProxyAdmin. */
export async function driftReference(host: Host, contract: string): Promise<DriftReference> {
  await host.compile();
  const proxies = host.stack().proxyContracts();
  const name = await host.contractFqn(contract);
  const code = await host.deployedCode(name);
  return { ...proxies, implementation: { name, bytecode: code.bytecode, filledAtDeploy: () => code.filledAtDeploy() } };
}

/** The selected network (no --networks), read through the task's provider: the in-process network too. */
export function selectedNetworkTarget(host: Host, file: string): DriftTarget {
  return { network: host.network.name, file, transport: { call: (method, params) => host.chain.request("checking the bytecode", method, [...params]) } };
}
