// fast-check arbitraries for actions, weighted towards what moves state (accounts, funds, calls,
// delegation), with wrong callers, strangers and hostile knobs mixed in.
import fc from "fast-check";
import { ACTORS, FUNCTIONS, USERS, type Actor, type Fn } from "./actors";
import type { AccountRef, Action, AmountSpec, CallItem, CallerSpec, KeyRef, Target } from "./actions";

const actor = fc.constantFrom<Actor>(...ACTORS);
const user = fc.oneof({ weight: 6, arbitrary: fc.constantFrom<Actor>(...USERS) }, { weight: 1, arbitrary: actor });
/** Admin functions: mostly the admin, sometimes anybody else. */
const adminCaller = fc.oneof({ weight: 4, arbitrary: fc.constant<Actor>("admin") }, { weight: 1, arbitrary: actor });
const target = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Target>("dave", "eve", "bob") },
  { weight: 2, arbitrary: fc.constantFrom<Target>(...ACTORS) },
  { weight: 1, arbitrary: fc.constant<Target>("zero") }
);
const fn = fc.constantFrom<Fn>(...FUNCTIONS);
const fns = (min: number) => fc.array(fn, { minLength: min, maxLength: 3 });
const pick = fc.nat({ max: 31 });

const name = fc.oneof(
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 31 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) }
);

export const amount: fc.Arbitrary<AmountSpec> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<AmountSpec>({ kind: "zero" }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 200n }).map((value): AmountSpec => ({ kind: "raw", value })) },
  { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 1_000_000n }).map((value): AmountSpec => ({ kind: "units", value })) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }).map((quarters): AmountSpec => ({ kind: "share", quarters })) },
  { weight: 1, arbitrary: fc.constant<AmountSpec>({ kind: "huge" }) }
);

/** Withdrawals: mostly a share of what the account holds, so that many go through. */
const withdrawal: fc.Arbitrary<AmountSpec> = fc.oneof(
  { weight: 1, arbitrary: amount },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }).map((quarters): AmountSpec => ({ kind: "share", quarters })) }
);

const account: fc.Arbitrary<AccountRef> = fc.oneof(
  { weight: 5, arbitrary: pick.map((p): AccountRef => ({ kind: "account", pick: p })) },
  { weight: 3, arbitrary: pick.map((p): AccountRef => ({ kind: "funded", pick: p })) },
  { weight: 1, arbitrary: fc.constantFrom<Actor | "zero">(...ACTORS, "zero").map((who): AccountRef => ({ kind: "stranger", who })) }
);

const caller: fc.Arbitrary<CallerSpec> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<CallerSpec>({ kind: "owner" }) },
  { weight: 2, arbitrary: actor.map((a): CallerSpec => ({ kind: "actor", actor: a })) }
);

const callItem: fc.Arbitrary<CallItem> = fc.record({
  fn: fc.oneof({ weight: 12, arbitrary: fn }, { weight: 1, arbitrary: fc.constant<"short">("short") }),
  value: fc.nat({ max: 1000 }),
  to: actor,
  amount,
  shortLength: fc.nat({ max: 3 }),
});

const key: fc.Arbitrary<KeyRef> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant<"known">("known"), pick, extra: fc.array(fn, { maxLength: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<"free">("free"), target, selectors: fns(0) }) }
);

const weighted = (weight: number, arbitrary: fc.Arbitrary<Action>) => ({ weight, arbitrary });

export const action: fc.Arbitrary<Action> = fc.oneof(
  weighted(10, fc.record({ kind: fc.constant("addAccount" as const), caller: user, name })),
  weighted(3, fc.record({ kind: fc.constant("editAccountName" as const), caller, account, name })),
  weighted(10, fc.record({ kind: fc.constant("deposit" as const), caller, account, amount, allocate: fc.boolean() })),
  weighted(7, fc.record({ kind: fc.constant("withdraw" as const), caller, account, amount: withdrawal })),
  weighted(
    12,
    fc.record({
      kind: fc.constant("call" as const),
      caller: fc.oneof(
        { weight: 3, arbitrary: caller },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant("delegate" as const), pick, granted: fc.boolean() }) }
      ),
      account,
      items: fc.oneof({ weight: 12, arbitrary: fc.array(callItem, { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: fc.constant<CallItem[]>([]) }),
    })
  ),
  weighted(
    9,
    fc.record({
      kind: fc.constant("delegate" as const),
      caller,
      account,
      target,
      selectors: fns(0),
      batch: fc.boolean(),
      state: fc.oneof({ weight: 8, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
  ),
  weighted(5, fc.record({ kind: fc.constant("propose" as const), caller, account, key })),
  weighted(5, fc.record({ kind: fc.constant("revoke" as const), caller, account, key })),
  weighted(
    6,
    fc.oneof(
      fc.record({
        kind: fc.constant("advanceTime" as const),
        mode: fc.constant("seconds" as const),
        seconds: fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 1, max: 600 }) },
          { weight: 3, arbitrary: fc.integer({ min: 601, max: 3 * 86400 }) },
          { weight: 1, arbitrary: fc.integer({ min: 3 * 86400, max: 40 * 86400 }) }
        ),
      }),
      fc.record({
        kind: fc.constant("advanceTime" as const),
        mode: fc.constantFrom("ready" as const, "expiry" as const),
        pick,
        offset: fc.constantFrom(-1 as const, 0 as const, 1 as const),
      })
    )
  ),
  // Unpausing is likelier than pausing, so that user actions run unpaused most of the time.
  weighted(1, fc.record({ kind: fc.constant("pause" as const), caller: adminCaller })),
  weighted(5, fc.record({ kind: fc.constant("unpause" as const), caller: adminCaller })),
  weighted(
    2,
    fc.record({
      kind: fc.constant("setRevokeCooldown" as const),
      caller: adminCaller,
      seconds: fc.constantFrom(0, 1, 60, 3600, 86400, 30 * 86400, 30 * 86400 + 1),
    })
  ),
  weighted(1, fc.record({ kind: fc.constant("setAccountsAdmin" as const), caller: adminCaller, admin: target })),
  weighted(
    1,
    fc.record({
      kind: fc.constant("setProtocolAddress" as const),
      caller: adminCaller,
      protocol: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom("A" as const, "B" as const) },
        { weight: 1, arbitrary: fc.constantFrom("noCode" as const, "zero" as const) }
      ),
    })
  ),
  weighted(
    2,
    fc.record({
      kind: fc.constant("setAccountImplementation" as const),
      caller: adminCaller,
      code: fc.oneof({ weight: 4, arbitrary: fc.constant("account" as const) }, { weight: 1, arbitrary: fc.constantFrom("dud" as const, "empty" as const) }),
    })
  ),
  weighted(1, fc.record({ kind: fc.constant("upgrade" as const), caller: adminCaller })),
  weighted(1, fc.record({ kind: fc.constant("donate" as const), amount })),
  weighted(1, fc.record({ kind: fc.constant("directAccountCall" as const), caller: actor, account, item: callItem })),
  weighted(
    1,
    fc.record({
      kind: fc.constant("armReentry" as const),
      protocol: fc.constantFrom(0 as const, 1 as const),
      reentry: fc.oneof(
        { weight: 2, arbitrary: fc.constant("none" as const) },
        { weight: 1, arbitrary: fc.constantFrom("addAccount" as const, "withdraw" as const, "editAccountName" as const, "accountCall" as const) }
      ),
      account,
    })
  ),
  weighted(
    1,
    fc.record({
      kind: fc.constant("pullShort" as const),
      protocol: fc.constantFrom(0 as const, 1 as const),
      by: fc.oneof({ weight: 2, arbitrary: fc.constant(0 as const) }, { weight: 1, arbitrary: fc.constant(1 as const) }),
    })
  ),
  weighted(
    2,
    fc.record({
      kind: fc.constant("getAccounts" as const),
      user,
      start: fc.oneof(fc.bigInt({ min: 0n, max: 4n }), fc.constant(2n ** 256n - 1n)),
      size: fc.oneof(fc.bigInt({ min: 0n, max: 4n }), fc.constant(2n ** 256n - 1n)),
    })
  )
);

/** A sequence of up to `maxSteps` actions; fast-check shrinks it by dropping and simplifying steps. */
export function sequence(maxSteps: number): fc.Arbitrary<Action[]> {
  return fc.array(action, { maxLength: maxSteps, size: "max" });
}
