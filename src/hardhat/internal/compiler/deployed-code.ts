// A contract's runtime code as compiled, and whether code read from a chain is that code: what
// upgrade-multiaccount checks before sending, so that an upgrade to the implementation the proxy
// already runs is not sent. Bytes that are only known once the contract is linked or deployed
// (library addresses, immutables) are left out of the comparison; everything else, the metadata
// hash at the end included, must be equal.

/** A span of bytes in runtime code. */
export interface ByteRange {
  start: number;
  length: number;
}

/** `{ sourceName: { libraryName: ranges } }`, as solc and Hardhat's artifacts give link references. */
export type LinkReferences = Readonly<Record<string, Readonly<Record<string, readonly ByteRange[]>>>>;
/** `{ astId: ranges }`, as solc gives immutable references. */
export type ImmutableReferences = Readonly<Record<string, readonly ByteRange[]>>;

export interface CompiledCode {
  /** The artifact's deployedBytecode, 0x-prefixed; an unlinked library address is a `__$…$__` placeholder. */
  readonly bytecode: string;
  /**
   * The ranges filled in when the contract is linked or deployed. Asked only when the bytes differ
   * at equal length (Hardhat 2 keeps immutables in the build info, a large file).
   */
  filledAtDeploy(): Promise<readonly ByteRange[]>;
}

/** The ranges of link and immutable references, in one list. */
export function referencedRanges(links: LinkReferences | undefined, immutables: ImmutableReferences | undefined): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (const libraries of Object.values(links ?? {})) for (const found of Object.values(libraries)) ranges.push(...found);
  for (const found of Object.values(immutables ?? {})) ranges.push(...found);
  return ranges;
}

function hex(code: string): string {
  return code.replace(/^0x/i, "").toLowerCase();
}

/** `code` with the bytes of `ranges` zeroed (two hex digits a byte). */
function masked(code: string, ranges: readonly ByteRange[]): string {
  const chars = code.split("");
  for (const { start, length } of ranges) chars.fill("0", start * 2, (start + length) * 2);
  return chars.join("");
}

/** Whether `onChain` (eth_getCode) is the compiled code, but for the bytes filled in at link or deploy time. */
export async function isCompiledCode(onChain: string, compiled: CompiledCode): Promise<boolean> {
  const chain = hex(onChain);
  const built = hex(compiled.bytecode);
  if (chain === "" || chain.length !== built.length) return false;
  if (chain === built) return true;
  const ranges = await compiled.filledAtDeploy();
  return ranges.length > 0 && masked(chain, ranges) === masked(built, ranges);
}

/**
 * How `onChain` matches the compiled code, in Sourcify's terms: "perfect" (isCompiledCode), "partial"
 * (equal but for the metadata hash solc appends, the CBOR section whose length ends the code: the
 * contract compiled from a source text that differs outside the code, such as a comment), or
 * "mismatch".
 */
export type CodeMatch = "perfect" | "partial" | "mismatch";

/** The code without its trailing CBOR metadata section (the last two bytes give its length), or undefined without one. */
function withoutMetadata(code: string): string | undefined {
  if (code.length < 4) return undefined;
  const section = parseInt(code.slice(-4), 16) * 2 + 4;
  return section > 4 && section <= code.length ? code.slice(0, code.length - section) : undefined;
}

export async function codeMatch(onChain: string, compiled: CompiledCode): Promise<CodeMatch> {
  if (await isCompiledCode(onChain, compiled)) return "perfect";
  const chain = withoutMetadata(hex(onChain));
  const built = withoutMetadata(hex(compiled.bytecode));
  if (chain === undefined || built === undefined || chain.length !== built.length) return "mismatch";
  if (chain === built) return "partial";
  const ranges = (await compiled.filledAtDeploy()).filter((range) => (range.start + range.length) * 2 <= chain.length);
  return ranges.length > 0 && masked(chain, ranges) === masked(built, ranges) ? "partial" : "mismatch";
}
