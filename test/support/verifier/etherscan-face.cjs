// The loopback verifier's Etherscan-style faces: Etherscan API V2 (/v2/api, a `chainid` and an
// `apikey` required, as the real service does) and Blockscout's Etherscan-compatible API
// (/blockscout/<chainId>/api, no key). Each answer comes from the verification engine's verdict.
"use strict";

const { chains, contracts, jobs, submit, settledWithin, keyOf, rpcOf, implementationOf } = require("./state.cjs");

/** How long a status check waits for a verdict before it answers "Pending in queue". */
const STATUS_WAIT_MS = 30_000;

const ok = (result) => ({ status: 200, body: { status: "1", message: "OK", result } });
const notOk = (result, message = "NOTOK") => ({ status: 200, body: { status: "0", message, result } });

const MISSING_CHAINID =
  "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids";
const NOT_MATCHING = "Fail - Unable to verify. Compiled contract deployment bytecode does NOT match the transaction deployment bytecode";

const hex = (value) =>
  String(value ?? "")
    .replace(/^0x/, "")
    .toLowerCase();

/**
 * Why an Etherscan-style explorer refuses a verdict (undefined: it accepts it). It keeps only a
 * perfect runtime match, whose creation code (when the engine found the creation transaction) also
 * matches, with the constructor arguments submitted.
 */
function refusal(verdict, submission) {
  if (verdict.error?.code === "contract_not_deployed" || verdict.error?.code === "cannot_fetch_bytecode")
    return `Unable to locate ContractCode at ${submission.address}`;
  if (verdict.error !== undefined) return `${NOT_MATCHING} (${verdict.error.code}: ${verdict.error.message})`;
  if (verdict.runtimeMatch === null) return `${NOT_MATCHING} (no_match)`;
  if (verdict.runtimeMatch === "partial" || verdict.creationMatch === "partial") {
    return (
      `Fail - Unable to verify. Partial match only (runtime ${verdict.runtimeMatch}, creation ${verdict.creationMatch ?? "not checked"}): ` +
      "the bytecode matches except its metadata hash, so this source is not the one deployed (a comment, whitespace or a file name differs)"
    );
  }
  if (
    verdict.creatorTxHash !== undefined &&
    submission.constructorArguments !== undefined &&
    hex(submission.constructorArguments) !== hex(verdict.constructorArguments)
  ) {
    return "Fail - Unable to verify. The constructor arguments submitted are not those of the creation transaction";
  }
  return undefined;
}

function verifySourceCode(face, chainId, params) {
  if (params.codeformat !== "solidity-standard-json-input") return notOk("Only solidity-standard-json-input is read by this explorer");
  const address = params.contractaddress ?? "";
  if (contracts.has(keyOf(face, chainId, address))) return notOk("Contract source code already verified");
  const job = submit(
    face,
    {
      chainId,
      address,
      input: JSON.parse(params.sourceCode),
      compilerVersion: params.compilerversion,
      contractIdentifier: params.contractname,
      // Etherscan's own spelling of the parameter; the correct one is read too.
      constructorArguments: params.constructorArguements ?? params.constructorArguments,
    },
    refusal
  );
  return ok(job.id);
}

async function checkVerifyStatus(face, params) {
  const job = jobs.get(params.guid ?? "");
  if (job === undefined || job.face !== face) return notOk("Unknown UID");
  await settledWithin(job, STATUS_WAIT_MS);
  if (!job.done) return notOk("Pending in queue");
  return job.refusal === undefined ? ok("Pass - Verified") : notOk(job.refusal);
}

/** getsourcecode: what the explorer holds for an address, as Etherscan lays it out. */
function sourceCode(face, chainId, params) {
  const held = contracts.get(keyOf(face, chainId, params.address));
  // A proxy linked here without its own source verified shows as a proxy all the same.
  if (held?.input === undefined) {
    const Implementation = held?.implementation ?? "";
    return ok([
      { SourceCode: "", ABI: "Contract source code not verified", ContractName: "", CompilerVersion: "", Proxy: Implementation ? "1" : "0", Implementation },
    ]);
  }
  const settings = held.input.settings ?? {};
  return ok([
    {
      // Etherscan wraps a standard JSON input in a second pair of braces.
      SourceCode: `{${JSON.stringify(held.input)}}`,
      ABI: JSON.stringify(held.verdict.abi ?? []),
      ContractName: held.contractIdentifier.slice(held.contractIdentifier.lastIndexOf(":") + 1),
      CompilerVersion: held.compilerVersion,
      OptimizationUsed: settings.optimizer?.enabled ? "1" : "0",
      Runs: String(settings.optimizer?.runs ?? 200),
      ConstructorArguments: hex(held.verdict.constructorArguments),
      EVMVersion: settings.evmVersion ?? "Default",
      Library: "",
      LicenseType: "",
      Proxy: held.implementation === undefined ? "0" : "1",
      Implementation: held.implementation ?? "",
      SwarmSource: "",
      // Not in Etherscan's answer: what the engine found, for the tests to read.
      RuntimeMatch: held.verdict.runtimeMatch,
      CreationMatch: held.verdict.creationMatch,
    },
  ]);
}

/**
 * verifyproxycontract: links a proxy to the implementation in its EIP-1967 slot, when that one is
 * verified here (and is the `expectedimplementation`, when given).
 */
async function verifyProxy(face, chainId, params) {
  const proxy = params.address ?? "";
  const implementation = await implementationOf(chainId, proxy);
  if (implementation === undefined) return notOk("A corresponding implementation contract was unfortunately not detected for the proxy address.");
  if (params.expectedimplementation && hex(params.expectedimplementation) !== hex(implementation)) {
    return notOk(`The implementation contract of the proxy is ${implementation}, not the expected ${params.expectedimplementation}.`);
  }
  const id = `proxy-${jobs.size + 1}`;
  jobs.set(id, { id, face, done: true, proxy, implementation, chainId });
  return ok(id);
}

function checkProxyVerification(face, params) {
  const job = jobs.get(params.guid ?? "");
  if (job === undefined || job.face !== face || job.proxy === undefined) return notOk("Unknown UID");
  const implementation = contracts.get(keyOf(face, job.chainId, job.implementation));
  if (implementation === undefined) return notOk(`The implementation contract at ${job.implementation} is not verified on this explorer.`);
  const key = keyOf(face, job.chainId, job.proxy);
  const proxy = contracts.get(key) ?? { unverifiedProxy: true };
  contracts.set(key, { ...proxy, implementation: job.implementation });
  return ok(`The proxy's (${job.proxy}) implementation contract is found at ${job.implementation} and is successfully updated.`);
}

async function getLogs(chainId, params) {
  const logs = await rpcOf(chainId).rpc("eth_getLogs", [{ address: params.address, topics: [params.topic0], fromBlock: "0x0", toBlock: "latest" }]);
  return logs.length === 0 ? notOk([], "No records found") : ok(logs);
}

/** The Etherscan-style face `face` ("etherscan" or "blockscout"); `chainId` given by a Blockscout's path. */
async function etherscanFace(face, url, body, pathChainId) {
  const query = Object.fromEntries(url.searchParams);
  const params = { ...query, ...Object.fromEntries(new URLSearchParams(body)) };
  const chainId = pathChainId ?? query.chainid;
  if (face === "etherscan") {
    if (!/^\d+$/.test(chainId ?? "")) return notOk(MISSING_CHAINID);
    if (!params.apikey) return notOk("Missing/Invalid API Key");
  }
  if (!chains.has(String(chainId))) return notOk(MISSING_CHAINID);
  switch (`${params.module}/${params.action}`) {
    case "contract/verifysourcecode":
      return verifySourceCode(face, chainId, params);
    case "contract/checkverifystatus":
      return checkVerifyStatus(face, params);
    case "contract/getsourcecode":
      return sourceCode(face, chainId, params);
    case "contract/verifyproxycontract":
      return verifyProxy(face, chainId, params);
    case "contract/checkproxyverification":
      return checkProxyVerification(face, params);
    case "logs/getLogs":
      return getLogs(chainId, params);
    default:
      return notOk("Error! Missing Or invalid Action name");
  }
}

module.exports = { etherscanFace };
