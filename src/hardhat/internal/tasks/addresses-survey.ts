// addresses:show --all-networks: every configured network's multiAccountAddress side by side, read
// from its addresses file, with the chain id and whether that address has code there, and a flag on the
// networks whose address differs from the one most of them record. Reads only: nothing is written
// and no addresses file is created.
import { readAddresses, type AddressesFile } from "../../addresses";
import { createLogger, printTable, type Logger } from "../output/log";
import { NETWORK_TOKEN, addressesFileFor } from "../files/addresses-path";
import { collectSecrets, mergeSecrets, redact } from "../output/redact";
import { classify } from "../rpc/failures";
import { behindHttpProxy, httpTransport, type Transport } from "../rpc/transport";

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
}

export interface NetworkSurvey {
  /** The addresses file's path, NETWORK_TOKEN left in. */
  addressesFile: string;
  /** The address most networks record (ties: the first configured), when any does. */
  reference?: string;
  networks: NetworkSurveyRow[];
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Per call, with one more attempt after a failure to get an answer. */
const CALL_TIMEOUT_MS = 10_000;

async function ask(transport: Transport, method: string, params: unknown[]): Promise<unknown> {
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
    return row({ ...recorded, chainId, code: typeof code === "string" && code !== "0x" && code !== "" ? "yes" : "NO CODE" });
  } catch (error) {
    return row({ ...recorded, code: "unreachable", note: classify(error).reason });
  }
}

/** The address most rows record, first configured on a tie; marks the rows that differ from it. */
function flagDifferences(rows: NetworkSurveyRow[]): string | undefined {
  const counts = new Map<string, number>();
  for (const r of rows)
    if (r.multiAccountAddress !== undefined && ADDRESS.test(r.multiAccountAddress))
      counts.set(r.multiAccountAddress.toLowerCase(), (counts.get(r.multiAccountAddress.toLowerCase()) ?? 0) + 1);
  let reference: string | undefined;
  for (const [address, count] of counts) if (reference === undefined || count > counts.get(reference)!) reference = address;
  if (reference === undefined) return undefined;
  for (const r of rows) r.differs = r.multiAccountAddress !== undefined && r.multiAccountAddress.toLowerCase() !== reference;
  return rows.find((r) => r.multiAccountAddress?.toLowerCase() === reference)!.multiAccountAddress;
}

function summary(survey: NetworkSurvey): string {
  const { reference, networks } = survey;
  if (reference === undefined) return "No network's addresses file holds a multiAccountAddress.";
  const differing = networks.filter((r) => r.differs).map((r) => r.network);
  const same = networks.filter((r) => r.multiAccountAddress?.toLowerCase() === reference.toLowerCase()).length;
  const missing = networks.filter((r) => r.code === "NO CODE").map((r) => r.network);
  const lines =
    differing.length === 0
      ? [`Every network that records a multiAccountAddress records ${reference} (${same} of ${networks.length}).`]
      : [`${differing.length} network(s) differ from ${reference} (recorded on ${same} of ${networks.length}): ${differing.join(", ")}.`];
  if (missing.length > 0) lines.push(`No code at the recorded address on: ${missing.join(", ")}.`);
  return lines.join("\n");
}

export interface SurveyOptions {
  /** The addresses file's path; a NETWORK_TOKEN in it gives each network its own file. */
  addressesFile: string;
  json: boolean;
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
  const survey: NetworkSurvey = { addressesFile: options.addressesFile, networks: rows };
  const reference = flagDifferences(rows);
  if (reference !== undefined) survey.reference = reference;
  if (options.json) {
    log.info(JSON.stringify(survey, null, 2));
    return survey;
  }
  const shared = !options.addressesFile.includes(NETWORK_TOKEN);
  log.info(
    `multiAccountAddress on every configured network (${shared ? "one addresses file for all of them" : "an addresses file per network"}: ${options.addressesFile})`
  );
  if (rows.length === 0) {
    log.info("(no networks configured besides the in-process one)");
    return survey;
  }
  const code = (r: NetworkSurveyRow) => (r.note === undefined ? r.code : r.code === "not checked" ? r.note : `${r.code}: ${r.note}`);
  printTable(log, [
    ["network", "chain", "multiAccountAddress", "code", ""],
    ...rows.map((r) => [r.network, r.chainId === undefined ? "?" : String(r.chainId), r.multiAccountAddress ?? "(none)", code(r), r.differs ? "DIFFERS" : ""]),
  ]);
  log.info(summary(survey));
  return survey;
}
