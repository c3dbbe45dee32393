// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @notice Gas-benchmark baseline only, never deployed for real: the common sub-account design,
/// a full AccessControl contract whose constructor grants roles and stores its addresses in storage.
contract BaselineAccount is AccessControl {
    bytes32 public constant MULTIACCOUNT_ROLE = keccak256("MULTIACCOUNT_ROLE");

    address public multiAccount;
    address public protocol;

    constructor(address accountsAdmin, address multiAccount_, address protocol_) {
        _grantRole(DEFAULT_ADMIN_ROLE, accountsAdmin);
        _grantRole(MULTIACCOUNT_ROLE, multiAccount_);
        multiAccount = multiAccount_;
        protocol = protocol_;
    }

    function setProtocol(address protocol_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        protocol = protocol_;
    }

    function _call(bytes calldata callData) external onlyRole(MULTIACCOUNT_ROLE) returns (bytes memory resultData) {
        bool success;
        (success, resultData) = protocol.call(callData);
        if (!success) {
            assembly {
                revert(add(resultData, 0x20), mload(resultData))
            }
        }
    }
}
