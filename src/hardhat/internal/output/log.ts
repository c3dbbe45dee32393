// What the tasks print: every line goes through secret redaction; explorer links where known.
import { chainById } from "../chains/table";
import { redact } from "./redact";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(secrets: readonly string[], sink: Logger = console): Logger {
  return {
    info: (message) => sink.info(redact(message, secrets)),
    warn: (message) => sink.warn(redact(message, secrets)),
    error: (message) => sink.error(redact(message, secrets)),
  };
}

export function addressLink(browserUrl: string | undefined, address: string): string {
  return browserUrl === undefined ? "" : ` ${browserUrl}/address/${address}`;
}

export function txLink(browserUrl: string | undefined, hash: string): string {
  return browserUrl === undefined ? "" : ` ${browserUrl}/tx/${hash}`;
}

export function currencySymbol(chainId: number): string {
  return chainById(chainId)?.currency ?? "ETH";
}

/** Left-aligned columns under a header and a rule, as addresses:show prints them. */
export function printTable(log: Logger, rows: string[][]): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    log.info(
      cells
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd()
    );
  line(rows[0]);
  line(widths.map((width) => "-".repeat(width)));
  for (const row of rows.slice(1)) line(row);
}
