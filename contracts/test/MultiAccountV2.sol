// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {MultiAccount} from "../multiAccount/MultiAccount.sol";

/// @notice Test-only upgrade target: same storage, one new function.
/// @custom:oz-upgrades-unsafe-allow constructor
contract MultiAccountV2 is MultiAccount {
    function version() external pure returns (string memory) {
        return "2";
    }
}
