// What a provider echoes of the key in its RPC URL is never printed nor written, on each stack: each
// host project deploys on `docker` (HARDHAT_DOCKER_URL with a key in its path and another in its
// query, PRIVATE_KEY set) through a loopback proxy in front of `hardhat node` that refuses calls the
// ways real providers do, echoing the keys it was called with. --show-stack-traces, so that both
// Hardhat majors print the whole error: stack traces, `parent` and `[cause]` (without it, an expected
// error prints as its message alone even on CI: hosts/stacks.test.ts). addresses:show
// --all-networks reads a second network whose endpoint echoes that network's own key.
//
// The runs of one stack go side by side against one node (each its own proxy, record and journal),
// and the three stacks side by side too. Runs after stacks.test.ts (file order): that file checks
// that a fresh project compiles first.
import { expect } from "chai";
import fs from "fs";
import path from "path";
import { journalPathFor } from "../../../src/hardhat/internal/rpc/journal";
import { startFaultyRpc, type CallInfo, type CallLog, type FaultyRpc, type RpcErrorAnswer } from "../helpers/faulty-rpc";
import { prepareHost, startHosts, type HostProject } from "../helpers/hosts";
import { errorHead, runHardhat, type LocalNode, type RunResult } from "../helpers/processes";
import { deployStandIn } from "../helpers/stand-in";
import { ADMIN, NODE_KEY, STACKS, compiled, startChain, type StackCase } from "./cases";

const PATH_KEY = "PATHKEYabcdef123456";
const QUERY_KEY = "QUERYKEY987654zyx";
const KEYED = `/v3/${PATH_KEY}?apikey=${QUERY_KEY}`;
/** The second network's URL, for addresses:show --all-networks. */
const OTHER_PATH_KEY = "BSCKEY0123456789abc";
const OTHER_QUERY_KEY = "BSCQUERY55555xyz";
const OTHER_KEYED = `/bsc/${OTHER_PATH_KEY}?token=${OTHER_QUERY_KEY}`;
/**
 * Every key, and the path and query that hold them, as written and URL-encoded. The keys are
 * letters and digits, which URL encoding leaves as they are: where neither key is found, no encoded
 * form of them is either.
 */
const FORMS = [...new Set([PATH_KEY, QUERY_KEY, OTHER_PATH_KEY, OTHER_QUERY_KEY, KEYED, OTHER_KEYED].flatMap((form) => [form, encodeURIComponent(form)]))];
const SENDS = new Set(["eth_sendRawTransaction", "eth_sendTransaction"]);
/** Folders of the host that the runs do not write into, or only build output. */
const SKIPPED = new Set(["node_modules", "artifacts", "cache"]);

function leaks(text: string): string[] {
  return FORMS.filter((form) => text.includes(form));
}

interface RefusalCase {
  id: string;
  name: string;
  /** The JSON-RPC error the endpoint answers a call with; `origin` is the proxy's `http://127.0.0.1:port`. */
  refuse: (call: CallInfo, origin: string) => RpcErrorAnswer | undefined;
  /** The first line of stderr, after "Error in [community ]plugin multiaccount-kit: ". */
  head: RegExp;
}

const CASES: RefusalCase[] = [
  {
    id: "quota",
    name: "the send refused, over quota, naming the path key: the deploy fails naming the endpoint, the key redacted",
    refuse: (call) => (SENDS.has(call.method) ? { code: -32000, message: `project ${PATH_KEY} over quota for /v3/${PATH_KEY}` } : undefined),
    head: /Deployment failed on "docker": project <redacted> over quota for <redacted>\./,
  },
  {
    id: "api-key",
    name: "every call refused as an invalid api key, naming the query key: the task stops naming the endpoint, the key redacted",
    refuse: () => ({ code: -32002, message: `invalid api key ${QUERY_KEY}` }),
    head: /deploy-multiaccount stopped while reading the (chain id|deployer account): "invalid api key <redacted>"\./,
  },
  {
    id: "echo-send",
    name: "the send refused, echoing the whole request URL (also URL-encoded, and in error.data): path and query redacted",
    refuse: (call, origin) =>
      SENDS.has(call.method)
        ? {
            code: -32000,
            message: `request to ${origin}${call.path} refused (${encodeURIComponent(origin + call.path)})`,
            data: { url: `${origin}${call.path}`, path: call.path },
          }
        : undefined,
    head: /Deployment failed on "docker": request to http:\/\/127\.0\.0\.1:\d+<redacted> refused \(http%3A%2F%2F127\.0\.0\.1%3A\d+<redacted>\)\./,
  },
  {
    id: "echo-chain-id",
    name: "eth_chainId refused, echoing the whole URL: the message, its parent and its cause all redacted",
    refuse: (call, origin) =>
      call.method === "eth_chainId" ? { code: -32000, message: `chain id unavailable at ${origin}${call.path}`, data: { path: call.path } } : undefined,
    head: /deploy-multiaccount stopped while reading the chain id: "chain id unavailable at http:\/\/127\.0\.0\.1:\d+<redacted>"\./,
  },
];

interface Observed {
  result: RunResult;
  calls: CallLog[];
  /** The addresses file and the send journal the run used, when they exist, by path. */
  files: Record<string, string>;
}

interface StackRuns {
  host: HostProject;
  cases: Map<string, Observed>;
  survey: Observed;
}

type Hardhat = (args: string[], env: Record<string, string>) => Promise<RunResult>;

/** One proxy per run: each refuses its own way. */
async function refusingProxy(
  node: LocalNode,
  proxies: FaultyRpc[],
  refuse?: (call: CallInfo, origin: string) => RpcErrorAnswer | undefined
): Promise<FaultyRpc> {
  const proxy = await startFaultyRpc(node.url);
  proxies.push(proxy);
  if (refuse !== undefined) proxy.setPlan({ refuse: (call) => refuse(call, proxy.url) });
  return proxy;
}

function filesOf(...paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.filter((file) => fs.existsSync(file)).map((file) => [file, fs.readFileSync(file, "utf8")]));
}

async function deployThrough(hardhat: Hardhat, host: HostProject, proxy: FaultyRpc, refusal: RefusalCase, protocol: string): Promise<Observed> {
  const file = path.join(host.dir, "output", `url-secrets-${refusal.id}.json`);
  fs.writeFileSync(file, JSON.stringify({ protocolAddress: protocol }, null, 2) + "\n");
  const args = ["deploy-multiaccount", "--network", "docker", "--admin", ADMIN, "--no-verify", "--no-compile", "--addresses-file", file, "--show-stack-traces"];
  const result = await hardhat(args, { HARDHAT_DOCKER_URL: `${proxy.url}${KEYED}` });
  return { result, calls: [...proxy.calls], files: filesOf(file, journalPathFor(file)) };
}

/** addresses:show --all-networks: docker answers through a plain proxy; bsc's endpoint refuses every call, echoing bsc's keys. */
async function surveyThrough(hardhat: Hardhat, host: HostProject, docker: FaultyRpc, bsc: FaultyRpc): Promise<Observed> {
  // Port 1: nothing listens there, ever. A port free a moment ago could go to another stack's endpoint
  // (the three stacks run at once), which would then get this survey's calls.
  const closed = "http://127.0.0.1:1";
  const env: Record<string, string> = { HARDHAT_DOCKER_URL: `${docker.url}${KEYED}`, BSC_RPC_URL: `${bsc.url}${OTHER_KEYED}`, LOCALHOST_RPC_URL: closed };
  for (const network of ["MAINNET", "OPBNB", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "MANTLE", "BLAST", "MODE", "SONIC"]) env[`${network}_RPC_URL`] = closed;
  const pattern = path.join(host.dir, "output", "url-secrets-{network}.json");
  const result = await hardhat(["addresses:show", "--all-networks", "--network", "docker", "--addresses-file", pattern], env);
  return { result, calls: [...bsc.calls], files: {} };
}

async function runStack(stack: StackCase): Promise<StackRuns> {
  const host = await prepareHost(stack.host);
  const node = await startChain(host, stack, 31337);
  const proxies: FaultyRpc[] = [];
  try {
    const protocol = await deployStandIn(node);
    const hardhat: Hardhat = (args, env) =>
      runHardhat(host.dir, args, { CI: "true", PRIVATE_KEY: NODE_KEY, ...env }, { nodeArgs: stack.nodeArgs, node: host.node });
    // Run on its own, this file finds the project not yet compiled; the runs side by side must not all compile it.
    if (!compiled(host.dir, "MultiAccount")) {
      const build = await hardhat(stack.major === 3 ? ["build", "--quiet"] : ["compile", "--quiet"], {});
      if (build.code !== 0) throw new Error(`compiling ${stack.host} failed:\n${build.output}`);
    }
    fs.mkdirSync(path.join(host.dir, "output"), { recursive: true });
    const echoing = (call: CallInfo): RpcErrorAnswer => {
      const [, project, token] = /^\/bsc\/([^?]+)\?token=(.*)$/.exec(call.path) ?? [];
      return { code: -32002, message: `unknown project ${project} (token ${token})` };
    };
    const [survey, ...deploys] = await Promise.all([
      Promise.all([refusingProxy(node, proxies), refusingProxy(node, proxies, echoing)]).then(([docker, bsc]) => surveyThrough(hardhat, host, docker, bsc)),
      ...CASES.map(async (refusal) => deployThrough(hardhat, host, await refusingProxy(node, proxies, refusal.refuse), refusal, protocol)),
    ]);
    return { host, cases: new Map(CASES.map((refusal, i) => [refusal.id, deploys[i]])), survey };
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await node.stop();
  }
}

/** Every file under `dir` but node_modules and build output, by path. */
function walk(dir: string, found: Record<string, string> = {}): Record<string, string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) walk(file, found);
    } else if (entry.isFile()) {
      found[file] = fs.readFileSync(file, "latin1");
    }
  }
  return found;
}

/** Neither the run's output, nor its record and journal, nor any file under the host project holds a form of a key. */
function expectNoKey(observed: Observed, host: HostProject): void {
  const { result, files } = observed;
  expect(leaks(result.stdout), `stdout\n${result.stdout}`).to.deep.equal([]);
  expect(leaks(result.stderr), `stderr\n${result.stderr}`).to.deep.equal([]);
  for (const [file, text] of Object.entries(files)) expect(leaks(text), file).to.deep.equal([]);
  const found = Object.entries(walk(host.dir))
    .map(([file, text]) => [path.relative(host.dir, file), leaks(text)] as const)
    .filter(([, forms]) => forms.length > 0);
  expect(found, "files under the host project").to.deep.equal([]);
}

describe("a provider echoing the key in its RPC URL: the key is never printed nor written, on each stack", function () {
  const runs = new Map<string, Promise<StackRuns>>();
  before(() => {
    startHosts();
    for (const stack of STACKS) {
      const running = runStack(stack);
      running.catch(() => undefined);
      runs.set(stack.host, running);
    }
  });

  for (const stack of STACKS) {
    describe(stack.label, function () {
      for (const refusal of CASES) {
        it(refusal.name, async () => {
          const { host, cases } = await runs.get(stack.host)!;
          const observed = cases.get(refusal.id)!;
          const { result, calls, files } = observed;
          // The endpoint was called with the keys, and refused with them: there was something to leak.
          expect(calls.length, result.output).to.be.greaterThan(0);
          expect(
            calls.every((call) => call.path === KEYED),
            "a call without the keyed path"
          ).to.equal(true);
          const refused = calls.filter((call) => call.refused !== undefined);
          expect(refused.length, `nothing was refused\n${result.output}`).to.be.greaterThan(0);
          expect(JSON.stringify(refused.map((call) => call.refused))).to.match(/PATHKEY|QUERYKEY/);
          expect(Object.keys(files).length, "the addresses file is gone").to.be.greaterThan(0);

          expect(result.code, result.output).to.equal(1);
          // Hardhat printed the whole error (--show-stack-traces): the stack, and the errors it explains.
          expect(result.stderr).to.match(/\n\s+at /);
          expect(result.stderr).to.match(/\[cause\]:|parent:/);
          expectNoKey(observed, host);

          const head = errorHead(result);
          expect(head, result.output).to.match(/^Error in (community )?plugin multiaccount-kit: /);
          expect(head).to.match(refusal.head);
          expect(head).to.match(/The JSON-RPC endpoint of network "docker" \(http:\/\/127\.0\.0\.1:\d+\) refused the call\. Fix what it says/);
          expect(head).to.include("then run the same command again.");
        });
      }

      it("addresses:show --all-networks with another network's endpoint echoing that network's key: the row says what it answered, the key redacted", async () => {
        const { host, survey } = await runs.get(stack.host)!;
        const { result, calls } = survey;
        expect(
          calls.some((call) => call.path === OTHER_KEYED && call.refused !== undefined),
          `bsc's endpoint was not asked\n${result.output}`
        ).to.equal(true);
        expect(result.code, result.output).to.equal(0);
        expectNoKey(survey, host);
        expect(result.stdout).to.match(/^bsc +\? +\(none\) +unreachable: the node answered "unknown project <redacted> \(token <redacted>\)"$/m);
        expect(result.stdout).to.match(/^docker +31337 +\(none\) +no multiAccountAddress$/m);
      });
    });
  }
});
