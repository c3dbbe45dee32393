// What the tasks print: every line goes through secret redaction; explorer links where known.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { chainById } from "./chains";
import { collectSecrets, redact } from "./redact";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(hre: HardhatRuntimeEnvironment, sink: Logger = console): Logger {
  const secrets = collectSecrets(hre);
  return {
    info: (message) => sink.info(redact(message, secrets)),
    warn: (message) => sink.warn(redact(message, secrets)),
    error: (message) => sink.error(redact(message, secrets)),
  };
}

interface CustomChainLike {
  chainId: number;
  urls: { browserURL: string };
}

/** The block explorer's base URL for `chainId`: customChains first, then the built-in chains. */
export function explorerUrl(hre: HardhatRuntimeEnvironment, chainId: number): string | undefined {
  const customChains = (hre.config as { etherscan?: { customChains?: CustomChainLike[] } }).etherscan?.customChains ?? [];
  const custom = [...customChains].reverse().find((chain) => chain.chainId === chainId);
  const url = custom?.urls.browserURL ?? chainById(chainId)?.explorer.browserURL;
  return url?.replace(/\/+$/, "");
}

export function addressLink(explorer: string | undefined, address: string): string {
  return explorer === undefined ? "" : ` ${explorer}/address/${address}`;
}

export function txLink(explorer: string | undefined, hash: string): string {
  return explorer === undefined ? "" : ` ${explorer}/tx/${hash}`;
}

export function currencySymbol(chainId: number): string {
  return chainById(chainId)?.currency ?? "ETH";
}
