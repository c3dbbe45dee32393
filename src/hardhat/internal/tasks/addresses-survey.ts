// addresses:show --all-networks: every configured network's multiAccountAddress side by side, read
// from its addresses file, with the chain id and whether that address has code there, and a flag on the
// networks whose address differs from the one most of them record; with one addresses file for every
// network, that address once, with its code on the networks that answer. The summary counts only the
// networks that answered and names the others. Reads only: nothing is written and no addresses file
// is created.
import { readAddresses, type AddressesFile } from "../../addresses";
import { createLogger, printTable, type Logger } from "../output/log";
import { NETWORK_TOKEN, addressesFileFor } from "../files/addresses-path";
import { collectSecrets, mergeSecrets, redact } from "../output/redact";
import { classify } from "../rpc/failures";
import { behindHttpProxy, httpTransport, type Transport } from "../rpc/transport";
import { ADMIN_SLOT, IMPLEMENTATION_SLOT } from "../../constants";
import { Chain } from "../chains/reader";
import { ZERO_ADDRESS, readSafe } from "../chains/safe";
import { batchFileFor, batchedImplementation } from "../files/safe-batch";

/** A configured network, as the entry of either Hardhat major describes it. */
export interface SurveyTarget {
  network: string;
  /** The JSON-RPC URL of an HTTP network; absent for an in-process one. */
  url?: string;
  headers?: Readonly<Record<string, string>>;
  /** Why the chain is not read (an in-process network, a URL that is not set). */
  unread?: string;
}

export interface NetworkSurveyRow {
  network: string;
  /** The network's addresses file. */
  file: string;
  multiAccountAddress?: string;
  /** As the network's node reports it. */
  chainId?: number;
  /** Whether the recorded address has code on the network. */
  code: "yes" | "NO CODE" | "not checked" | "unreachable";
  /** Why it was not checked, what the node or the addresses file said. */
  note?: string;
  /** Its address differs from the one most networks record. */
  differs: boolean;
  /** Who owns the proxy's ProxyAdmin ("0x… (Safe, 2 of 3)"), and an upgrade of ours its Safe has not executed; absent when not read. */
  owner?: string;
}

export interface NetworkSurvey {
  /** The addresses file's path, NETWORK_TOKEN left in. */
  addressesFile: string;
  /** No NETWORK_TOKEN in the path: one addresses file serves every network. */
  shared: boolean;
  /**
   * The address most reachable networks record (ties: the first configured); when no reachable
   * network records one, the address most networks record; undefined when none does.
   */
  reference?: string;
  networks: NetworkSurveyRow[];
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Per call, with one more attempt after a failure to get an answer. */
const CALL_TIMEOUT_MS = 10_000;

/** One call, with one more attempt after a failure that a retry can mend. */
export async function ask(transport: Transport, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await transport.call(method, params, CALL_TIMEOUT_MS);
  } catch (error) {
    const failure = classify(error);
    if (!failure.retry || failure.unreachable) throw error;
    return transport.call(method, params, CALL_TIMEOUT_MS);
  }
}

async function surveyOne(
  target: SurveyTarget,
  pattern: string,
  transportFor: (url: string, headers?: Readonly<Record<string, string>>) => Transport
): Promise<NetworkSurveyRow> {
  let file = pattern;
  let addresses: AddressesFile | undefined;
  const row = (fields: Partial<NetworkSurveyRow>): NetworkSurveyRow => ({ network: target.network, file, code: "not checked", differs: false, ...fields });
  try {
    file = addressesFileFor(pattern, target.network);
    addresses = readAddresses(file);
  } catch (error) {
    return row({ note: (error as Error).message });
  }
  const address = addresses?.multiAccountAddress;
  const recorded = address === undefined || address === "" ? {} : { multiAccountAddress: address };
  if (target.url === undefined) return row({ ...recorded, note: target.unread ?? "no JSON-RPC URL" });
  if (behindHttpProxy(target.url)) {
    return row({ ...recorded, note: `its URL goes through an HTTP proxy; check it with addresses:show --network ${target.network}` });
  }
  const transport = transportFor(target.url, target.headers);
  try {
    const chainId = Number(await ask(transport, "eth_chainId", []));
    if (address === undefined || !ADDRESS.test(address))
      return row({ ...recorded, chainId, note: address === undefined ? "no multiAccountAddress" : "not an address" });
    const code = await ask(transport, "eth_getCode", [address, "latest"]);
    if (typeof code !== "string" || code === "0x" || code === "") return row({ ...recorded, chainId, code: "NO CODE" });
    return row({ ...recorded, chainId, code: "yes", owner: await adminOwner(transport, address, batchFileFor(file, target.network)) });
  } catch (error) {
    return row({ ...recorded, code: "unreachable", note: classify(error).reason });
  }
}

/**
 * Who owns `proxy`'s ProxyAdmin, as a cell: its address, "(Safe, 2 of 3)" when it answers as a Safe,
 * and "upgrade waiting" when our batch file next to the addresses file upgrades the proxy to another
 * implementation than it runs. Undefined when the proxy has no ProxyAdmin with an owner() to read.
 */
async function adminOwner(transport: Transport, proxy: string, batchFile: string): Promise<string | undefined> {
  try {
    const chain = new Chain({ request: ({ method, params }) => ask(transport, method, params ?? []) }, "the network");
    const admin = await chain.addressInSlot(proxy, ADMIN_SLOT);
    const owner = admin === ZERO_ADDRESS ? undefined : await chain.ownerOf(admin);
    if (owner === undefined || owner === ZERO_ADDRESS) return undefined;
    const safe = await readSafe(chain, owner);
    const implementation = batchedImplementation(batchFile, proxy, admin);
    const waiting = safe !== undefined && implementation !== undefined && implementation !== (await chain.addressInSlot(proxy, IMPLEMENTATION_SLOT));
    return `${owner}${safe === undefined ? "" : ` (Safe, ${safe.threshold} of ${safe.owners.length})`}${waiting ? ", upgrade waiting" : ""}`;
  } catch {
    return undefined;
  }
}

/** The node answered (it gave its chain id): only such networks count in the summary. */
function answered(row: NetworkSurveyRow): boolean {
  return row.chainId !== undefined;
}

function records(row: NetworkSurveyRow, address: string): boolean {
  return row.multiAccountAddress?.toLowerCase() === address.toLowerCase();
}

/** The address most of `rows` record, first configured on a tie. */
function mostRecorded(rows: NetworkSurveyRow[]): string | undefined {
  const counts = new Map<string, number>();
  for (const r of rows)
    if (r.multiAccountAddress !== undefined && ADDRESS.test(r.multiAccountAddress))
      counts.set(r.multiAccountAddress.toLowerCase(), (counts.get(r.multiAccountAddress.toLowerCase()) ?? 0) + 1);
  let reference: string | undefined;
  for (const [address, count] of counts) if (reference === undefined || count > counts.get(reference)!) reference = address;
  return reference === undefined ? undefined : rows.find((r) => records(r, reference))!.multiAccountAddress;
}

/** The address most reachable rows record (else most rows); marks every row that records another. */
function flagDifferences(rows: NetworkSurveyRow[]): string | undefined {
  const reference = mostRecorded(rows.filter(answered)) ?? mostRecorded(rows);
  if (reference !== undefined) for (const r of rows) r.differs = r.multiAccountAddress !== undefined && !records(r, reference);
  return reference;
}

/** "mainnet, base (connection refused); nourl (no JSON-RPC URL)": the networks, grouped by why. */
function namesByReason(rows: NetworkSurveyRow[]): string {
  const groups = new Map<string, string[]>();
  for (const r of rows) {
    const why = r.note ?? r.code;
    groups.set(why, [...(groups.get(why) ?? []), r.network]);
  }
  return [...groups].map(([why, names]) => `${names.join(", ")} (${why})`).join("; ");
}

/** The networks left out of the summary, named: those whose node did not answer, and those not asked. */
function uncheckedLines(rows: NetworkSurveyRow[]): string[] {
  const unreachable = rows.filter((r) => r.code === "unreachable");
  const notAsked = rows.filter((r) => !answered(r) && r.code !== "unreachable");
  const lines: string[] = [];
  if (unreachable.length > 0) lines.push(`Unreachable, not checked (${unreachable.length}): ${namesByReason(unreachable)}.`);
  if (notAsked.length > 0) lines.push(`Not asked (${notAsked.length}): ${namesByReason(notAsked)}.`);
  return lines;
}

/** With an addresses file per network: whether the reachable networks agree, then the others named. */
function perNetworkSummary({ reference, networks }: NetworkSurvey): string[] {
  const reached = networks.filter(answered);
  const lines: string[] = [];
  if (reference === undefined) lines.push("No network's addresses file holds a multiAccountAddress.");
  else if (reached.length === 0) lines.push("No network answered: no recorded multiAccountAddress was checked on a chain.");
  else if (mostRecorded(reached) === undefined) lines.push(`No reachable network's addresses file holds a multiAccountAddress (${reached.length} reachable).`);
  else {
    const same = reached.filter((r) => records(r, reference)).length;
    const differing = reached.filter((r) => r.differs).map((r) => r.network);
    lines.push(
      differing.length === 0
        ? `Every reachable network that records a multiAccountAddress records ${reference} (${same} of ${reached.length} reachable).`
        : `${differing.length} reachable network(s) differ from ${reference} (recorded on ${same} of ${reached.length} reachable): ${differing.join(", ")}.`
    );
  }
  const missing = networks.filter((r) => r.code === "NO CODE").map((r) => r.network);
  if (missing.length > 0) lines.push(`No code at the recorded address on: ${missing.join(", ")}.`);
  return [...lines, ...uncheckedLines(networks)];
}

function printPerNetwork(log: Logger, survey: NetworkSurvey): void {
  const code = (r: NetworkSurveyRow) => (r.note === undefined ? r.code : r.code === "not checked" ? r.note : `${r.code}: ${r.note}`);
  printTable(log, [
    ["network", "chain", "multiAccountAddress", "code", ""],
    ...survey.networks.map((r) => [
      r.network,
      r.chainId === undefined ? "?" : String(r.chainId),
      r.multiAccountAddress ?? "(none)",
      code(r),
      r.differs ? "DIFFERS" : "",
    ]),
  ]);
  for (const line of perNetworkSummary(survey)) log.info(line);
  for (const r of survey.networks) if (r.owner !== undefined) log.info(`ProxyAdmin owner on ${r.network}: ${r.owner}`);
}

/** What the one addresses file holds: its multiAccountAddress, or why there is none to check. */
type SharedRecord = { address: string } | { missing: string };

function readShared(file: string): SharedRecord {
  try {
    const address = readAddresses(file)?.multiAccountAddress;
    if (address === undefined || address === "") return { missing: "no multiAccountAddress" };
    return ADDRESS.test(address) ? { address } : { missing: `multiAccountAddress "${address}" is not an address` };
  } catch (error) {
    return { missing: (error as Error).message };
  }
}

/** One addresses file for every network: its address once, with its code on each network that answered. */
function printShared(log: Logger, survey: NetworkSurvey, record: SharedRecord): void {
  const reached = survey.networks.filter(answered);
  const withCode = reached.filter((r) => r.code === "yes");
  const noCode = reached.filter((r) => r.code === "NO CODE");
  const on = (rows: NetworkSurveyRow[]) => rows.map((r) => `${r.network} (${r.chainId})`).join(", ");
  const found = [withCode.length > 0 ? `yes on ${on(withCode)}` : "", noCode.length > 0 ? `NO CODE on ${on(noCode)}` : ""].filter((part) => part !== "");
  const cell = "missing" in record ? record.missing : reached.length === 0 ? "not checked: no network answered" : found.join("; ");
  printTable(log, [
    ["networks", "multiAccountAddress", "code"],
    [`every network (${survey.networks.length})`, "address" in record ? record.address : "(none)", cell],
  ]);
  if ("missing" in record) {
    log.info(`Nothing to check on a chain: ${record.missing}.`);
    return;
  }
  const elsewhere = noCode.length > 0 ? `; no code on: ${noCode.map((r) => r.network).join(", ")}` : "";
  log.info(
    reached.length === 0
      ? `${record.address} was not checked: no network answered.`
      : `${record.address} has code on ${withCode.length} of ${reached.length} reachable network(s)${elsewhere}.`
  );
  for (const line of uncheckedLines(survey.networks)) log.info(line);
}

export interface SurveyOptions {
  /** The addresses file's path; a NETWORK_TOKEN in it gives each network its own file. */
  addressesFile: string;
  json: boolean;
  /** Which networks the targets are, for the heading (default "every configured network"; `--networks`: "the networks of --networks"). */
  scope?: string;
}

export async function showAllNetworks(
  targets: readonly SurveyTarget[],
  options: SurveyOptions,
  effects: { logger?: Logger; secrets?: readonly string[]; transport?: (url: string, headers?: Readonly<Record<string, string>>) => Transport } = {}
): Promise<NetworkSurvey> {
  // Every network's URL is read here: the credentials of each are kept out of the table and the notes.
  const secrets = mergeSecrets(effects.secrets ?? [], collectSecrets({ networks: Object.fromEntries(targets.map((t) => [t.network, { url: t.url }])) }, {}));
  const log = createLogger(secrets, effects.logger);
  const rows = await Promise.all(targets.map((target) => surveyOne(target, options.addressesFile, effects.transport ?? httpTransport)));
  for (const row of rows) if (row.note !== undefined) row.note = redact(row.note, secrets);
  const shared = !options.addressesFile.includes(NETWORK_TOKEN);
  const survey: NetworkSurvey = { addressesFile: options.addressesFile, shared, networks: rows };
  const reference = flagDifferences(rows);
  if (reference !== undefined) survey.reference = reference;
  if (options.json) {
    log.info(JSON.stringify(survey, null, 2));
    return survey;
  }
  log.info(
    `multiAccountAddress on ${options.scope ?? "every configured network"} (${shared ? "one addresses file serves every network" : "an addresses file per network"}: ${options.addressesFile})`
  );
  if (rows.length === 0) log.info("(no networks configured besides the in-process one)");
  else if (shared) printShared(log, survey, readShared(options.addressesFile));
  else printPerNetwork(log, survey);
  return survey;
}
