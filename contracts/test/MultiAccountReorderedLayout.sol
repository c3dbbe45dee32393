// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";
import {PausableUpgradeable} from "@openzeppelin/contracts-upgradeable/security/PausableUpgradeable.sol";
import {ReentrancyGuardUpgradeable} from "@openzeppelin/contracts-upgradeable/security/ReentrancyGuardUpgradeable.sol";
import {IMultiAccount} from "../interfaces/IMultiAccount.sol";

/// @notice Test-only: MultiAccount's storage as released in 0.1.0, but with `delegatedAccesses` and
/// `revokeProposalTimestamp` swapped, the kind of edit an upgrade must never ship (every grant would
/// read as a proposal time). The layout test proves its check reports this contract as unsafe.
/// @dev Storage only: the check compares layouts, and code would only blur what it is about.
contract MultiAccountReorderedLayout is Initializable, AccessControlUpgradeable, PausableUpgradeable, ReentrancyGuardUpgradeable {
    struct AccountInfo {
        address owner;
        uint96 index;
    }

    address public accountsAdmin;
    address public protocolAddress;
    uint256 public revokeCooldown;
    address private _accountCode;
    mapping(address user => IMultiAccount.Account[]) private _accounts;
    mapping(address account => AccountInfo) private _accountInfo;
    mapping(address account => mapping(address target => mapping(bytes4 selector => uint256)))
        public revokeProposalTimestamp;
    mapping(address account => mapping(address target => mapping(bytes4 selector => bool))) public delegatedAccesses;
    uint256[42] private __gap;
}
