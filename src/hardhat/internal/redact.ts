// Keeps secrets out of everything the plugin prints: private keys, mnemonics, explorer API keys
// and RPC URLs that embed credentials.
const SECRET_ENV = /(PRIVATE_KEY|PRIVATE_KEYS_STR|API_KEY|MNEMONIC|SECRET|TOKEN)/;

/** The parts of a Hardhat config (either major) that may hold secrets. */
export interface SecretSources {
  networks: Record<string, unknown>;
  etherscan?: { apiKey?: unknown };
}

export function collectSecrets(config: SecretSources, env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string" && value.trim().length >= 8) {
      secrets.add(value.trim());
      if (/^0x[0-9a-fA-F]{64}$/.test(value.trim())) secrets.add(value.trim().slice(2));
    }
  };
  for (const network of Object.values(config.networks)) {
    const accounts = (network as { accounts?: unknown }).accounts;
    if (Array.isArray(accounts)) {
      for (const account of accounts) add(typeof account === "string" ? account : (account as { privateKey?: string }).privateKey);
    } else if (accounts !== null && typeof accounts === "object") {
      add((accounts as { mnemonic?: string }).mnemonic);
    }
    const url = (network as { url?: string }).url;
    if (typeof url === "string") {
      // Anything after the host (paths and queries often carry an API key) counts as secret.
      const match = /^[a-z]+:\/\/[^/?#]+([/?#].+)$/i.exec(url);
      if (match && match[1].length >= 8) add(match[1]);
    }
  }
  const etherscan = config.etherscan;
  if (typeof etherscan?.apiKey === "string") add(etherscan.apiKey);
  else if (etherscan?.apiKey && typeof etherscan.apiKey === "object") Object.values(etherscan.apiKey).forEach(add);
  for (const [name, value] of Object.entries(env)) {
    if (!SECRET_ENV.test(name) || value === undefined) continue;
    for (const part of value.split(",")) add(part);
  }
  // Longest first, so that a key is never half-replaced by a shorter secret inside it.
  return [...secrets].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("<redacted>");
  return out;
}

/** `scheme://host` of a URL, without the path and query where credentials live. */
export function urlOrigin(url: string): string {
  const match = /^([a-z]+:\/\/[^/?#]+)/i.exec(url);
  return match ? match[1] : "<url>";
}
