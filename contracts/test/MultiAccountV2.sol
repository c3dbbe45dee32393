// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {MultiAccount} from "../multiAccount/MultiAccount.sol";

/// @notice Test-only upgrade target: same storage, one new function.
/// @dev No initializer of its own: the proxy was initialized through V1, and V1's `initialize` is
/// external, so the upgrades plugin (upgrades-core >= 1.41) would otherwise report it missing.
/// @custom:oz-upgrades-unsafe-allow constructor missing-initializer
contract MultiAccountV2 is MultiAccount {
    function version() external pure returns (string memory) {
        return "2";
    }
}
