// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";
import {PausableUpgradeable} from "@openzeppelin/contracts-upgradeable/security/PausableUpgradeable.sol";
import {ReentrancyGuardUpgradeable} from "@openzeppelin/contracts-upgradeable/security/ReentrancyGuardUpgradeable.sol";
import {IERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/IERC20Upgradeable.sol";
import {IERC20MetadataUpgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/extensions/IERC20MetadataUpgradeable.sol";
import {IMultiAccount} from "../interfaces/IMultiAccount.sol";
import {IProtocol} from "../interfaces/IProtocol.sol";
import {IProtocolPartyA} from "../interfaces/IProtocolPartyA.sol";

/// @title MultiAccount
/// @notice Lets a user own many sub-accounts (ProtocolPartyA) in the protocol, deposit into them,
/// call the protocol through them, and delegate single selectors to other addresses.
/// @dev Deployed behind a transparent proxy. The account creation bytecode lives in the code of a
/// data contract (read with EXTCODECOPY), not in storage slots, which keeps `addAccount` cheap.
contract MultiAccount is
    IMultiAccount,
    Initializable,
    AccessControlUpgradeable,
    PausableUpgradeable,
    ReentrancyGuardUpgradeable
{
    bytes32 public constant SETTER_ROLE = keccak256("SETTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant UNPAUSER_ROLE = keccak256("UNPAUSER_ROLE");

    /// @notice Upper bound of `revokeCooldown`.
    uint256 public constant MAX_REVOKE_COOLDOWN = 30 days;
    /// @notice How long a revoke proposal stays usable once its cooldown has passed.
    uint256 public constant REVOKE_PROPOSAL_LIFETIME = 7 days;
    /// @dev EIP-170 limit; the data contract's code is one STOP byte plus the bytecode.
    uint256 private constant MAX_CODE_SIZE = 24576;

    address public accountsAdmin;
    address public protocolAddress;
    uint256 public revokeCooldown;
    /// @dev Contract whose code is 0x00 followed by the account creation bytecode.
    address private _accountCode;

    /// @dev An account's owner and its index in the owner's list, in one slot: `addAccount` writes
    /// one fresh slot for both.
    struct AccountInfo {
        address owner;
        uint96 index;
    }

    mapping(address user => Account[]) private _accounts;
    mapping(address account => AccountInfo) private _accountInfo;
    mapping(address account => mapping(address target => mapping(bytes4 selector => bool))) public delegatedAccesses;
    mapping(address account => mapping(address target => mapping(bytes4 selector => uint256)))
        public revokeProposalTimestamp;

    // ---- added after 0.1.0 (the layout is append-only: contracts/layout/, docs/contracts.md)

    /// @dev Seconds spent paused, summed over the pauses that have ended since this variable exists.
    uint256 private _pausedTotal;
    /// @dev When the pause in force began; 0 when not paused, or paused since before this variable
    /// existed (that pause's start is unknown, so it does not count).
    uint256 private _pausedAt;
    /// @dev `_pausedTotal` when a revoke proposal was made. Proposals are made only while not paused,
    /// so the time paused since a proposal is `_pausedTotal` minus this. Meaningful only while its
    /// `revokeProposalTimestamp` is non-zero; every proposal writes it.
    mapping(address account => mapping(address target => mapping(bytes4 selector => uint256)))
        private _pausedTotalAtProposal;

    /// @dev Reserved for future versions; shrink it by the slots a new version adds.
    uint256[39] private __gap;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(address admin, address protocolAddress_, bytes calldata accountImplementation_)
        external
        initializer
    {
        if (admin == address(0) || protocolAddress_ == address(0)) revert ZeroAddress();
        __AccessControl_init();
        __Pausable_init();
        __ReentrancyGuard_init();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(SETTER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(UNPAUSER_ROLE, admin);
        accountsAdmin = admin;
        protocolAddress = protocolAddress_;
        _storeAccountImplementation(accountImplementation_);
    }

    // ---------------------------------------------------------------- account management

    modifier onlyOwner(address account) {
        _checkOwner(account);
        _;
    }

    function addAccount(string calldata name) external whenNotPaused nonReentrant returns (address account) {
        uint256 index = _accounts[msg.sender].length;
        bytes memory initCode = _accountInitCode();
        bytes32 salt = _salt(msg.sender, index);
        assembly {
            account := create2(0, add(initCode, 0x20), mload(initCode), salt)
        }
        // CREATE2 returns a code-less address when the init code returns nothing: never register it.
        if (account == address(0) || account.code.length == 0) revert AccountDeploymentFailed();
        _accounts[msg.sender].push(Account(account, name));
        _accountInfo[account] = AccountInfo(msg.sender, uint96(index));
        emit AddAccount(msg.sender, account, name);
    }

    function editAccountName(address account, string calldata name) external whenNotPaused onlyOwner(account) {
        _accounts[msg.sender][_accountInfo[account].index].name = name;
        emit EditAccountName(msg.sender, account, name);
    }

    function owners(address account) external view returns (address) {
        return _accountInfo[account].owner;
    }

    function indexOfAccount(address account) external view returns (uint256) {
        return _accountInfo[account].index;
    }

    function getAccountsLength(address user) external view returns (uint256) {
        return _accounts[user].length;
    }

    /// @notice Up to `size` accounts of `user` from `start`; out-of-range input returns what exists.
    function getAccounts(address user, uint256 start, uint256 size) external view returns (Account[] memory result) {
        Account[] storage all = _accounts[user];
        uint256 length = all.length;
        if (start >= length) return new Account[](0);
        if (size > length - start) size = length - start;
        result = new Account[](size);
        for (uint256 i; i < size; ++i) {
            result[i] = all[start + i];
        }
    }

    function predictNextAccountAddress(address user) external view returns (address) {
        bytes32 codeHash = keccak256(_accountInitCode());
        bytes32 salt = _salt(user, _accounts[user].length);
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }

    // ---------------------------------------------------------------- funds

    function depositForAccount(address account, uint256 amount)
        external
        whenNotPaused
        nonReentrant
        onlyOwner(account)
    {
        (address protocol, address collateral) = _collateral(amount);
        _deposit(protocol, collateral, account, amount);
        emit DepositForAccount(msg.sender, account, amount);
    }

    function depositAndAllocateForAccount(address account, uint256 amount)
        external
        whenNotPaused
        nonReentrant
        onlyOwner(account)
    {
        (address protocol, address collateral) = _collateral(amount);
        uint256 amountWith18Decimals = _scaleTo18Decimals(amount, IERC20MetadataUpgradeable(collateral).decimals());
        // With more than 18 decimals a small amount is worth nothing to allocate: refuse before any
        // token moves, rather than deposit and call allocate(0).
        if (amountWith18Decimals == 0) revert AllocationRoundsToZero(amount);
        _deposit(protocol, collateral, account, amount);
        emit DepositForAccount(msg.sender, account, amount);
        _callAccount(account, abi.encodeCall(IProtocol.allocate, (amountWith18Decimals)));
        emit AllocateForAccount(msg.sender, account, amountWith18Decimals);
    }

    function withdrawFromAccount(address account, uint256 amount)
        external
        whenNotPaused
        nonReentrant
        onlyOwner(account)
    {
        if (amount == 0) revert ZeroAmount();
        // The owner is msg.sender (checked above): a withdrawal always pays the owner.
        _callAccount(account, abi.encodeCall(IProtocol.withdrawTo, (msg.sender, amount)));
        emit WithdrawFromAccount(msg.sender, account, amount);
    }

    // ---------------------------------------------------------------- calls

    function _call(address account, bytes[] calldata callDatas) external whenNotPaused nonReentrant {
        address owner = _accountInfo[account].owner;
        if (owner == address(0)) revert UnknownAccount(account);
        uint256 length = callDatas.length;
        if (length == 0) revert EmptyBatch();
        bool isOwner = owner == msg.sender;
        for (uint256 i; i < length; ++i) {
            bytes calldata callData = callDatas[i];
            if (callData.length < 4) revert CallDataTooShort(i, callData.length);
            if (!isOwner) {
                bytes4 selector = bytes4(callData[:4]);
                if (!delegatedAccesses[account][msg.sender][selector]) {
                    revert AccessNotDelegated(account, msg.sender, selector);
                }
            }
            // A failing call reverts here with the protocol's revert data, unchanged.
            bytes memory resultData = _callAccount(account, callData);
            emit Call(msg.sender, account, callData, resultData);
        }
    }

    // ---------------------------------------------------------------- delegation

    function delegateAccess(address account, address target, bytes4 selector, bool state)
        external
        whenNotPaused
        onlyOwner(account)
    {
        if (!state) revert RevokeThroughProposal();
        _checkTarget(account, target);
        _grant(account, target, selector);
    }

    function delegateAccesses(address account, address target, bytes4[] calldata selectors, bool state)
        external
        whenNotPaused
        onlyOwner(account)
    {
        if (!state) revert RevokeThroughProposal();
        uint256 length = _checkSelectors(selectors);
        _checkTarget(account, target);
        for (uint256 i; i < length; ++i) {
            _grant(account, target, selectors[i]);
        }
    }

    function proposeToRevokeAccesses(address account, address target, bytes4[] calldata selectors)
        external
        whenNotPaused
        onlyOwner(account)
    {
        uint256 length = _checkSelectors(selectors);
        uint256 pausedTotal = _pausedTotal;
        for (uint256 i; i < length; ++i) {
            bytes4 selector = selectors[i];
            if (!delegatedAccesses[account][target][selector]) revert AccessNotGranted(selector);
            revokeProposalTimestamp[account][target][selector] = block.timestamp;
            _pausedTotalAtProposal[account][target][selector] = pausedTotal;
            emit ProposeToRevokeAccess(account, target, selector);
        }
    }

    function revokeAccesses(address account, address target, bytes4[] calldata selectors)
        external
        whenNotPaused
        onlyOwner(account)
    {
        uint256 length = _checkSelectors(selectors);
        // The cooldown in force now applies, not the one in force at proposal time.
        uint256 cooldown = revokeCooldown;
        uint256 pausedTotal = _pausedTotal;
        for (uint256 i; i < length; ++i) {
            bytes4 selector = selectors[i];
            uint256 proposedAt = revokeProposalTimestamp[account][target][selector];
            if (proposedAt == 0) revert NoRevokeProposal(selector);
            // A proposal ages only while the contract runs. Paused, the owner cannot revoke and the
            // delegate cannot call, so a pause must neither eat the owner's 7 days nor the notice the
            // cooldown gives the delegate: both move later by the time paused since the proposal.
            uint256 readyAt = proposedAt + cooldown + (pausedTotal - _pausedTotalAtProposal[account][target][selector]);
            if (block.timestamp < readyAt) revert RevokeCooldownNotPassed(selector, readyAt);
            if (block.timestamp > readyAt + REVOKE_PROPOSAL_LIFETIME) {
                revert RevokeProposalExpired(selector, readyAt + REVOKE_PROPOSAL_LIFETIME);
            }
            delete revokeProposalTimestamp[account][target][selector];
            delegatedAccesses[account][target][selector] = false;
            emit DelegateAccess(account, target, selector, false);
        }
    }

    // ---------------------------------------------------------------- setters and pausing

    function setAccountImplementation(bytes calldata accountImplementation_) external onlyRole(SETTER_ROLE) {
        _storeAccountImplementation(accountImplementation_);
    }

    function setAccountsAdmin(address admin) external onlyRole(SETTER_ROLE) {
        if (admin == address(0)) revert ZeroAddress();
        emit SetAccountsAdmin(accountsAdmin, admin);
        accountsAdmin = admin;
    }

    function setProtocolAddress(address protocolAddress_) external onlyRole(SETTER_ROLE) {
        if (protocolAddress_ == address(0)) revert ZeroAddress();
        emit SetProtocolAddress(protocolAddress, protocolAddress_);
        protocolAddress = protocolAddress_;
    }

    function setRevokeCooldown(uint256 cooldown) external onlyRole(SETTER_ROLE) {
        if (cooldown > MAX_REVOKE_COOLDOWN) revert RevokeCooldownTooLong(cooldown, MAX_REVOKE_COOLDOWN);
        emit SetRevokeCooldown(revokeCooldown, cooldown);
        revokeCooldown = cooldown;
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
        _pausedAt = block.timestamp;
    }

    function unpause() external onlyRole(UNPAUSER_ROLE) {
        _unpause();
        uint256 pausedAt = _pausedAt;
        if (pausedAt != 0) {
            _pausedTotal += block.timestamp - pausedAt;
            _pausedAt = 0;
        }
    }

    // ---------------------------------------------------------------- views

    /// @return code The account creation bytecode (without constructor arguments).
    function accountImplementation() external view returns (bytes memory code) {
        address pointer = _accountCode;
        if (pointer == address(0)) return code;
        uint256 size = pointer.code.length - 1;
        code = new bytes(size);
        assembly {
            extcodecopy(pointer, add(code, 0x20), 1, size)
        }
    }

    // ---------------------------------------------------------------- internals

    /// @dev Custom errors instead of the libraries' long revert strings: decodable by frontends, and
    /// about 670 bytes less implementation code (the deployment's gas target needs it).
    function _checkRole(bytes32 role, address account) internal view override {
        if (!hasRole(role, account)) revert MissingRole(account, role);
    }

    function _requireNotPaused() internal view override {
        if (paused()) revert EnforcedPause();
    }

    function _requirePaused() internal view override {
        if (!paused()) revert ExpectedPause();
    }

    function _checkOwner(address account) private view {
        address owner = _accountInfo[account].owner;
        if (owner == address(0)) revert UnknownAccount(account);
        if (owner != msg.sender) revert NotAccountOwner(account, msg.sender);
    }

    function _checkSelectors(bytes4[] calldata selectors) private pure returns (uint256 length) {
        length = selectors.length;
        if (length == 0) revert EmptySelectors();
    }

    /// @dev Only after `onlyOwner`, so `msg.sender` is the owner. A grant to the owner (who may call
    /// anything already) or to the account (which never calls the MultiAccount) means nothing, and
    /// would only leave a misleading entry in `delegatedAccesses`.
    function _checkTarget(address account, address target) private view {
        if (target == address(0)) revert ZeroAddress();
        if (target == account || target == msg.sender) revert InvalidTarget(target);
    }

    function _grant(address account, address target, bytes4 selector) private {
        delegatedAccesses[account][target][selector] = true;
        // Granting again clears a pending revoke proposal, so a stale one cannot be used later.
        delete revokeProposalTimestamp[account][target][selector];
        emit DelegateAccess(account, target, selector, true);
    }

    /// @dev The salt binds the address to the user and the user's own counter: nobody else can take
    /// an address a user predicted (and perhaps funded), on this chain or any other.
    function _salt(address user, uint256 index) private pure returns (bytes32) {
        return keccak256(abi.encode(user, index));
    }

    /// @dev Creation bytecode followed by the ABI-encoded constructor argument `address(this)`.
    function _accountInitCode() private view returns (bytes memory initCode) {
        address pointer = _accountCode;
        uint256 size = pointer.code.length - 1;
        initCode = new bytes(size + 32);
        assembly {
            let start := add(initCode, 0x20)
            extcodecopy(pointer, start, 1, size)
            mstore(add(start, size), address())
        }
    }

    function _storeAccountImplementation(bytes calldata code) private {
        uint256 length = code.length;
        if (length == 0) revert EmptyAccountImplementation();
        if (length >= MAX_CODE_SIZE) revert AccountImplementationTooLarge(length, MAX_CODE_SIZE - 1);
        // Init code: PUSH4 (length+1) DUP1 PUSH1 0x0e PUSH1 0 CODECOPY PUSH1 0 RETURN, then the data
        // contract's code: a STOP byte (so calling it does nothing) and the bytecode.
        bytes memory dataInitCode = abi.encodePacked(hex"63", uint32(length + 1), hex"80600e6000396000f300", code);
        address pointer;
        assembly {
            pointer := create(0, add(dataInitCode, 0x20), mload(dataInitCode))
        }
        if (pointer == address(0)) revert AccountImplementationStoreFailed();
        _accountCode = pointer;
        emit SetAccountImplementation(keccak256(code), pointer);
    }

    function _collateral(uint256 amount) private view returns (address protocol, address collateral) {
        if (amount == 0) revert ZeroAmount();
        protocol = protocolAddress;
        collateral = IProtocol(protocol).getCollateral();
    }

    function _deposit(address protocol, address collateral, address account, uint256 amount) private {
        IERC20Upgradeable token = IERC20Upgradeable(collateral);
        uint256 balanceBefore = token.balanceOf(address(this));
        _callToken(collateral, abi.encodeCall(IERC20Upgradeable.transferFrom, (msg.sender, address(this), amount)));
        // The allowance is always zero here (see below), so a plain approve suits USDT-like tokens too.
        _callToken(collateral, abi.encodeCall(IERC20Upgradeable.approve, (protocol, amount)));
        IProtocol(protocol).depositFor(account, amount);
        // Nothing may stay behind: every token pulled in went to the protocol, and no allowance is left.
        uint256 balanceAfter = token.balanceOf(address(this));
        if (balanceAfter != balanceBefore) revert DepositResidue(balanceBefore, balanceAfter);
        if (token.allowance(address(this), protocol) != 0) {
            _callToken(collateral, abi.encodeCall(IERC20Upgradeable.approve, (protocol, 0)));
        }
    }

    /// @dev Makes `account` call the protocol in force now (so that `setProtocolAddress` strands no
    /// account), after checking that it has code: a call to an address without code "succeeds"
    /// silently, and funds logic must never believe it. Returns the protocol's return data.
    function _callAccount(address account, bytes memory callData) private returns (bytes memory resultData) {
        address protocol = protocolAddress;
        if (protocol.code.length == 0) revert ProtocolHasNoCode(protocol);
        bool success;
        (success, resultData) = account.call(abi.encodeCall(IProtocolPartyA._call, (protocol, callData)));
        if (!success) {
            assembly {
                revert(add(resultData, 0x20), mload(resultData))
            }
        }
    }

    /// @dev What SafeERC20 does for these calls, without its bytecode (which kept the full deployment
    /// above its gas target): bubble up a revert, accept no return value, reject `false`. A token
    /// without code never gets here: the balanceOf call before it reverts.
    function _callToken(address token, bytes memory callData) private {
        (bool success, bytes memory result) = token.call(callData);
        if (!success) {
            assembly {
                revert(add(result, 0x20), mload(result))
            }
        }
        if (result.length != 0 && !abi.decode(result, (bool))) revert TokenOperationFailed(token);
    }

    function _scaleTo18Decimals(uint256 amount, uint8 decimals) private pure returns (uint256) {
        if (decimals <= 18) return amount * 10 ** (18 - decimals);
        return amount / 10 ** (decimals - 18);
    }
}
