// An ES module copy and a CommonJS copy of this package can both be loaded in one process or one
// bundle (docs/notifications.md, "ESM and CommonJS"). `instanceof` must still hold for an error
// thrown by the other copy, so each class names itself on its prototype under a key of the global
// symbol registry (the same key in every copy), and `instanceof` looks for that name.
const ERROR_CLASS: unique symbol = Symbol.for("multiaccount-kit/notifications/errorClass");

function hasOwn(target: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/** Whether `value` is an instance of `cls` or of the class of the same name in another copy. */
function isInstance(cls: { prototype: object }, value: unknown): boolean {
  if (!hasOwn(cls.prototype, ERROR_CLASS)) return Function.prototype[Symbol.hasInstance].call(cls, value); // a user's subclass
  const name = (cls.prototype as { [ERROR_CLASS]: string })[ERROR_CLASS];
  if (typeof value !== "object" || value === null) return false;
  for (let proto = Object.getPrototypeOf(value); proto !== null; proto = Object.getPrototypeOf(proto)) {
    if (hasOwn(proto, ERROR_CLASS) && proto[ERROR_CLASS] === name) return true;
  }
  return false;
}

/** Base class of every error this module throws or rejects with. */
export class NotificationsError extends Error {
  constructor(message: string) {
    super(message);
    // The static string each class gives itself below, never the class's own name, which a
    // minifier renames. A subclass of yours is named like its parent unless it sets `name`, as
    // with Error itself.
    this.name = this[ERROR_CLASS];
  }

  get [ERROR_CLASS](): string {
    return "NotificationsError";
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
}

/** Bad input to a thunk (or a bad thunk extra argument): the message names it and the fix. */
export class NotificationsInputError extends NotificationsError {
  get [ERROR_CLASS](): string {
    return "NotificationsInputError";
  }
}

export type NotificationFetchFailure = "network" | "timeout" | "aborted" | "status" | "tooLarge" | "json" | "shape";

/** A fetch that did not produce a usable page. `getNotifications` logs it and resolves empty. */
export class NotificationFetchError extends NotificationsError {
  constructor(
    readonly failure: NotificationFetchFailure,
    message: string,
    readonly status?: number
  ) {
    super(message);
  }

  get [ERROR_CLASS](): string {
    return "NotificationFetchError";
  }
}
