// One wire field at a time, read leniently: a field of the wrong type is left out (null, or absent
// when optional) and noted, and only the frame's identity and time can make it unusable
// (docs/contributing/design.md#wire-format). Nothing here throws for a value a hedger sent.
import { AMOUNT_LITERAL } from "./json";

export type Raw = Record<string, unknown>;

/** What reading one frame noted: the fields it left out, each with why. */
export class FieldNotes {
  readonly ignored: string[] = [];
  ignore(key: string, why: string): void {
    this.ignored.push(`${key} ${why}`);
  }
}

/** A short, bounded description of a wire value, for warnings. */
export function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") {
    const text = v.startsWith(AMOUNT_LITERAL) ? v.slice(AMOUNT_LITERAL.length) : JSON.stringify(v);
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  }
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return typeof v === "object" ? "an object" : typeof v;
}

export function nullableString(raw: Raw, key: string, notes: FieldNotes): string | null {
  const v = raw[key];
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  notes.ignore(key, `must be a string or null, got ${describe(v)}`);
  return null;
}

/** An integer as the wire may send it: a JSON number, or a string of digits (with a sign). */
function integerOf(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === "string" && /^-?\d{1,15}$/.test(v)) return Number(v);
  return undefined;
}

/** Optional integers (quote ids, temp_quote_id): absent and null both mean "not given". */
export function optionalInteger(raw: Raw, key: string, notes: FieldNotes): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  const n = integerOf(v);
  if (n === undefined) notes.ignore(key, `must be an integer, got ${describe(v)}`);
  return n;
}

/** Optional finite numbers (version, error_code, order_type). */
export function optionalNumber(raw: Raw, key: string, notes: FieldNotes): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  if (typeof n === "number" && Number.isFinite(n)) return n;
  notes.ignore(key, `must be a number, got ${describe(v)}`);
  return undefined;
}

/** Times past this many seconds are milliseconds: 10^11 s is the year 5138, 10^11 ms is 1973. */
const MILLISECONDS_FROM = 1e11;

/**
 * A unix-seconds time: a non-negative JSON number or a string of digits, a time in milliseconds
 * converted to its second; undefined when absent or unusable. A time ahead of the client's clock is
 * kept as the hedger gives it: the ingest bounds what it can do to lastUpdateTimestamp (rules.ts).
 */
export function timeOf(raw: Raw, key: string, notes: FieldNotes): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  let seconds = typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : undefined;
  if (seconds === undefined) {
    notes.ignore(key, `must be unix seconds, got ${describe(v)}`);
    return undefined;
  }
  if (seconds >= MILLISECONDS_FROM) seconds = Math.floor(seconds / 1000);
  return String(seconds);
}

/** Exponents past this make an absurd amount (1e400): left out, never expanded into hundreds of digits. */
const MAX_EXPONENT = 64;

/**
 * A number literal ("12.50", "-3", "1.5e-3") as a plain decimal string, its digits kept; undefined
 * for text that is no number literal or an absurd exponent.
 */
export function plainDecimal(literal: string): string | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (m === null) return undefined;
  const [, sign, whole, fraction = "", exponentText] = m;
  if (exponentText === undefined) return literal;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let text: string;
  if (point <= 0) text = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) text = digits + "0".repeat(point - digits.length);
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + text.replace(/^0+(?=\d)/, "");
}

const isZero = (decimal: string) => /^-?[0.]+$/.test(decimal);

/**
 * An amount: a decimal string passes through unchanged; a JSON number becomes the decimal string of
 * its literal, except zero, the hedgers' "no value" sentinel, which is null; anything else is null
 * and noted (docs/contributing/design.md#wire-format).
 */
export function amountOf(raw: Raw, key: string, notes: FieldNotes): string | null {
  const v = raw[key];
  if (v === undefined || v === null) return null;
  const literal = typeof v === "number" ? String(v) : typeof v === "string" && v.startsWith(AMOUNT_LITERAL) ? v.slice(AMOUNT_LITERAL.length) : undefined;
  if (literal !== undefined) {
    const decimal = plainDecimal(literal);
    if (decimal === undefined) {
      notes.ignore(key, `must be a decimal amount, got ${describe(v)}`);
      return null;
    }
    return isZero(decimal) ? null : decimal;
  }
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return v;
  notes.ignore(key, `must be a decimal string, a number or null, got ${describe(v)}`);
  return null;
}
