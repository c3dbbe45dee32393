// The hedger's JSON, parsed so that an amount sent as a JSON number keeps the digits it was sent with:
// `JSON.parse` would make it a float first (12.50 becomes 12.5, and a long amount loses digits). Each
// number literal that is the value of an amount field is read as its text, marked (AMOUNT_LITERAL),
// and turned into a decimal string by fields.ts (docs/contributing/design.md#wire-format).

/** The wire's amount fields. */
export const AMOUNT_FIELDS = ["filled_amount_open", "filled_amount_close", "avg_price_open", "avg_price_close"] as const;

/**
 * A string that starts with this was a JSON number on the wire; the rest is its literal. A hedger's
 * string amount cannot start with it: the JSON text would have to hold a NUL character escaped.
 */
export const AMOUNT_LITERAL = "\u0000number:";

/** AMOUNT_LITERAL as JSON text writes it inside a string (a NUL must be escaped there). */
const ESCAPED_LITERAL = JSON.stringify(AMOUNT_LITERAL).slice(1, -1);
const AMOUNT_KEY = `"(?:${AMOUNT_FIELDS.join("|")})"\\s*:\\s*`;
/** An amount field whose value is a number other than a plain 0 (the sentinel needs no digits kept). */
const NEEDS_LITERALS = new RegExp(`${AMOUNT_KEY}(?:-?[1-9]|-?0[.eE]|-0)`);
/**
 * Every string literal of the text, whole (so that nothing inside a string is taken for a key), and
 * an amount field's number value after its key.
 */
const TOKENS = new RegExp(`(${AMOUNT_KEY})(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)|"(?:[^"\\\\]|\\\\.)*"`, "g");

/** `JSON.parse(text)`, with every number literal of an amount field kept as a marked string. */
export function parseWireJson(text: string): unknown {
  if (!NEEDS_LITERALS.test(text)) return JSON.parse(text);
  return JSON.parse(
    text.replace(TOKENS, (token: string, key?: string, literal?: string) => (literal === undefined ? token : `${key}"${ESCAPED_LITERAL}${literal}"`))
  );
}
