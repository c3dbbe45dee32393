// One socket per browser, not per tab: the live session, shared by the tabs of a browser. Each tab
// of one (socket URL, account) asks for a Web Lock (election.ts); the tab granted it leads and runs
// the ordinary session (socket, backoff, resubscribe, backfill). Every tab relays its list changes
// over a BroadcastChannel (protocol.ts), the leader its socket status too, and applies the others'
// through the same reducer. Without the two browser APIs (environment.ts) each store keeps its own
// socket. This wraps the middleware's session; it never opens a socket itself
// (docs/cross-tab.md).
import { NotificationsActionType as A, ingestNotifications, type ConnectNotificationsPayload } from "../../state/actions";
import type { NotificationDetails, NotificationState } from "../../types";
import { sameConnection } from "../connection";
import { setStatus } from "../context";
import type { BroadcastChannelLike, LiveContext } from "../types";
import { holdLeadership } from "./election";
import { resolveCrossTabEffects } from "./environment";
import {
  CROSS_TAB_PROTOCOL_VERSION,
  RELAYED_ACTION_TYPES,
  crossTabNames,
  readMessage,
  type CrossTabMessage,
  type ListsMessage,
  type RelayedAction,
} from "./protocol";

/**
 * Most items in one relayed ingest. The leader relays each of its ingests once (at most one per frame
 * during a burst); a follower applies each message in the task that receives it, with no wait.
 */
const RELAY_ITEMS = 500;

export interface CrossTabHooks {
  /** This tab was granted the lock: start the ordinary session for `payload`. */
  lead(payload: ConnectNotificationsPayload): void;
  /** Applies a batch the leader ingested, as this tab's own intake would (one store update, the flag), announcing nothing: the leader did. */
  ingest(batch: NotificationDetails[]): void;
  /** A follower asked the leader (this tab) to try again: the session does if it gave up. */
  retry(): void;
}

export interface CrossTabHandler {
  /** Whether this tab already shares the connection `payload` asks for. */
  isCurrent(payload: ConnectNotificationsPayload): boolean;
  /** Whether this tab is among the tabs sharing a socket (as the leader or a follower). */
  sharing(): boolean;
  /** Joins the tabs sharing `payload`'s socket; false when this store keeps its own socket instead. */
  start(payload: ConnectNotificationsPayload): boolean;
  /** Steps down (the caller ends the session first) and leaves the channel. */
  stop(): void;
  /**
   * Relays a local list change, and the leader's status: an ingest before the reducer sees it (its
   * payload is all that crosses), anything else after (`before`: the slice it started from).
   */
  observe(action: { type?: unknown; payload?: unknown }, before: NotificationState): void;
  /** In a follower whose leader's socket is closed: asks the leader to try again (a moment to retry came). */
  retry(): void;
}

interface Run {
  payload: ConnectNotificationsPayload;
  controller: AbortController;
  channel: BroadcastChannelLike;
  leader: boolean;
  /** The tab that last announced it holds the lock, as far as this tab knows: the only one whose status counts. */
  leaderId?: string;
}

interface Tab {
  ctx: LiveContext;
  hooks: CrossTabHooks;
  id: string;
  run: Run | undefined;
  /** Set while a peer's change is applied, so that it is not relayed back. */
  applyingRemote: boolean;
}

export function buildCrossTabHandler(ctx: LiveContext, hooks: CrossTabHooks): CrossTabHandler {
  const id = `${ctx.options.clock.now().toString(36)}-${Math.floor(ctx.options.random() * 2 ** 48).toString(36)}`;
  const tab: Tab = { ctx, hooks, id, run: undefined, applyingRemote: false };
  return {
    isCurrent: (payload) => tab.run !== undefined && sameConnection(tab.run.payload, payload),
    sharing: () => tab.run !== undefined,
    start: (payload) => start(tab, payload),
    stop: () => stop(tab),
    observe: (action, before) => observe(tab, action, before),
    retry: () => {
      // The leader owns the socket: a follower's moment to try again is passed on to it.
      if (tab.run !== undefined && !tab.run.leader && ctx.status === "closed") post(tab, tab.run, { kind: "retry" });
    },
  };
}

function start(tab: Tab, payload: ConnectNotificationsPayload): boolean {
  const effects = resolveCrossTabEffects(tab.ctx.options.crossTab);
  if (effects === undefined || !payload.whitelisted) return false;
  const names = crossTabNames(payload.socketUrl, payload.account);
  let channel: BroadcastChannelLike;
  try {
    channel = new effects.BroadcastChannel(names.channel);
  } catch (error) {
    tab.ctx.options.logger.warn(`notifications: no BroadcastChannel (${(error as Error).message}); this tab keeps its own socket`);
    return false;
  }
  const run: Run = { payload: { ...payload }, controller: new AbortController(), channel, leader: false };
  tab.run = run;
  channel.onmessage = (event: { data: unknown }) => {
    if (tab.run === run) receive(tab, run, event.data);
  };
  // With this tab's lists, if it holds any: a tab back from a freeze may hold what the leader never saw, which the leader must not announce again.
  const mine = tab.ctx.store.getState().notifications;
  const lists = { unread: mine.unreadNotifications.slice(), read: mine.readNotifications.slice() };
  post(tab, run, lists.unread.length + lists.read.length > 0 ? { kind: "hello", ...lists } : { kind: "hello" });
  const lead = () => {
    if (tab.run !== run || run.leader) return;
    run.leader = true;
    run.leaderId = tab.id;
    // Before the session's first status, so that the followers take that status from this tab.
    post(tab, run, { kind: "leader", status: tab.ctx.status });
    tab.hooks.lead(run.payload);
  };
  holdLeadership(effects.locks, names.lock, run.controller.signal, lead, (error) => {
    tab.ctx.options.logger.warn(`notifications: the cross-tab lock failed (${error.message}); this tab opens its own socket`);
    lead();
  });
  return true;
}

function stop(tab: Tab): void {
  const run = tab.run;
  if (run === undefined) return;
  tab.run = undefined;
  run.controller.abort();
  run.channel.onmessage = null;
  run.channel.close();
}

function post(tab: Tab, run: Run, body: Record<string, unknown> & { kind: CrossTabMessage["kind"] }): void {
  try {
    run.channel.postMessage({ v: CROSS_TAB_PROTOCOL_VERSION, from: tab.id, ...body });
  } catch (error) {
    tab.ctx.options.logger.warn(`notifications: could not relay ${body.kind} to the other tabs: ${(error as Error).message}`);
  }
}

function observe(tab: Tab, action: { type?: unknown; payload?: unknown }, before: NotificationState): void {
  const run = tab.run;
  if (run === undefined || tab.applyingRemote || typeof action.type !== "string") return;
  if (action.type === A.readOneNotification || action.type === A.readAllNotifications) {
    // A read crosses as the list of what it moved here (see RELAYED_ACTION_TYPES).
    const kept = new Set(tab.ctx.store.getState().notifications.unreadNotifications);
    const read = before.unreadNotifications.filter((n) => !kept.has(n));
    if (read.length > 0) post(tab, run, { kind: "action", action: { type: A.readAllNotifications, payload: read } });
  } else if (action.type === A.ingest) {
    // In messages of at most RELAY_ITEMS: each is read (cloned and checked), and applied, in a task of its own in every other tab.
    const items = action.payload as NotificationDetails[];
    for (let i = 0; i < items.length; i += RELAY_ITEMS)
      post(tab, run, { kind: "action", action: { type: A.ingest, payload: items.slice(i, i + RELAY_ITEMS) } });
  } else if (RELAYED_ACTION_TYPES.has(action.type)) {
    const relayed: RelayedAction =
      action.payload === undefined ? { type: action.type } : { type: action.type, payload: action.payload as RelayedAction["payload"] };
    post(tab, run, { kind: "action", action: relayed });
  } else if (action.type === A.connectionStatusChanged && run.leader) {
    post(tab, run, { kind: "status", status: action.payload });
  }
}

function receive(tab: Tab, run: Run, data: unknown): void {
  const { logger } = tab.ctx.options;
  const message = readMessage(data, (why) => logger.warn(`notifications: ignored a message from another tab: ${why}`));
  if (message === undefined || message.from === tab.id) return;
  const lists = tab.ctx.store.getState().notifications;
  switch (message.kind) {
    case "hello":
      post(tab, run, { kind: "lists", to: message.from, unread: lists.unreadNotifications.slice(), read: lists.readNotifications.slice() });
      if (message.unread !== undefined) applyRemote(tab, () => applyLists(tab, message as Required<typeof message>));
      if (run.leader) post(tab, run, { kind: "leader", status: tab.ctx.status });
      return;
    case "lists":
      if (message.to === tab.id) applyRemote(tab, () => applyLists(tab, message));
      return;
    case "action":
      applyRemote(tab, () => applyAction(tab, message.action));
      return;
    case "retry":
      if (run.leader) tab.hooks.retry();
      return;
    case "leader":
    case "status":
      if (message.kind === "leader" && !run.leader) run.leaderId = message.from;
      if (message.from === run.leaderId) applyRemote(tab, () => setStatus(tab.ctx, message.status));
      // Before any announcement this tab is still joining; the leader's answer to its hello brings the status.
      else if (run.leaderId !== undefined)
        logger.warn(`notifications: ignored a status from tab ${JSON.stringify(message.from.slice(0, 40))}, which is not the leader`);
      return;
  }
}

function applyRemote(tab: Tab, apply: () => void): void {
  tab.applyingRemote = true;
  try {
    apply();
  } finally {
    tab.applyingRemote = false;
  }
}

function applyAction(tab: Tab, action: RelayedAction): void {
  if (action.type === A.ingest) tab.hooks.ingest(action.payload as NotificationDetails[]);
  else tab.ctx.store.dispatch(action as Parameters<LiveContext["store"]["dispatch"]>[0]);
}

/**
 * A peer's lists, merged by the list rules: what is read anywhere stays read, nothing doubles, and a
 * newer copy this tab holds is kept (a peer frozen before an update reached it answers with the old
 * copy read). The read ones go as one list read, which applies addReadNotification's rules to each.
 */
function applyLists(tab: Tab, message: Pick<ListsMessage, "unread" | "read">): void {
  const { store } = tab.ctx;
  if (message.unread.length > 0) store.dispatch(ingestNotifications(message.unread));
  if (message.read.length > 0) store.dispatch({ type: A.readAllNotifications, payload: message.read });
}
