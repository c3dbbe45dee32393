// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice Manages users' sub-accounts (ProtocolPartyA), deployed with CREATE2.
interface IMultiAccount {
    struct Account {
        address accountAddress;
        string name;
    }

    event AddAccount(address indexed user, address indexed account, string name);
    event EditAccountName(address indexed user, address indexed account, string name);
    event DepositForAccount(address indexed user, address indexed account, uint256 amount);
    event AllocateForAccount(address indexed user, address indexed account, uint256 amount);
    event WithdrawFromAccount(address indexed user, address indexed account, uint256 amount);
    event Call(address indexed sender, address indexed account, bytes callData, bytes resultData);
    event DelegateAccess(address indexed account, address indexed target, bytes4 selector, bool state);
    event ProposeToRevokeAccess(address indexed account, address indexed target, bytes4 selector);
    event SetAccountImplementation(bytes32 codeHash, address codePointer);
    event SetAccountsAdmin(address oldAdmin, address newAdmin);
    event SetProtocolAddress(address oldProtocol, address newProtocol);
    event SetRevokeCooldown(uint256 oldCooldown, uint256 newCooldown);

    error ZeroAddress();
    error MissingRole(address account, bytes32 role);
    error EnforcedPause();
    error ExpectedPause();
    error EmptyAccountImplementation();
    error AccountImplementationTooLarge(uint256 length, uint256 maxLength);
    error AccountImplementationStoreFailed();
    error AccountDeploymentFailed();
    error UnknownAccount(address account);
    error NotAccountOwner(address account, address caller);
    error ZeroAmount();
    error DepositResidue(uint256 expectedBalance, uint256 actualBalance);
    error TokenOperationFailed(address token);
    error EmptyBatch();
    error CallDataTooShort(uint256 index, uint256 length);
    error AccessNotDelegated(address account, address caller, bytes4 selector);
    error EmptySelectors();
    error RevokeThroughProposal();
    error NoRevokeProposal(bytes4 selector);
    error RevokeCooldownNotPassed(bytes4 selector, uint256 readyAt);
    error RevokeProposalExpired(bytes4 selector, uint256 expiredAt);
    error RevokeCooldownTooLong(uint256 cooldown, uint256 maxCooldown);
    /// @notice The protocol address holds no code, so a call there would "succeed" doing nothing.
    error ProtocolHasNoCode(address protocol);
    /// @notice `depositAndAllocateForAccount`: the amount is worth 0 in 18 decimals.
    error AllocationRoundsToZero(uint256 amount);
    /// @notice `proposeToRevokeAccesses`: the selector is not granted, so there is nothing to revoke.
    error AccessNotGranted(bytes4 selector);
    /// @notice `delegateAccess(es)`: the target is the account itself or its owner, which a grant
    /// must never name (the owner may already call anything).
    error InvalidTarget(address target);

    function initialize(address admin, address protocolAddress_, bytes calldata accountImplementation_) external;

    // Account management
    function addAccount(string calldata name) external returns (address account);
    function editAccountName(address account, string calldata name) external;
    function getAccountsLength(address user) external view returns (uint256);
    function getAccounts(address user, uint256 start, uint256 size) external view returns (Account[] memory);
    function owners(address account) external view returns (address);
    function indexOfAccount(address account) external view returns (uint256);
    function predictNextAccountAddress(address user) external view returns (address);

    // Funds (owner only)
    function depositForAccount(address account, uint256 amount) external;
    function depositAndAllocateForAccount(address account, uint256 amount) external;
    function withdrawFromAccount(address account, uint256 amount) external;

    // Calls
    function _call(address account, bytes[] calldata callDatas) external;

    // Delegation
    function delegateAccess(address account, address target, bytes4 selector, bool state) external;
    function delegateAccesses(address account, address target, bytes4[] calldata selectors, bool state) external;
    function proposeToRevokeAccesses(address account, address target, bytes4[] calldata selectors) external;
    function revokeAccesses(address account, address target, bytes4[] calldata selectors) external;
    function delegatedAccesses(address account, address target, bytes4 selector) external view returns (bool);
    function revokeProposalTimestamp(address account, address target, bytes4 selector) external view returns (uint256);
    function revokeCooldown() external view returns (uint256);

    // Setters (SETTER_ROLE)
    function setAccountImplementation(bytes calldata accountImplementation_) external;
    function setAccountsAdmin(address admin) external;
    function setProtocolAddress(address protocolAddress_) external;
    function setRevokeCooldown(uint256 cooldown) external;

    // Pausing
    function pause() external;
    function unpause() external;

    // Views
    function protocolAddress() external view returns (address);
    function accountsAdmin() external view returns (address);
    function accountImplementation() external view returns (bytes memory);
}
