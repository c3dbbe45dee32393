// The addresses file (`output/addresses.json` by default): a JSON object of optional string fields,
// read and written here, and only here.
// Public API of `multiaccount-kit/hardhat/addresses`.
import fs from "fs";
import { AddressesFileError } from "./errors";
import { writeFileAtomic } from "./internal/files/atomic-write";

export { AddressesFileError };

/** Known fields; any other string field is kept as it is. */
export interface AddressesFile {
  protocolAddress?: string;
  collateralAddress?: string;
  multiAccountAddress?: string;
  hedgerProxyAddress?: string;
  partyBAddress?: string;
  MulticallAddress?: string;
  [field: string]: string | undefined;
}

/**
 * @deprecated Renamed {@link AddressesFile} in 0.2.0 (one name for the addresses file); this alias
 * is removed in 0.3.0.
 */
export type AddressesRecord = AddressesFile;

interface FileStyle {
  indent: string | number;
  newline: "\n" | "\r\n";
  finalNewline: boolean;
}

const DEFAULT_STYLE: FileStyle = { indent: 2, newline: "\n", finalNewline: true };

function parseAddressesFile(file: string, text: string): AddressesFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AddressesFileError(file, `not valid JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AddressesFileError(file, `expected a JSON object, found ${Array.isArray(value) ? "an array" : String(value === null ? "null" : typeof value)}`);
  }
  for (const [field, fieldValue] of Object.entries(value)) {
    if (typeof fieldValue !== "string") {
      throw new AddressesFileError(file, `field "${field}" must be a string, found ${JSON.stringify(fieldValue)}`);
    }
  }
  return value as AddressesFile;
}

function detectStyle(text: string): FileStyle {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const finalNewline = /\r?\n$/.test(text);
  const firstIndented = /^\{\s*?\r?\n([ \t]+)"/.exec(text);
  if (!firstIndented) {
    // `{}` or a one-line object: keep one-line objects one-line, empty ones get the default style.
    return /^\s*\{\s*\}\s*$/.test(text) ? { ...DEFAULT_STYLE, finalNewline } : { indent: 0, newline, finalNewline };
  }
  const indent = firstIndented[1];
  return { indent: /^ +$/.test(indent) ? indent.length : indent, newline, finalNewline };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new AddressesFileError(file, `cannot be read (${(error as Error).message})`, error as Error);
  }
}

function serialize(addresses: AddressesFile, style: FileStyle): string {
  const clean: Record<string, string> = {};
  for (const [field, value] of Object.entries(addresses)) {
    if (value === undefined) continue;
    if (typeof value !== "string") throw new TypeError(`Address field "${field}" must be a string`);
    clean[field] = value;
  }
  let text = JSON.stringify(clean, null, style.indent === 0 ? undefined : style.indent);
  if (style.newline === "\r\n") text = text.replace(/\n/g, "\r\n");
  return style.finalNewline ? text + style.newline : text;
}

/**
 * Loads the addresses file. A missing file is created (with its folder) as `{}`. A corrupt file, or one
 * whose fields are not strings, throws an error naming the file and the problem.
 */
export function loadAddresses(file: string): AddressesFile {
  const text = readText(file);
  if (text === undefined) {
    writeFileAtomic(file, serialize({}, DEFAULT_STYLE));
    return {};
  }
  return parseAddressesFile(file, text);
}

/** Reads the addresses file without creating anything: undefined when there is no file; throws as loadAddresses does on a corrupt one. */
export function readAddresses(file: string): AddressesFile | undefined {
  const text = readText(file);
  return text === undefined ? undefined : parseAddressesFile(file, text);
}

/**
 * Writes `addresses` atomically, keeping the existing file's formatting (indent, line endings, final
 * newline). An existing corrupt file is never overwritten.
 */
export function saveAddresses(file: string, addresses: AddressesFile): void {
  const text = readText(file);
  let style = DEFAULT_STYLE;
  if (text !== undefined) {
    parseAddressesFile(file, text);
    style = detectStyle(text);
  }
  writeFileAtomic(file, serialize(addresses, style));
}

/**
 * Re-reads the file and sets only the given fields, so that fields written by someone else since
 * it was loaded, and fields this package does not know, are kept.
 */
export function updateAddresses(file: string, changes: AddressesFile): AddressesFile {
  const next = { ...loadAddresses(file), ...changes };
  saveAddresses(file, next);
  return next;
}
