// One JSON-RPC attempt, with a time limit, failing with a typed error (failures.ts). Our own HTTP
// transport sees what Hardhat's providers hide: the status, Retry-After of any length, a reset told
// apart from a refusal. Hardhat's provider is kept where the environment routes traffic through an
// HTTP proxy (http_proxy), which Node's fetch does not follow.
import { RpcAnswerError, TransportError } from "./failures";
import { parseRetryAfter } from "./policy";

export interface Transport {
  /** One attempt; throws RpcAnswerError when the node answered with an error, TransportError when no answer came. */
  call(method: string, params: readonly unknown[], timeoutMs: number): Promise<unknown>;
}

export type RequestFunction = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
}

/** The URL without its credentials, and the Basic authorization they stand for (as Hardhat sends it). */
function splitCredentials(url: string): { url: string; authorization?: string } {
  const parsed = new URL(url);
  if (parsed.username === "" && parsed.password === "") return { url };
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`, "utf8").toString("base64")}`;
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), authorization };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return `${cause?.code ?? ""} ${cause?.message ?? ""} ${(error as Error)?.message ?? ""}`;
}

export function httpTransport(endpoint: string, headers: Readonly<Record<string, string>> = {}): Transport {
  const { url, authorization } = splitCredentials(endpoint);
  let id = 0;
  return {
    async call(method, params, timeoutMs) {
      const signal = AbortSignal.timeout(timeoutMs);
      const seconds = `${(timeoutMs / 1000).toFixed(timeoutMs < 1000 ? 1 : 0)} s`;
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(authorization === undefined ? {} : { authorization }), ...headers },
          body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
          signal,
        });
        body = await response.text();
      } catch (error) {
        const name = (error as Error)?.name;
        if (name === "TimeoutError" || name === "AbortError") throw new TransportError("timeout", `no answer within ${seconds}`);
        const detail = causeOf(error);
        if (/ECONNREFUSED/.test(detail)) throw new TransportError("refused", "connection refused");
        if (/ENOTFOUND|EAI_AGAIN/.test(detail)) throw new TransportError("refused", "host not found");
        throw new TransportError("reset", "connection reset");
      }
      if (response.status === 429 || response.status >= 500 || (response.status >= 400 && response.status !== 400)) {
        const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
        const what = response.status === 429 ? "rate limited (HTTP 429)" : `HTTP ${response.status}`;
        throw new TransportError("status", what, response.status, retryAfterMs);
      }
      let answer: JsonRpcAnswer;
      try {
        answer = JSON.parse(body) as JsonRpcAnswer;
      } catch {
        throw new TransportError(response.status === 200 ? "malformed" : "status", `HTTP ${response.status} with no JSON-RPC answer`, response.status);
      }
      if (answer.error !== undefined && answer.error !== null) {
        throw new RpcAnswerError(String(answer.error.message ?? "JSON-RPC error"), Number(answer.error.code ?? -32603), answer.error.data);
      }
      if (!("result" in answer)) throw new TransportError("malformed", "an answer with neither result nor error");
      return answer.result;
    },
  };
}

/** Hardhat's own provider as a transport: its answer, or its error, within the time limit. */
export function providerTransport(request: RequestFunction): Transport {
  return {
    async call(method, params, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransportError("timeout", `no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      });
      try {
        return await Promise.race([request({ method, params: [...params] }), limit]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Whether Hardhat would send this URL through the environment's HTTP proxy (Hardhat 2 follows http_proxy). */
export function behindHttpProxy(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const proxy = env.http_proxy ?? env.HTTP_PROXY ?? env.https_proxy ?? env.HTTPS_PROXY;
  if (proxy === undefined || proxy === "") return false;
  const host = new URL(url).hostname;
  if (/^(localhost|127(?:\.\d+){3}|\[?::1\]?)$/i.test(host)) return false;
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return !noProxy.some((entry) => entry === "*" || host === entry.replace(/^\./, "") || host.endsWith(entry.startsWith(".") ? entry : `.${entry}`));
}
