// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {MultiAccount} from "multiaccount-kit/contracts/multiAccount/MultiAccount.sol";

/// @notice The next version of the package's MultiAccount, for upgrade-multiaccount.
/// @custom:oz-upgrades-unsafe-allow missing-initializer
contract MultiAccountV2 is MultiAccount {
    function version() external pure returns (string memory) {
        return "2";
    }
}
