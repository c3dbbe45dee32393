// The loopback verifier's Sourcify face: the three endpoints of Sourcify's v2 API that hardhat-verify 3
// calls under `verify.sourcify.apiUrl`. A match is Sourcify's: "exact_match" for a perfect one,
// "match" for a partial one (the metadata hash differs), null for none.
"use strict";

const { chains, contracts, jobs, submit, settledWithin, keyOf } = require("./state.cjs");

/** How long a status request waits for a verdict before it answers that the job is not completed. */
const STATUS_WAIT_MS = 30_000;

const MATCH = { perfect: "exact_match", partial: "match" };
const matchOf = (status) => MATCH[status] ?? null;

const error = (status, customCode, message) => ({ status, body: { customCode, message, errorId: crypto.randomUUID() } });

/** The contract's three matches, Sourcify's way: the overall one is the better of the two. */
function matches(verdict, chainId, address) {
  const runtimeMatch = matchOf(verdict?.runtimeMatch);
  const creationMatch = matchOf(verdict?.creationMatch);
  const match = runtimeMatch === "exact_match" || creationMatch === "exact_match" ? "exact_match" : (runtimeMatch ?? creationMatch);
  return { match, creationMatch, runtimeMatch, chainId: String(chainId), address };
}

/** Sourcify keeps any match, partial included; an error or no match is refused. */
const refusal = (verdict) =>
  verdict.error !== undefined ? verdict.error.message : verdict.runtimeMatch === null && verdict.creationMatch === null ? "no match" : undefined;

function lookup(chainId, address) {
  const held = contracts.get(keyOf("sourcify", chainId, address));
  if (held === undefined) return { status: 404, body: { match: null, creationMatch: null, runtimeMatch: null, chainId: String(chainId), address } };
  return { status: 200, body: { ...matches(held.verdict, chainId, address), verifiedAt: held.verifiedAt, matchId: held.matchId } };
}

function startVerification(chainId, address, body) {
  if (!chains.has(String(chainId))) return error(400, "unsupported_chain", `Chain ${chainId} is not supported by this Sourcify`);
  let request;
  try {
    request = JSON.parse(body);
  } catch {
    return error(400, "invalid_json", "The request body is not JSON");
  }
  if (request.stdJsonInput === undefined || request.compilerVersion === undefined || request.contractIdentifier === undefined) {
    return error(400, "invalid_parameter", "stdJsonInput, compilerVersion and contractIdentifier are required");
  }
  const held = contracts.get(keyOf("sourcify", chainId, address));
  if (held !== undefined && held.verdict.runtimeMatch === "perfect")
    return error(409, "already_verified", `Contract ${address} on chain ${chainId} is already verified`);
  const job = submit(
    "sourcify",
    { chainId, address, input: request.stdJsonInput, compilerVersion: request.compilerVersion, contractIdentifier: request.contractIdentifier },
    refusal
  );
  return { status: 202, body: { verificationId: job.id } };
}

async function jobStatus(id) {
  const job = jobs.get(id);
  if (job === undefined || job.face !== "sourcify") return error(404, "job_not_found", `No verification job ${id}`);
  await settledWithin(job, STATUS_WAIT_MS);
  const { chainId, address } = job.submission;
  const answer = {
    isJobCompleted: job.done,
    verificationId: job.id,
    jobStartTime: job.startedAt,
    contract: job.done && job.refusal === undefined ? matches(job.verdict, chainId, address) : matches(undefined, chainId, address),
  };
  if (!job.done) return { status: 200, body: answer };
  answer.jobFinishTime = job.finishedAt;
  if (job.refusal !== undefined) answer.error = { customCode: job.verdict.error?.code ?? "no_match", message: job.refusal, errorId: crypto.randomUUID() };
  return { status: 200, body: answer };
}

/** The Sourcify face's answer to a request under /v2/, or undefined (404) for another path. */
async function sourcifyFace(method, url, body) {
  const contract = /^\/v2\/contract\/(\d+)\/(0x[0-9a-fA-F]{40})$/.exec(url.pathname);
  if (contract && method === "GET") return lookup(contract[1], contract[2]);
  const verify = /^\/v2\/verify\/(\d+)\/(0x[0-9a-fA-F]{40})$/.exec(url.pathname);
  if (verify && method === "POST") return startVerification(verify[1], verify[2], body);
  const status = /^\/v2\/verify\/([^/]+)$/.exec(url.pathname);
  if (status && method === "GET") return jobStatus(status[1]);
  return undefined;
}

/** The standard JSON input a contract's metadata stands for: its sources (sent beside it) and settings. */
function stdJsonInputOf(metadata, files) {
  const { compilationTarget, libraries, ...settings } = metadata.settings;
  const sources = Object.fromEntries(Object.keys(metadata.sources).map((name) => [name, { content: files[name] }]));
  const linked = {};
  for (const [where, address] of Object.entries(libraries ?? {})) {
    const [file, name] = where.includes(":") ? where.split(":") : ["", where];
    (linked[file] ??= {})[name] = address;
  }
  return {
    language: metadata.language,
    sources,
    settings: { ...settings, libraries: linked, outputSelection: { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode", "metadata"] } } },
  };
}

const legacyStatus = (verdict) => (verdict.runtimeMatch === "perfect" ? "perfect" : "partial");

/**
 * Sourcify's older API, which hardhat-verify 2 speaks (its `sourcify.apiUrl` set to `<verifier>/sourcify-legacy`):
 * `GET <base>/check-all-by-addresses?addresses=&chainIds=`, and `POST <base>` with the contract's
 * metadata and sources, answered once the engine's verdict is in. It shares the v2 face's contracts.
 */
async function legacySourcifyFace(method, url, body, base) {
  const rest = url.pathname.slice(base.length);
  if (method === "GET" && rest === "/check-all-by-addresses") {
    const chainIds = (url.searchParams.get("chainIds") ?? "").split(",");
    const answer = (url.searchParams.get("addresses") ?? "").split(",").map((address) => {
      const found = chainIds.map((chainId) => [chainId, contracts.get(keyOf("sourcify", chainId, address))]).filter(([, held]) => held !== undefined);
      if (found.length === 0) return { address, status: "false" };
      return { address, chainIds: found.map(([chainId, held]) => ({ chainId, status: legacyStatus(held.verdict) })) };
    });
    return { status: 200, body: answer };
  }
  if (method !== "POST" || (rest !== "" && rest !== "/")) return undefined;
  let request;
  let metadata;
  try {
    request = JSON.parse(body);
    metadata = JSON.parse(request.files["metadata.json"]);
  } catch {
    return { status: 400, body: { error: "The request needs files, with a metadata.json" } };
  }
  if (!chains.has(String(request.chain))) return { status: 400, body: { error: `Chain ${request.chain} is not supported by this Sourcify` } };
  const [source, name] = Object.entries(metadata.settings.compilationTarget)[0];
  const submission = {
    chainId: String(request.chain),
    address: request.address,
    input: stdJsonInputOf(metadata, request.files),
    compilerVersion: metadata.compiler.version,
    contractIdentifier: `${source}:${name}`,
  };
  const job = submit("sourcify", submission, refusal);
  await job.settled;
  if (job.refusal !== undefined) return { status: 400, body: { error: job.refusal } };
  return { status: 200, body: { result: [{ address: request.address, chainId: String(request.chain), status: legacyStatus(job.verdict) }] } };
}

module.exports = { sourcifyFace, legacySourcifyFace };
