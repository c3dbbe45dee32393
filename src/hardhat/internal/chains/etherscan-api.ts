// The few calls of an Etherscan-style API (Etherscan API V2, or a chain's own at its route) that
// verification makes itself on Hardhat 2, where neither explorer plugin offers them: whether an
// address is verified, the first log of an event, and a source submitted and its status awaited.
// `apiUrl` is the route's (V2's carries the chain's `chainid`).
import { fetchExplorerJson } from "./explorer-exchange";

export interface EtherscanEndpoint {
  apiUrl: string;
  key: string;
}

interface Answer {
  status: string;
  message: string;
  result: unknown;
}

async function call(endpoint: EtherscanEndpoint, params: Record<string, string>, method: "GET" | "POST" = "GET"): Promise<Answer> {
  const url = new URL(endpoint.apiUrl);
  const form = new URLSearchParams({ ...params, apikey: endpoint.key });
  if (method === "GET") for (const [name, value] of form) url.searchParams.set(name, value);
  // Bounded in time and size (explorer-exchange.ts), as every exchange with an explorer.
  const response = await fetchExplorerJson(url, method === "GET" ? {} : { method, body: form }, `${url.origin}${url.pathname}`);
  if (!response.ok) throw new Error(`${url.origin}${url.pathname} answered ${response.status} to ${params.module}/${params.action}`);
  if (response.body === undefined) throw new Error(`${url.origin}${url.pathname} answered ${params.module}/${params.action} with no JSON`);
  return response.body as Answer;
}

/** Whether the explorer holds a verified source for `address`. */
export async function isVerifiedOn(endpoint: EtherscanEndpoint, address: string): Promise<boolean> {
  const answer = await call(endpoint, { module: "contract", action: "getsourcecode", address });
  const entry = Array.isArray(answer.result) ? (answer.result[0] as { SourceCode?: unknown } | undefined) : undefined;
  return typeof entry?.SourceCode === "string" && entry.SourceCode !== "";
}

/** The transaction of the first log of `address` with `topic0`, or undefined when the explorer has none. */
export async function firstLogTransaction(endpoint: EtherscanEndpoint, address: string, topic0: string): Promise<string | undefined> {
  const answer = await call(endpoint, { module: "logs", action: "getLogs", fromBlock: "0", toBlock: "latest", address, topic0 });
  const first = answer.status === "1" && Array.isArray(answer.result) ? (answer.result[0] as { transactionHash?: string } | undefined) : undefined;
  return first?.transactionHash;
}

export interface SourceSubmission {
  address: string;
  contractName: string;
  input: object;
  compilerVersion: string;
  constructorArguments: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Submits a standard JSON input and waits for the verdict (polling every `pollMs` while pending). */
export async function submitSource(endpoint: EtherscanEndpoint, submission: SourceSubmission, pollMs = 3000): Promise<{ success: boolean; message: string }> {
  const submitted = await call(
    endpoint,
    {
      module: "contract",
      action: "verifysourcecode",
      contractaddress: submission.address,
      sourceCode: JSON.stringify(submission.input),
      codeformat: "solidity-standard-json-input",
      contractname: submission.contractName,
      compilerversion: submission.compilerVersion,
      // Etherscan's own spelling of the parameter.
      constructorArguements: submission.constructorArguments,
    },
    "POST"
  );
  if (submitted.status !== "1") return { success: false, message: String(submitted.result) };
  for (let poll = 0; poll < 100; poll++) {
    const status = await call(endpoint, { module: "contract", action: "checkverifystatus", guid: String(submitted.result) });
    if (status.result !== "Pending in queue") return { success: status.status === "1", message: String(status.result) };
    await sleep(pollMs);
  }
  return { success: false, message: "still pending after 100 status checks" };
}
