// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IProtocol} from "../interfaces/IProtocol.sol";

/// @notice Test-only stand-in for the protocol: keeps balances per caller and records calls, with
/// knobs for hostile behaviour (short pulls, reentrancy, custom reverts).
contract MockProtocol is IProtocol {
    error InsufficientBalance(address account, uint256 balance, uint256 amount);
    error CustomFailure(uint256 code);

    address public immutable collateral;
    mapping(address => uint256) public balances; // collateral decimals
    mapping(address => uint256) public allocated; // 18 decimals
    uint256 public pullShortBy;
    address public lastCaller;
    bytes public lastCallData;
    uint256 public echoCount;

    // Reentrancy probe: when set, the next protocol call made through an account calls `reenterTarget`.
    address public reenterTarget;
    bytes public reenterCallData;

    event Echo(address caller, uint256 value);

    constructor(address collateral_) {
        collateral = collateral_;
    }

    function getCollateral() external view returns (address) {
        return collateral;
    }

    function depositFor(address user, uint256 amount) external {
        IERC20(collateral).transferFrom(msg.sender, address(this), amount - pullShortBy);
        balances[user] += amount - pullShortBy;
    }

    function allocate(uint256 amount) external {
        _maybeReenter();
        uint256 available = _to18(balances[msg.sender]) - allocated[msg.sender];
        if (amount > available) revert InsufficientBalance(msg.sender, available, amount);
        allocated[msg.sender] += amount;
    }

    function withdrawTo(address user, uint256 amount) external {
        uint256 balance = balances[msg.sender];
        if (amount > balance) revert InsufficientBalance(msg.sender, balance, amount);
        balances[msg.sender] = balance - amount;
        IERC20(collateral).transfer(user, amount);
    }

    // ---- functions reached only through MultiAccount._call as raw call data

    function echo(uint256 value) external returns (uint256) {
        _maybeReenter();
        lastCaller = msg.sender;
        lastCallData = msg.data;
        ++echoCount;
        emit Echo(msg.sender, value);
        return value * 2;
    }

    function other(uint256 value) external returns (uint256) {
        lastCaller = msg.sender;
        return value;
    }

    function failWithReason(string calldata reason) external pure {
        revert(reason);
    }

    function failWithCustom(uint256 code) external pure {
        revert CustomFailure(code);
    }

    function failWithPanic() external pure returns (uint256) {
        uint256 zero;
        return 1 / zero;
    }

    fallback() external {
        lastCaller = msg.sender;
        lastCallData = msg.data;
    }

    // ---- test knobs

    function setPullShortBy(uint256 by) external {
        pullShortBy = by;
    }

    function setReenter(address target, bytes calldata callData) external {
        reenterTarget = target;
        reenterCallData = callData;
    }

    function _maybeReenter() private {
        address target = reenterTarget;
        if (target == address(0)) return;
        reenterTarget = address(0);
        (bool ok, bytes memory data) = target.call(reenterCallData);
        if (!ok) {
            assembly {
                revert(add(data, 0x20), mload(data))
            }
        }
    }

    function _to18(uint256 amount) private view returns (uint256) {
        uint8 d = IERC20Metadata(collateral).decimals();
        return d <= 18 ? amount * 10 ** (18 - d) : amount / 10 ** (d - 18);
    }
}
