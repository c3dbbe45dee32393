// The upgrades plugin guards its network manifest (.openzeppelin/…json) with a lock file
// (proper-lockfile). A run killed while it held that lock leaves the lock behind; it counts as stale,
// and is taken over, 10 s after the holder stopped refreshing it, but the plugin gives up after about
// 7 s of its own retries. So a run started soon after a killed one would fail with "Lock file is
// already being held". Here an upgrades call that finds the lock held is called again after a wait,
// as long as that call sent nothing; a lock still held after MANIFEST_LOCK_WAIT_MS (another run is
// alive and refreshing it) stops the run with a message that says so. Every stack call that reaches
// the manifest goes through this (lockAwareStack): the input checks read it too (the network's
// ProxyAdmin, the upgrade's current implementation), and a rerun right after a crash is when they do.
import { MultiAccountKitError } from "../../errors";
import type { Logger } from "../output/log";
import type { JournalEntry } from "../rpc/journal";
import type { Stack } from "../stack/types";
import type { Sleep } from "./verify";

/** How long a run waits, in all, for a held manifest lock. */
export const MANIFEST_LOCK_WAIT_MS = 30_000;
const RETRY_EVERY_MS = 2_000;

export interface ManifestLockEffects {
  sleep?: Sleep;
  now?: () => number;
}

/** What a wait needs of the run: where to warn, and what it has sent so far. */
export interface ManifestLockContext {
  log: Logger;
  sent: () => readonly JournalEntry[];
}

export function isManifestLockHeld(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return e?.code === "ELOCKED" || /Lock file is already being held/.test(String(e?.message ?? ""));
}

/** Transactions that went out (or may have): a call that sent one is not called again. */
const wentOut = (sent: readonly JournalEntry[]) => sent.filter((tx) => tx.state === "sent" || tx.state === "maybe-sent").length;

/**
 * Runs `call` (an upgrades-plugin step named `what`), calling it again while the manifest lock is
 * held by someone else, up to MANIFEST_LOCK_WAIT_MS, provided the call sent nothing.
 */
export async function whileManifestLocked<T>(
  what: string,
  call: () => Promise<T>,
  context: ManifestLockContext,
  effects: ManifestLockEffects = {}
): Promise<T> {
  const sleep = effects.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = effects.now ?? Date.now;
  const started = now();
  let warned = false;
  for (;;) {
    const before = wentOut(context.sent());
    try {
      return await call();
    } catch (error) {
      if (!isManifestLockHeld(error)) throw error;
      // proper-lockfile names the file it locks; the lock itself is the folder beside it.
      const locked = (error as { file?: unknown }).file;
      const file = typeof locked === "string" ? `${locked}.lock` : "(its path was not given)";
      const waited = now() - started;
      if (wentOut(context.sent()) > before || waited + RETRY_EVERY_MS > MANIFEST_LOCK_WAIT_MS) {
        throw new MultiAccountKitError(
          `The upgrades plugin's manifest lock ${file} is held by another run (${what}; waited ${Math.round(waited / 1000)} s). ` +
            `Let that run finish and run this again. If no other run is going, the lock was left by a run that was stopped: ` +
            `it is taken over 10 s after that run stopped.`,
          error as Error
        );
      }
      if (!warned) {
        warned = true;
        context.log.warn(
          `The upgrades plugin's manifest lock ${file} is held (${what}): waiting for it, up to ${MANIFEST_LOCK_WAIT_MS / 1000} s. ` +
            `A lock left by a stopped run is taken over 10 s after it stopped.`
        );
      }
      await sleep(RETRY_EVERY_MS);
    }
  }
}

/**
 * The stack, with each call that reaches the upgrades plugin (and so its manifest, which the plugin
 * locks even to read) waiting out a held lock through whileManifestLocked. `what` names the call in
 * the message.
 */
export function lockAwareStack(stack: Stack, context: ManifestLockContext, effects: ManifestLockEffects = {}): Stack {
  const wait =
    <A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      whileManifestLocked(what, () => call(...args), context, effects);
  const { managedProxyAdmin, ensureManagedProxyAdmin } = stack;
  return {
    ...stack,
    validateImplementation: wait("validating the implementation", stack.validateImplementation),
    validateUpgrade: wait("validating the upgrade", stack.validateUpgrade),
    deployProxy: wait("deploying", stack.deployProxy),
    upgradeProxy: wait("upgrading", stack.upgradeProxy),
    prepareUpgrade: wait("deploying the new implementation", stack.prepareUpgrade),
    deterministicProxyCreation: wait("deploying the implementation", stack.deterministicProxyCreation),
    importProxy: wait("importing the proxy into the manifest", stack.importProxy),
    managedProxyAdmin: managedProxyAdmin && wait("reading the network's ProxyAdmin", managedProxyAdmin),
    ensureManagedProxyAdmin: ensureManagedProxyAdmin && wait("deploying the network's ProxyAdmin", ensureManagedProxyAdmin),
  };
}
