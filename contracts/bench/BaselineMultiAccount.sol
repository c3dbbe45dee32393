// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";
import {PausableUpgradeable} from "@openzeppelin/contracts-upgradeable/security/PausableUpgradeable.sol";
import {ReentrancyGuardUpgradeable} from "@openzeppelin/contracts-upgradeable/security/ReentrancyGuardUpgradeable.sol";
import {IERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/IERC20Upgradeable.sol";
import {SafeERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/utils/SafeERC20Upgradeable.sol";
import {IProtocol} from "../interfaces/IProtocol.sol";
import {BaselineAccount} from "./BaselineAccount.sol";

/// @notice Gas-benchmark baseline only, never deployed for real: the common multi-account design.
/// The account creation bytecode sits in a `bytes` storage variable, and every account is a full
/// AccessControl BaselineAccount. It keeps the same user surface as MultiAccount so that the
/// benchmark compares like with like.
contract BaselineMultiAccount is Initializable, AccessControlUpgradeable, PausableUpgradeable, ReentrancyGuardUpgradeable {
    using SafeERC20Upgradeable for IERC20Upgradeable;

    struct Account {
        address accountAddress;
        string name;
    }

    bytes32 public constant SETTER_ROLE = keccak256("SETTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant UNPAUSER_ROLE = keccak256("UNPAUSER_ROLE");

    address public accountsAdmin;
    address public protocolAddress;
    uint256 public revokeCooldown;
    bytes public accountImplementation;

    mapping(address user => Account[]) private _accounts;
    mapping(address account => uint256) public indexOfAccount;
    mapping(address account => address) public owners;
    mapping(address account => mapping(address target => mapping(bytes4 selector => bool))) public delegatedAccesses;
    mapping(address account => mapping(address target => mapping(bytes4 selector => uint256)))
        public revokeProposalTimestamp;

    uint256[41] private __gap;

    event AddAccount(address indexed user, address indexed account, string name);
    event EditAccountName(address indexed user, address indexed account, string name);
    event DepositForAccount(address indexed user, address indexed account, uint256 amount);
    event WithdrawFromAccount(address indexed user, address indexed account, uint256 amount);
    event Call(address indexed sender, address indexed account, bytes callData, bytes resultData);
    event DelegateAccess(address indexed account, address indexed target, bytes4 selector, bool state);

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(address admin, address protocolAddress_, bytes calldata accountImplementation_)
        external
        initializer
    {
        require(admin != address(0) && protocolAddress_ != address(0), "zero address");
        require(accountImplementation_.length != 0, "empty bytecode");
        __AccessControl_init();
        __Pausable_init();
        __ReentrancyGuard_init();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(SETTER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(UNPAUSER_ROLE, admin);
        accountsAdmin = admin;
        protocolAddress = protocolAddress_;
        accountImplementation = accountImplementation_;
    }

    modifier onlyOwner(address account) {
        require(owners[account] == msg.sender, "not owner");
        _;
    }

    function addAccount(string calldata name) external whenNotPaused nonReentrant returns (address account) {
        uint256 index = _accounts[msg.sender].length;
        bytes memory initCode =
            abi.encodePacked(accountImplementation, abi.encode(accountsAdmin, address(this), protocolAddress));
        bytes32 salt = keccak256(abi.encode(msg.sender, index));
        assembly {
            account := create2(0, add(initCode, 0x20), mload(initCode), salt)
        }
        require(account != address(0) && account.code.length != 0, "deployment failed");
        _accounts[msg.sender].push(Account(account, name));
        indexOfAccount[account] = index;
        owners[account] = msg.sender;
        emit AddAccount(msg.sender, account, name);
    }

    function editAccountName(address account, string calldata name) external whenNotPaused onlyOwner(account) {
        _accounts[msg.sender][indexOfAccount[account]].name = name;
        emit EditAccountName(msg.sender, account, name);
    }

    function getAccountsLength(address user) external view returns (uint256) {
        return _accounts[user].length;
    }

    function depositForAccount(address account, uint256 amount)
        external
        whenNotPaused
        nonReentrant
        onlyOwner(account)
    {
        address collateral = IProtocol(protocolAddress).getCollateral();
        IERC20Upgradeable(collateral).safeTransferFrom(msg.sender, address(this), amount);
        IERC20Upgradeable(collateral).safeApprove(protocolAddress, amount);
        IProtocol(protocolAddress).depositFor(account, amount);
        emit DepositForAccount(msg.sender, account, amount);
    }

    function withdrawFromAccount(address account, uint256 amount)
        external
        whenNotPaused
        nonReentrant
        onlyOwner(account)
    {
        BaselineAccount(account)._call(abi.encodeCall(IProtocol.withdrawTo, (msg.sender, amount)));
        emit WithdrawFromAccount(msg.sender, account, amount);
    }

    function _call(address account, bytes[] calldata callDatas) external whenNotPaused nonReentrant {
        address owner = owners[account];
        require(owner != address(0), "unknown account");
        for (uint256 i; i < callDatas.length; ++i) {
            bytes calldata callData = callDatas[i];
            require(callData.length >= 4, "short call data");
            require(owner == msg.sender || delegatedAccesses[account][msg.sender][bytes4(callData[:4])], "no access");
            bytes memory resultData = BaselineAccount(account)._call(callData);
            emit Call(msg.sender, account, callData, resultData);
        }
    }

    function delegateAccess(address account, address target, bytes4 selector) external whenNotPaused onlyOwner(account) {
        delegatedAccesses[account][target][selector] = true;
        emit DelegateAccess(account, target, selector, true);
    }

    function proposeToRevokeAccess(address account, address target, bytes4 selector)
        external
        whenNotPaused
        onlyOwner(account)
    {
        revokeProposalTimestamp[account][target][selector] = block.timestamp;
    }

    function revokeAccess(address account, address target, bytes4 selector) external whenNotPaused onlyOwner(account) {
        uint256 proposedAt = revokeProposalTimestamp[account][target][selector];
        require(proposedAt != 0 && block.timestamp >= proposedAt + revokeCooldown, "cooldown");
        delete revokeProposalTimestamp[account][target][selector];
        delegatedAccesses[account][target][selector] = false;
        emit DelegateAccess(account, target, selector, false);
    }

    function setAccountImplementation(bytes calldata accountImplementation_) external onlyRole(SETTER_ROLE) {
        accountImplementation = accountImplementation_;
    }

    function setAccountsAdmin(address admin) external onlyRole(SETTER_ROLE) {
        accountsAdmin = admin;
    }

    function setProtocolAddress(address protocolAddress_) external onlyRole(SETTER_ROLE) {
        protocolAddress = protocolAddress_;
    }

    function setRevokeCooldown(uint256 cooldown) external onlyRole(SETTER_ROLE) {
        revokeCooldown = cooldown;
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(UNPAUSER_ROLE) {
        _unpause();
    }
}
