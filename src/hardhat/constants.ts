// Names shared by the plugin's tasks, config and messages.
export const PLUGIN_NAME = "multiaccount-kit";

export const TASK_DEPLOY_MULTIACCOUNT = "deploy-multiaccount";
export const TASK_UPGRADE_MULTIACCOUNT = "upgrade-multiaccount";
export const TASK_ADDRESSES_SHOW = "addresses:show";
export const TASK_DEPLOY_PROTOCOL_STAND_IN = "deploy-protocol-stand-in";
export const TASK_HANDOVER_MULTIACCOUNT = "handover-multiaccount";

export const DEFAULT_ADDRESSES_FILE = "output/addresses.json";
export const DEFAULT_CONTRACT = "MultiAccount";
export const DEFAULT_ACCOUNT_CONTRACT = "ProtocolPartyA";
export const DEFAULT_VERIFY_DELAY_SECONDS = 15;

/** ERC-1967 storage slots (bytes32(uint256(keccak256("eip1967.proxy.<name>")) - 1)). */
export const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
export const ADMIN_SLOT = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";

/** Help texts both Hardhat majors give the same option. */
export const ADDRESSES_FILE_HELP = "Addresses file; {network} in it stands for the network's name (default: multiAccount.addressesFile)";
export const ALL_NETWORKS_HELP = "Show every configured network's multiAccountAddress side by side, and flag those that differ";
