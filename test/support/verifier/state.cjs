// The loopback verifier's state, shared by its faces: the chains it reads, what each face holds
// verified, and the verification jobs, each running Sourcify's matching engine (engine.cjs).
"use strict";

const { verify, rpcAt } = require("./engine.cjs");

/** JSON-RPC URL of each chain, by chain id (a string). */
const chains = new Map(Object.entries(JSON.parse(process.env.VERIFIER_CHAINS ?? "{}")));
/** What each face holds verified, by `${face}:${chainId}:${address}` (lower case). */
const contracts = new Map();
/** Submissions by id: `{ done, verdict, face, key, ... }`. */
const jobs = new Map();
let sequence = 0;

const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

const tell = (message) => process.send?.(message);
const keyOf = (face, chainId, address) => `${face}:${chainId}:${String(address).toLowerCase()}`;

function rpcOf(chainId) {
  const url = chains.get(String(chainId));
  if (url === undefined) throw new Error(`the loopback verifier knows no chain ${chainId}`);
  return { url, rpc: rpcAt(url) };
}

/**
 * Starts a verification job on a face. Its verdict lands in `jobs`, with the face's `refusal` of it
 * (a message, or undefined when the face accepts it); an accepted one lands in `contracts` too.
 */
function submit(face, submission, refusal) {
  const id = `${face}-${++sequence}`;
  const key = keyOf(face, submission.chainId, submission.address);
  const job = { id, face, key, submission, done: false, verdict: undefined, refusal: undefined, startedAt: new Date().toISOString() };
  jobs.set(id, job);
  const { url } = rpcOf(submission.chainId);
  job.settled = verify({ ...submission, rpcUrl: url })
    .catch((error) => ({ runtimeMatch: null, creationMatch: null, error: { code: "internal_error", message: error.message } }))
    .then((verdict) => {
      job.verdict = verdict;
      job.refusal = refusal(verdict, submission);
      job.finishedAt = new Date().toISOString();
      job.done = true;
      if (job.refusal === undefined) contracts.set(key, { ...submission, verdict, verifiedAt: job.finishedAt, matchId: String(sequence) });
      const { abi, ...shown } = verdict;
      tell({
        type: "verdict",
        face,
        id,
        chainId: String(submission.chainId),
        address: submission.address,
        contract: submission.contractIdentifier,
        ...shown,
        refusal: job.refusal,
      });
    });
  return job;
}

/**
 * Waits (at most `ms`) for a job's verdict. A status check waits for it rather than answering
 * "pending" at once: the explorer plugins poll every few seconds, and the suite would wait for
 * their next poll each time. "Pending" is still answered on demand (the server's "disturb").
 */
function settledWithin(job, ms) {
  if (job.done) return Promise.resolve();
  return Promise.race([job.settled, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}

/** A proxy's implementation, read from its EIP-1967 slot (undefined when the slot is empty). */
async function implementationOf(chainId, proxy) {
  const word = await rpcOf(chainId).rpc("eth_getStorageAt", [proxy, IMPLEMENTATION_SLOT, "latest"]);
  const address = "0x" + String(word).slice(-40);
  return /^0x0{40}$/.test(address) ? undefined : address;
}

module.exports = { chains, contracts, jobs, submit, settledWithin, keyOf, rpcOf, tell, implementationOf };
