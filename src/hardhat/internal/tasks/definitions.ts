// The plugin's tasks as both Hardhat majors show them: each task's name, description and options,
// written once. hardhat2/task-definitions.ts and hardhat3/task-definitions.mts register them; the
// action argument types below are derived from the same table. Imports nothing from Hardhat.
import {
  ADDRESSES_FILE_HELP,
  ALL_NETWORKS_HELP,
  TASK_ADDRESSES_SHOW,
  TASK_DEPLOY_MULTIACCOUNT,
  TASK_DEPLOY_PROTOCOL_STAND_IN,
  TASK_HANDOVER_MULTIACCOUNT,
  TASK_UPGRADE_MULTIACCOUNT,
} from "../../constants";

/**
 * flag: `--name`, false when absent. string: `--name value`, undefined when absent. seconds: a
 * number of seconds, undefined when absent (a float on Hardhat 2; on Hardhat 3 a string, which the
 * task reads with secondsOption, as Hardhat 3 gives an option without a default only as a string).
 */
export type OptionKind = "flag" | "string" | "seconds";

export interface OptionDefinition {
  readonly name: string;
  readonly description: string;
  readonly kind: OptionKind;
}

export interface TaskDefinition {
  readonly name: string;
  readonly description: string;
  /** Both majors' help lists them sorted by name, whatever the order here. */
  readonly options: readonly OptionDefinition[];
}

function option<const N extends string, const K extends OptionKind>(kind: K, name: N, description: string) {
  return { name, description, kind } as const;
}

function task<const O extends readonly OptionDefinition[]>(name: string, description: string, options: O) {
  return { name, description, options } as const;
}

const addressesFile = option("string", "addressesFile", ADDRESSES_FILE_HELP);

/** --networks and its two companions: every task that sends runs on several chains with them. */
const networksOptions = [
  option("string", "networks", "Run on several networks at once: names separated by commas, or all (every network whose URL the project sets)"),
  option("string", "concurrency", "With --networks: how many chains work at once (default: every chain, up to 8)"),
  option("flag", "skipFailing", "With --networks: send on the chains whose preflight passed even when others failed (the exit code is still 1)"),
] as const;

/** The options deploy and upgrade share (options.ts: commonOptions); three say which task they belong to. */
function commonTaskOptions(texts: { contract: string; noCompile: string; dryRun: string }) {
  return [
    option("string", "contract", texts.contract),
    addressesFile,
    option("seconds", "verifyDelay", "Seconds to wait before verifying (default: 15)"),
    option("flag", "noVerify", "Skip explorer verification"),
    option("flag", "noCompile", texts.noCompile),
    option("flag", "dryRun", texts.dryRun),
    ...networksOptions,
  ] as const;
}

export const DEPLOY_TASK = task(TASK_DEPLOY_MULTIACCOUNT, "Deploys MultiAccount behind a transparent proxy, records it and verifies it", [
  option("string", "admin", "Admin address passed to initialize (default: ADMIN_PUBLIC_KEY)"),
  option("string", "protocolAddress", "Protocol contract address (default: protocolAddress in the addresses file)"),
  option("string", "accountContract", "Sub-account contract whose creation bytecode is passed (default: ProtocolPartyA)"),
  ...commonTaskOptions({
    contract: "Contract deployed behind the proxy (default: multiAccount.contract, MultiAccount)",
    noCompile: "Don't compile before deploying",
    dryRun: "Print the plan (network, deployer, arguments, gas and cost) and send nothing",
  }),
  option("flag", "force", "Deploy even if the addresses file names a MultiAccount that has code on this network"),
  option("flag", "deterministic", "Create the proxy through CreateX (CREATE3): the same address on every chain for this deployer and --salt"),
  option("string", "salt", "Label of a --deterministic deployment (default: MultiAccount)"),
  option("string", "owner", "Owner of the proxy's ProxyAdmin from the first block: a Safe's address (an account's with --owner-is-eoa); default: the deployer"),
  option("flag", "ownerIsEoa", "--owner is an account, not a Safe (an address without code is refused without it)"),
]);

export const UPGRADE_TASK = task(TASK_UPGRADE_MULTIACCOUNT, "Upgrades the recorded MultiAccount proxy to a new implementation", [
  ...commonTaskOptions({
    contract: "New implementation contract (default: multiAccount.contract, MultiAccount)",
    noCompile: "Don't compile before upgrading",
    dryRun: "Only check the upgrade (its code against the current implementation's, storage layout, upgrade safety); send nothing",
  }),
  option("flag", "force", "Upgrade even if the proxy's current implementation already has the new implementation's compiled code"),
  option(
    "flag",
    "propose",
    "When a Safe owns the ProxyAdmin: also propose the upgrade to its Safe Transaction Service (multiAccount.safe, or SAFE_TX_SERVICE_URL and SAFE_API_KEY), signed by the deployer as an owner or delegate"
  ),
]);

export const ADDRESSES_SHOW_TASK = task(TASK_ADDRESSES_SHOW, "Shows the addresses file, with explorer links and contracts missing on this network", [
  addressesFile,
  option("flag", "json", "Print the addresses file as JSON"),
  option("flag", "allNetworks", ALL_NETWORKS_HELP),
  option("string", "networks", "Survey only these networks, as --all-networks does: names separated by commas, or all"),
  option(
    "flag",
    "checkBytecode",
    "Compile, then compare the code behind multiAccountAddress (implementation, proxy, ProxyAdmin) with it on each network: perfect, partial or mismatch (exit 1 on a mismatch); no explorer needed"
  ),
]);

export const HANDOVER_TASK = task(
  TASK_HANDOVER_MULTIACCOUNT,
  "Hands the recorded MultiAccount to a Safe: the deployer's roles are granted to it, the ProxyAdmin transferred, then the deployer's roles renounced",
  [
    option("string", "owner", "The new owner: a Safe's address (an account's with --owner-is-eoa)"),
    option("flag", "ownerIsEoa", "The new owner is an account, not a Safe (an address without code is refused without it)"),
    option("flag", "keepRoles", "Keep the deployer's MultiAccount roles (the new owner is granted them all the same)"),
    addressesFile,
    option("flag", "dryRun", "Print the steps and send nothing"),
    ...networksOptions,
  ]
);

export const STAND_IN_TASK = task(
  TASK_DEPLOY_PROTOCOL_STAND_IN,
  "Local nodes only: deploys a protocol stand-in (no protocol logic; it answers every call) and records it as protocolAddress, for trying the tasks",
  [addressesFile]
);

/**
 * The arguments an action receives for `options`: a boolean per flag, and an optional value per
 * other option (`Seconds` for a seconds option: number on Hardhat 2, string on Hardhat 3).
 */
export type OptionArgs<O extends readonly OptionDefinition[], Seconds = number> = {
  [D in O[number] as D["kind"] extends "flag" ? D["name"] : never]: boolean;
} & {
  [D in O[number] as D["kind"] extends "flag" ? never : D["name"]]?: D["kind"] extends "seconds" ? Seconds : string;
};

/** The arguments a task's action receives. */
export type TaskArgs<T extends TaskDefinition, Seconds = number> = OptionArgs<T["options"], Seconds>;

/** The arguments deploy and upgrade share. */
export type CommonTaskArgs = OptionArgs<ReturnType<typeof commonTaskOptions>>;
