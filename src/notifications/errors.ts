/** Base class of every error this module throws or rejects with. */
export class NotificationsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input to a thunk (or a bad thunk extra argument): the message names it and the fix. */
export class NotificationsInputError extends NotificationsError {}

export type NotificationFetchFailure = "network" | "timeout" | "aborted" | "status" | "json" | "shape";

/** A fetch that did not produce a usable page. `getNotifications` logs it and resolves empty. */
export class NotificationFetchError extends NotificationsError {
  constructor(
    readonly failure: NotificationFetchFailure,
    message: string,
    readonly status?: number
  ) {
    super(message);
  }
}
