// The harness's cast, and the small pools that delegations and calls draw from.

/** Who sends transactions. `protocol` is the protocol stand-in itself, impersonated. */
export const ACTORS = ["admin", "alice", "bob", "carol", "dave", "eve", "protocol"] as const;
export type Actor = (typeof ACTORS)[number];

/** The users who mostly own accounts; `dave` is the usual delegate and `eve` the attacker. */
export const USERS = ["alice", "bob", "carol"] as const satisfies readonly Actor[];

/** Protocol functions a batch can call, and that delegations are granted for. */
export const FUNCTIONS = ["echo", "other", "withdrawTo", "allocate", "failWithCustom", "unknown"] as const;
export type Fn = (typeof FUNCTIONS)[number];

/** A selector the mock protocol does not declare: it lands in its fallback. */
export const UNKNOWN_SELECTOR = "0xdeadbeef";

/** Any address with no code and no role, used as a protocol address that is not a contract. */
export const NO_CODE_ADDRESS = "0x000000000000000000000000000000000000dEaD";

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
