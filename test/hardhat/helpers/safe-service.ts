// A loopback Safe Transaction Service, one per chain under /<chainId>/api: the endpoints @safe-global/api-kit calls to propose, read and
// confirm a multisig transaction, answering as Safe's service documents them and checking what it
// checks (the safeTxHash recomputed from the fields, a signature that recovers to the sender, a
// sender that is an owner or a delegate). Owners, threshold and nonce are read from the chain.
// Every request is kept, with whether it carried an Authorization header.
import http from "http";
import type { AddressInfo } from "net";
import { Contract, utils, type providers } from "ethers";
import { SAFE_ABI } from "./safe";

export interface ServiceRequest {
  chainId: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  authorization: string | undefined;
}

export interface StoredTransaction {
  chainId: number;
  safe: string;
  to: string;
  value: string;
  data: string | null;
  operation: number;
  safeTxGas: string;
  baseGas: string;
  gasPrice: string;
  gasToken: string;
  refundReceiver: string;
  nonce: string;
  safeTxHash: string;
  proposer: string;
  origin: unknown;
  confirmations: Array<{ owner: string; signature: string; signatureType: string }>;
}

export interface SafeService {
  /** The base URL api-kit takes as txServiceUrl, for a chain. */
  url(chainId: number): string;
  /** The same with a {chainId} placeholder, as multiAccount.safe.txServiceUrl takes it. */
  pattern: string;
  /** Called with each proposal stored (after its checks passed). */
  onProposal?: (transaction: StoredTransaction) => void;
  requests: ServiceRequest[];
  transactions: Map<string, StoredTransaction>;
  /** Delegates per Safe (checksummed addresses). */
  delegates: Map<string, string[]>;
  stop(): Promise<void>;
}

const SAFE_TX = [
  { name: "to", type: "address" },
  { name: "value", type: "uint256" },
  { name: "data", type: "bytes" },
  { name: "operation", type: "uint8" },
  { name: "safeTxGas", type: "uint256" },
  { name: "baseGas", type: "uint256" },
  { name: "gasPrice", type: "uint256" },
  { name: "gasToken", type: "address" },
  { name: "refundReceiver", type: "address" },
  { name: "nonce", type: "uint256" },
];

/** The signer of an EOA signature of `hash`: EIP-712 (v 27/28) or eth_sign (v 31/32, over the prefixed hash). */
function recover(hash: string, signature: string): string {
  const v = parseInt(signature.slice(-2), 16);
  if (v > 30) return utils.recoverAddress(utils.hashMessage(utils.arrayify(hash)), signature.slice(0, -2) + (v - 4).toString(16));
  return utils.recoverAddress(hash, signature);
}

export async function startSafeService(chains: Record<number, providers.Provider>): Promise<SafeService> {
  const requests: ServiceRequest[] = [];
  const transactions = new Map<string, StoredTransaction>();
  const delegates = new Map<string, string[]>();
  const state = async (address: string, chainId: number) => {
    const safe = new Contract(address, SAFE_ABI as never, chains[chainId]);
    const [owners, threshold, nonce] = await Promise.all([safe.getOwners(), safe.getThreshold(), safe.nonce()]);
    return { owners: (owners as string[]).map((owner) => utils.getAddress(owner)), threshold: Number(threshold), nonce: Number(nonce) };
  };
  const view = async (tx: StoredTransaction) => {
    const { threshold, nonce } = await state(tx.safe, tx.chainId);
    return { ...tx, confirmationsRequired: threshold, isExecuted: Number(tx.nonce) < nonce };
  };

  const routes: Array<[string, RegExp, (match: string[], request: ServiceRequest) => Promise<[number, unknown]>]> = [
    [
      "GET",
      /^\/v1\/safes\/(0x[0-9a-fA-F]{40})\/$/,
      async ([safe], request) => {
        const { owners, threshold, nonce } = await state(safe, request.chainId);
        return [200, { address: utils.getAddress(safe), nonce: String(nonce), threshold, owners, version: "1.4.1" }];
      },
    ],
    [
      "GET",
      /^\/v2\/delegates\/?$/,
      async (_, request) => {
        const safe = utils.getAddress(request.query.safe);
        const results = (delegates.get(safe) ?? []).map((delegate) => ({ safe, delegate, delegator: delegate, label: "delegate", expiryDate: null }));
        return [200, { count: results.length, next: null, previous: null, results }];
      },
    ],
    [
      "GET",
      /^\/v[12]\/safes\/(0x[0-9a-fA-F]{40})\/multisig-transactions\/$/,
      async ([safe], request) => {
        const from = Number(request.query.nonce__gte ?? 0);
        const mine = [...transactions.values()].filter((tx) => tx.chainId === request.chainId && tx.safe === utils.getAddress(safe));
        const all = await Promise.all(mine.map(view));
        const results = all.filter((tx) => (request.query.executed === "false" ? !tx.isExecuted : true) && Number(tx.nonce) >= from);
        return [200, { count: results.length, next: null, previous: null, results }];
      },
    ],
    [
      "POST",
      /^\/v[12]\/safes\/(0x[0-9a-fA-F]{40})\/multisig-transactions\/$/,
      ([safe], request) => propose(request.chainId, utils.getAddress(safe), request.body ?? {}),
    ],
    [
      "GET",
      /^\/v[12]\/multisig-transactions\/(0x[0-9a-fA-F]{64})\/$/,
      async ([hash]) => {
        const tx = transactions.get(hash.toLowerCase());
        return tx === undefined ? [404, { detail: "Not found." }] : [200, await view(tx)];
      },
    ],
    [
      "POST",
      /^\/v[12]\/multisig-transactions\/(0x[0-9a-fA-F]{64})\/confirmations\/$/,
      async ([hash], request) => {
        const tx = transactions.get(hash.toLowerCase());
        if (tx === undefined) return [404, { detail: "Not found." }];
        const signature = String(request.body?.signature ?? "");
        const owner = recover(tx.safeTxHash, signature);
        if (!(await state(tx.safe, tx.chainId)).owners.includes(owner)) return [422, { signature: [`Signer=${owner} is not an owner`] }];
        if (!tx.confirmations.some((confirmation) => confirmation.owner === owner)) tx.confirmations.push({ owner, signature, signatureType: "EOA" });
        return [201, { signature }];
      },
    ],
  ];

  /** The service's checks on a proposal, then the transaction stored with the sender's confirmation when it is an owner. */
  async function propose(chainId: number, safe: string, body: Record<string, unknown>): Promise<[number, unknown]> {
    const fields = Object.fromEntries(SAFE_TX.map(({ name }) => [name, body[name] ?? (name === "data" ? "0x" : undefined)]));
    const hash = utils._TypedDataEncoder.hash({ chainId, verifyingContract: safe }, { SafeTx: SAFE_TX }, fields);
    if (hash !== String(body.contractTransactionHash).toLowerCase()) {
      return [422, { nonFieldErrors: [`Contract-transaction-hash=${hash} does not match provided contract-tx-hash=${String(body.contractTransactionHash)}`] }];
    }
    const sender = utils.getAddress(String(body.sender));
    const signer = recover(hash, String(body.signature));
    if (signer !== sender) return [422, { nonFieldErrors: [`Signer=${signer} is not the sender=${sender}`] }];
    const { owners, nonce } = await state(safe, chainId);
    const isOwner = owners.includes(sender);
    if (!isOwner && !(delegates.get(safe) ?? []).includes(sender)) return [422, { nonFieldErrors: [`User=${sender} is not an owner or a delegate`] }];
    if (Number(body.nonce) < nonce) return [422, { nonFieldErrors: [`Tx with nonce=${String(body.nonce)} already executed`] }];
    const stored: StoredTransaction = {
      chainId,
      safe,
      ...(fields as Omit<StoredTransaction, "chainId" | "safe" | "safeTxHash" | "proposer" | "origin" | "confirmations">),
      nonce: String(body.nonce),
      safeTxHash: hash,
      proposer: sender,
      origin: body.origin,
      confirmations: isOwner ? [{ owner: sender, signature: String(body.signature), signatureType: "EOA" }] : [],
    };
    transactions.set(hash, stored);
    service.onProposal?.(stored);
    return [201, null];
  }

  const server = http.createServer((incoming, response) => {
    let text = "";
    incoming.on("data", (chunk: Buffer) => (text += chunk.toString()));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const [, chain, path] = /^\/(\d+)\/api(\/.*)$/.exec(url.pathname) ?? ["", "0", url.pathname];
      const request: ServiceRequest = {
        chainId: Number(chain),
        method: incoming.method ?? "GET",
        path,
        query: Object.fromEntries(url.searchParams),
        body: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>),
        authorization: incoming.headers.authorization,
      };
      requests.push(request);
      const route = chains[request.chainId] === undefined ? undefined : routes.find(([method, pattern]) => method === request.method && pattern.test(path));
      const answer =
        route === undefined ? Promise.resolve<[number, unknown]>([404, { detail: "Not found." }]) : route[2](route[1].exec(path)!.slice(1), request);
      void answer
        .catch((error: Error): [number, unknown] => [500, { detail: error.message }])
        .then(([status, body]) => {
          response.writeHead(status, { "content-type": "application/json" });
          response.end(body === null ? "" : JSON.stringify(body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const service: SafeService = {
    url: (chainId) => `http://127.0.0.1:${port}/${chainId}/api`,
    pattern: `http://127.0.0.1:${port}/{chainId}/api`,
    requests,
    transactions,
    delegates,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return service;
}
