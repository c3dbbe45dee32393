// The loopback verifier's engine: Sourcify's own matching library (lib-sourcify) over the npm `solc`
// packages of this folder's package.json, against a chain's JSON-RPC. Runs on Node.js 22 (lib-sourcify
// needs it), from this folder's own install (test/hardhat/helpers/verifier.ts), never in the tests'
// process. Nothing here downloads a compiler: a version this folder lacks is an error.
"use strict";

const { createHash } = require("crypto");
const fs = require("fs");
const path = require("path");

const { SolidityCompilation, SourcifyChain, Verification } = require("@ethereum-sourcify/lib-sourcify");

/** The solc packages of package.json: `solc` and its `solc-<version>` aliases. */
const SOLC_PACKAGES = Object.keys(require("./package.json").dependencies).filter((name) => name === "solc" || name.startsWith("solc-"));

/** A package's version, read without loading its compiler (which takes a second or more). */
const packageVersion = (name) => require(`${name}/package.json`).version;

const compilers = new Map();
/** solc's output of each input, by version and the input's hash. */
const outputs = new Map();

/** The solc module of `version` ("0.8.24+commit.e11b9ed9", with or without a leading v), loaded once. */
function solcOf(version) {
  const short = version.replace(/^v/, "").split("+")[0];
  const name = SOLC_PACKAGES.find((candidate) => packageVersion(candidate) === short);
  if (name === undefined) throw new Error(`the loopback verifier has no solc ${short} (it has ${SOLC_PACKAGES.map(packageVersion).join(", ")})`);
  if (!compilers.has(name)) compilers.set(name, require(name));
  return compilers.get(name);
}

/** solc's long version, as explorers name it: "0.8.24+commit.e11b9ed9" (without ".Emscripten.clang"). */
function longVersion(version) {
  return solcOf(version)
    .version()
    .replace(/\.Emscripten.*$/, "");
}

// The outputs kept: VERIFIER_COMPILED (the test helper names a folder in the run's work folder, shared
// by the run's verifiers), else beside these sources.
const KEPT = process.env.VERIFIER_COMPILED || path.join(__dirname, "compiled");

function keptOutput(key) {
  try {
    return fs.readFileSync(path.join(KEPT, `${key}.json`), "utf8");
  } catch {
    return undefined;
  }
}

/** Keeps an output (written aside and renamed: another verifier may read it at the same time). */
function keepOutput(key, output) {
  fs.mkdirSync(KEPT, { recursive: true });
  const aside = path.join(KEPT, `${key}.${process.pid}.tmp`);
  fs.writeFileSync(aside, output);
  fs.renameSync(aside, path.join(KEPT, `${key}.json`));
  return output;
}

/** The npm solc of exactly `version` ("0.8.24+commit.e11b9ed9") compiles the standard-JSON `text`. */
function compileWith(version, text) {
  const wanted = longVersion(version);
  if (wanted !== version.replace(/^v/, "")) throw new Error(`solc ${version} asked for; this folder's is ${wanted}`);
  return solcOf(version).compile(text);
}

/** lib-sourcify's compiler: the npm solc of the version asked for. */
const compiler = {
  async compile(version, input) {
    // One compile per input, kept in memory and in the run's folder: the proxy and its admin are
    // submitted with the same input, and the stacks' verifiers share the proxies' (solc's output for
    // an input and a version never changes). A kept output needs no compiler loaded: loading one
    // costs seconds of processor time.
    const text = JSON.stringify(input);
    const key = `${version}-${createHash("sha256").update(text).digest("hex")}`;
    if (!outputs.has(key)) outputs.set(key, keptOutput(key) ?? keepOutput(key, compileWith(version, text)));
    return JSON.parse(outputs.get(key));
  },
};

/**
 * The transaction that created `address` on the chain at `rpc`: the first block whose state holds its
 * code (a binary search), and in it the contract creation transaction whose receipt names that
 * address, else the block's first transaction. A contract made by another contract (a factory, such
 * as CreateX) has no creation transaction of its own: lib-sourcify reads its creation code from a
 * call-tracer trace of that transaction, which Hardhat 3's node gives and Hardhat 2's refuses (its
 * creation match is then not checked). The chains here are a test node's, a few dozen blocks long.
 */
async function creationTransaction(rpc, address) {
  const hasCode = async (block) => !/^0x0*$/.test(await rpc("eth_getCode", [address, "0x" + block.toString(16)]));
  let high = Number(await rpc("eth_blockNumber", []));
  if (!(await hasCode(high))) return undefined;
  let low = 0;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await hasCode(middle)) high = middle;
    else low = middle + 1;
  }
  const block = await rpc("eth_getBlockByNumber", ["0x" + high.toString(16), true]);
  for (const tx of block?.transactions ?? []) {
    if (tx.to !== null && tx.to !== undefined) continue;
    const receipt = await rpc("eth_getTransactionReceipt", [tx.hash]);
    if ((receipt?.contractAddress ?? "").toLowerCase() === address.toLowerCase()) return tx.hash;
  }
  return block?.transactions?.[0]?.hash;
}

/** A JSON-RPC call to `url`. */
function rpcAt(url) {
  let id = 0;
  return async (method, params) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = await response.json();
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}

/**
 * Verifies `address` on chain `chainId` (its JSON-RPC at `rpcUrl`) against a standard JSON input.
 * Returns lib-sourcify's verdict: `runtimeMatch` and `creationMatch` ("perfect", "partial" or null),
 * or `error` (its code, such as "bytecode_length_mismatch" or "no_match", and message), and the
 * constructor arguments it found in the creation transaction.
 */
async function verify({ chainId, rpcUrl, address, input, compilerVersion, contractIdentifier }) {
  const started = Date.now();
  const separator = contractIdentifier.lastIndexOf(":");
  const target = { path: contractIdentifier.slice(0, separator), name: contractIdentifier.slice(separator + 1) };
  // Geth-style traces (debug_traceTransaction with callTracer), for a contract a factory created.
  const rpcs = [{ rpc: rpcUrl, traceSupport: "debug_traceTransaction" }];
  const chain = new SourcifyChain({ name: `loopback ${chainId}`, chainId: Number(chainId), rpcs, supported: true });
  const creatorTxHash = await creationTransaction(rpcAt(rpcUrl), address);
  const compilation = new SolidityCompilation(compiler, compilerVersion.replace(/^v/, ""), input, target);
  const verification = new Verification(compilation, chain, address, creatorTxHash);
  try {
    await verification.verify();
  } catch (error) {
    return { runtimeMatch: null, creationMatch: null, error: { code: error.code ?? "internal_error", message: error.message }, ms: Date.now() - started };
  }
  const { runtimeMatch, creationMatch } = verification.status;
  const constructorArguments = verification.transformations.creation.values.constructorArguments;
  const abi = verification.compilation.contractCompilerOutput.abi;
  // lib-sourcify drops the transaction it could not read the creation from (another contract's).
  return { runtimeMatch, creationMatch, constructorArguments, creatorTxHash: verification.creatorTxHash, abi, ms: Date.now() - started };
}

module.exports = { verify, longVersion, rpcAt };
