// One error family for the plugin: every message says what to do next. It imports nothing from
// Hardhat, so the same classes serve both majors: Hardhat 2 and Hardhat 3 both recognise a plugin
// error by its own `_isHardhatPluginError` property, and print `pluginName` (2) or `pluginId` (3)
// with the message instead of a stack trace. The Hardhat 3 entry also rethrows them as Hardhat 3's
// own HardhatPluginError at the task boundary.
import { PLUGIN_NAME } from "./constants";

export class MultiAccountKitError extends Error {
  readonly pluginName = PLUGIN_NAME;
  readonly pluginId = PLUGIN_NAME;
  /** The error this one explains, when there is one (Hardhat 2 calls it `parent`). */
  readonly parent?: Error;

  constructor(message: string, parent?: Error) {
    super(message, parent === undefined ? undefined : { cause: parent });
    this.parent = parent;
    Object.defineProperty(this, "_isHardhatPluginError", { value: true, enumerable: false, writable: false, configurable: false });
  }
}
named(MultiAccountKitError, "MultiAccountKitError");

/**
 * Gives a class its `name` (on its prototype, as Error.prototype has it): a static string, because a
 * minifier renames classes. A subclass that names itself nothing is named like its parent, as with
 * Error itself.
 */
export function named(cls: abstract new (...args: never[]) => Error, name: string): void {
  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true });
}

/** Whether Hardhat (either major) prints `error` as a plugin's own, clear error. */
export function isPluginError(error: unknown): boolean {
  return typeof error === "object" && error !== null && Object.getOwnPropertyDescriptor(error, "_isHardhatPluginError")?.value === true;
}

/** Whether `error` is one of Hardhat's own errors (HHxxx), which already say what to do. */
export function isHardhatError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { _isHardhatError?: unknown })._isHardhatError === true;
}

/** A value in the `multiAccount` section of hardhat.config is invalid. */
export class ConfigError extends MultiAccountKitError {
  constructor(
    readonly key: string,
    problem: string
  ) {
    super(`Invalid config value multiAccount.${key}: ${problem}. Fix it in hardhat.config.`);
  }
}
named(ConfigError, "ConfigError");

/** The addresses file cannot be read or written; it is left as it was. */
export class AddressesFileError extends MultiAccountKitError {
  constructor(file: string, problem: string, parent?: Error) {
    super(`Addresses file ${file}: ${problem}. The file was left untouched; fix it (or move it away) and run again.`, parent);
  }
}
named(AddressesFileError, "AddressesFileError");

/** A deploy or upgrade input is missing or wrong; nothing was sent. */
export class InputError extends MultiAccountKitError {}
named(InputError, "InputError");

/** Where an installed project finds the package's .env template (shipped in the tarball, see package.json "files"). */
const ENV_TEMPLATE = "node_modules/multiaccount-kit/.env.example";

/** PRIVATE_KEY is needed to sign on a live network. */
export class MissingPrivateKeyError extends MultiAccountKitError {
  constructor(network: string) {
    super(
      `No deployer account for network "${network}": PRIVATE_KEY is not set. Set PRIVATE_KEY in the .env file (${ENV_TEMPLATE} lists every variable) and run again.`
    );
  }
}
named(MissingPrivateKeyError, "MissingPrivateKeyError");

/** A configuration environment variable is malformed (its value is never printed). */
export class EnvError extends MultiAccountKitError {
  constructor(variable: string, problem: string) {
    super(`Environment variable ${variable} ${problem}. Fix it in the .env file (${ENV_TEMPLATE} lists every variable).`);
  }
}
named(EnvError, "EnvError");

/** The network's JSON-RPC endpoint did not answer. */
export class NetworkUnreachableError extends MultiAccountKitError {}
named(NetworkUnreachableError, "NetworkUnreachableError");

/** A JSON-RPC call kept failing, retries included: the task cannot go on. */
export class RpcUnavailableError extends NetworkUnreachableError {
  constructor(
    /** `network "bsc" (https://host)` */
    readonly endpoint: string,
    readonly method: string,
    /** "connection reset (7 attempts over 12.4 s; multiAccount.rpc.retries is 6)" */
    readonly detail: string
  ) {
    super(`Cannot reach the JSON-RPC endpoint of ${endpoint}: ${method} failed, ${detail}.`);
  }

  /** The same failure, naming the step it stopped: what an operator reads. */
  during(step: string): NetworkUnreachableError {
    return new NetworkUnreachableError(
      `Cannot reach the JSON-RPC endpoint of ${this.endpoint} while ${step}: ${this.method} failed, ${this.detail}. ` +
        `Check the network's url (or <NETWORK>_RPC_URL in .env) and that the node is running.`,
      this
    );
  }
}
named(RpcUnavailableError, "RpcUnavailableError");

/** The project's ethers/upgrades plugins are missing, or mix two stacks. */
export class StackError extends MultiAccountKitError {}
named(StackError, "StackError");

/**
 * Something we did not foresee failed inside a task. The message names the task and the step; the
 * original error is kept as the cause (shown with --show-stack-traces).
 */
export class UnexpectedError extends MultiAccountKitError {}
named(UnexpectedError, "UnexpectedError");
