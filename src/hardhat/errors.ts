// One error family for the plugin: every message says what to do next.
import { HardhatPluginError } from "hardhat/plugins";
import { PLUGIN_NAME } from "./constants";

export class MultiAccountKitError extends HardhatPluginError {
  constructor(message: string, parent?: Error) {
    super(PLUGIN_NAME, message, parent);
    // HardhatPluginError pins its own prototype; restore the subclass so `instanceof` works.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = new.target.name;
  }
}

/** A value in the `multiAccount` section of hardhat.config is invalid. */
export class ConfigError extends MultiAccountKitError {
  constructor(key: string, problem: string) {
    super(`Invalid config value multiAccount.${key}: ${problem}. Fix it in hardhat.config.`);
  }
}

/** The address file cannot be read or written; it is left as it was. */
export class AddressesFileError extends MultiAccountKitError {
  constructor(file: string, problem: string, parent?: Error) {
    super(`Address file ${file}: ${problem}. The file was left untouched; fix it (or move it away) and run again.`, parent);
  }
}

/** A deploy or upgrade input is missing or wrong; nothing was sent. */
export class InputError extends MultiAccountKitError {}

/** PRIVATE_KEY is needed to sign on a live network. */
export class MissingPrivateKeyError extends MultiAccountKitError {
  constructor(network: string) {
    super(
      `No deployer account for network "${network}": PRIVATE_KEY is not set. ` +
        `Set PRIVATE_KEY in the .env file (see .env.example) and run again.`
    );
  }
}

/** A configuration environment variable is malformed (its value is never printed). */
export class EnvError extends MultiAccountKitError {
  constructor(variable: string, problem: string) {
    super(`Environment variable ${variable} ${problem}. Fix it in the .env file (see .env.example).`);
  }
}

/** The network's JSON-RPC endpoint did not answer. */
export class NetworkUnreachableError extends MultiAccountKitError {}
