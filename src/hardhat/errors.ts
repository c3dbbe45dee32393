// One error family for the plugin: every message says what to do next.
import { HardhatPluginError } from "hardhat/plugins";
import { PLUGIN_NAME } from "./constants";

export class MultiAccountKitError extends HardhatPluginError {
  constructor(message: string, parent?: Error) {
    super(PLUGIN_NAME, message, parent);
  }
}

/** A value in the `multiAccount` section of hardhat.config is invalid. */
export class ConfigError extends MultiAccountKitError {
  constructor(key: string, problem: string) {
    super(`Invalid config value multiAccount.${key}: ${problem}. Fix it in hardhat.config.`);
  }
}
