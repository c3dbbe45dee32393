// Keeps secrets out of everything the plugin prints and every error it throws: private keys,
// mnemonics, explorer API keys, and the credentials an RPC URL carries (the rule is stated in
// docs/errors.md#secrets-are-never-printed).
const SECRET_ENV = /(PRIVATE_KEY|PRIVATE_KEYS_STR|API_KEY|MNEMONIC|SECRET|TOKEN)/;
/** Shorter values are not keys, and replacing them would garble ordinary words and numbers in the output. */
const MIN_SECRET_LENGTH = 8;
/** How deep an error's causes and the objects they hold are followed; anything deeper is dropped. */
const MAX_DEPTH = 12;
const REDACTED = "<redacted>";

/** The parts of a Hardhat config (either major) that may hold secrets. */
export interface SecretSources {
  networks: Record<string, unknown>;
  etherscan?: { apiKey?: unknown };
  multiAccount?: { safe?: { apiKey?: unknown } };
}

/**
 * A path segment that reads like a key: letters mixed with digits (every provider's key we know of:
 * Infura, Alchemy, Ankr, QuickNode), or a long unbroken run of letters. Chain names (`bsc-mainnet`),
 * versions (`v3`) and chain ids (`11155111`) are not keys.
 */
function keyLike(segment: string): boolean {
  if (segment.length < MIN_SECRET_LENGTH || !/[A-Za-z]/.test(segment)) return false;
  return /\d/.test(segment) || (segment.length >= 20 && !/[-.]/.test(segment));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The credentials an RPC URL carries, each as it is written in the URL: the userinfo (`user:password`,
 * and each of the two), everything after the host (path and query), the path alone, each path segment
 * that reads like a key, and each query value.
 */
export function urlSecrets(url: string): string[] {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:([^@/?#]*)@)?[^/?#]*([^#]*)/i.exec(url.trim());
  if (match === null) return [];
  const [, userinfo, rest] = match;
  const found: string[] = [];
  if (userinfo !== undefined && userinfo !== "") {
    found.push(userinfo, ...userinfo.split(":"));
    // What a Basic authorization header built from them reads, should an endpoint echo it.
    found.push(Buffer.from(decoded(userinfo), "utf8").toString("base64"));
  }
  const queryAt = rest.indexOf("?");
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = queryAt === -1 ? "" : rest.slice(queryAt + 1);
  found.push(rest, path);
  found.push(...path.split("/").filter((segment) => keyLike(decoded(segment))));
  for (const pair of query.split("&")) {
    const equals = pair.indexOf("=");
    found.push(equals === -1 ? pair : pair.slice(equals + 1));
  }
  return found;
}

/** Every form of `secret` an endpoint or a library may print: as written, URL-decoded, and URL-encoded (either hex case). */
function forms(secret: string): string[] {
  const plain = decoded(secret);
  const encoded = encodeURIComponent(plain);
  const found = [secret, plain, encoded, encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())];
  if (/^0x[0-9a-fA-F]{64}$/.test(secret)) found.push(secret.slice(2));
  return found;
}

/** Deduplicated, longest first, so that a key is never half-replaced by a shorter secret inside it. */
export function mergeSecrets(...lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat())].sort((a, b) => b.length - a.length);
}

export function collectSecrets(config: SecretSources, env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets = new Set<string>();
  const add = (value: unknown, minLength = MIN_SECRET_LENGTH) => {
    if (typeof value !== "string") return;
    for (const form of forms(value.trim())) if (form.length >= minLength) secrets.add(form);
  };
  for (const network of Object.values(config.networks)) {
    const accounts = (network as { accounts?: unknown }).accounts;
    if (Array.isArray(accounts)) {
      for (const account of accounts) add(typeof account === "string" ? account : (account as { privateKey?: string })?.privateKey);
    } else if (accounts !== null && typeof accounts === "object") {
      add((accounts as { mnemonic?: string }).mnemonic);
    }
    const url = (network as { url?: unknown }).url;
    if (typeof url === "string") {
      const [userinfo] = /^[a-z][a-z0-9+.-]*:\/\/([^@/?#]*:[^@/?#]*)@/i.exec(url.trim())?.slice(1) ?? [];
      // `user:password` is unmistakable even when short; alone, a short user name or password is not.
      if (userinfo !== undefined) add(userinfo, 3);
      urlSecrets(url).forEach((secret) => add(secret));
    }
  }
  const etherscan = config.etherscan;
  if (typeof etherscan?.apiKey === "string") add(etherscan.apiKey);
  else if (etherscan?.apiKey && typeof etherscan.apiKey === "object") Object.values(etherscan.apiKey).forEach((key) => add(key));
  add(config.multiAccount?.safe?.apiKey);
  for (const [name, value] of Object.entries(env)) {
    if (!SECRET_ENV.test(name) || value === undefined) continue;
    for (const part of value.split(",")) add(part);
  }
  return mergeSecrets([...secrets]);
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out;
}

/** Errors, arrays and plain objects are followed; any other object (a Map, a provider) is kept as it is. */
function followed(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return value instanceof Error || Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** An own property's value, read through a getter when it has one (V8 may define `stack` so). */
function ownValue(value: object, key: PropertyKey): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
  if ("value" in descriptor) return descriptor.value;
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

function holdsSecret(value: unknown, secrets: readonly string[], seen: Set<object>, depth: number): boolean {
  if (typeof value === "string") return secrets.some((secret) => value.includes(secret));
  if (typeof value !== "object" || value === null || seen.has(value) || !followed(value)) return false;
  if (depth > MAX_DEPTH) return true;
  seen.add(value);
  return Reflect.ownKeys(value).some((key) => holdsSecret(ownValue(value, key), secrets, seen, depth + 1));
}

function blankError(): Error {
  const blank = new Error();
  delete (blank as { stack?: string }).stack;
  return blank;
}

function redactedCopy(value: unknown, secrets: readonly string[], copies: Map<object, unknown>, depth: number): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (typeof value !== "object" || value === null || !followed(value)) return value;
  if (copies.has(value)) return copies.get(value);
  if (depth > MAX_DEPTH) return REDACTED;
  // Same class, same properties and attributes: Hardhat still tells a plugin error by its own
  // properties, and Node's util.inspect prints a real Error (made so by `new Error`) with its stack.
  const copy: object = Array.isArray(value) ? [] : value instanceof Error ? blankError() : {};
  Object.setPrototypeOf(copy, Object.getPrototypeOf(value));
  copies.set(value, copy);
  for (const key of Reflect.ownKeys(value)) {
    // An array's length follows its elements.
    if (Array.isArray(copy) && key === "length") continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    Object.defineProperty(copy, key, {
      value: redactedCopy(ownValue(value, key), secrets, copies, depth + 1),
      writable: descriptor.writable ?? true,
      enumerable: descriptor.enumerable,
      configurable: descriptor.configurable,
    });
  }
  return copy;
}

/**
 * `error` itself when nothing in it holds a secret; otherwise a copy of it to throw in its place, with
 * every string redacted: the message, the stack, and all the way down its `cause` and `parent` chain,
 * including the `error` and `data` a provider's error carries. Hardhat prints the error objects a
 * task throws (their causes and stacks too, with --show-stack-traces or on CI), not only our lines.
 */
export function redactError<T>(error: T, secrets: readonly string[]): T {
  return holdsSecret(error, secrets, new Set(), 0) ? (redactedCopy(error, secrets, new Map(), 0) as T) : error;
}

/** `scheme://host` of a URL, without the userinfo, path and query where credentials live. */
export function urlOrigin(url: string): string {
  const match = /^([a-z]+:\/\/)(?:[^@/?#]*@)?([^/?#]+)/i.exec(url);
  return match ? match[1] + match[2] : "<url>";
}
