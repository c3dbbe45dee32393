// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice Something with code at the protocol address; the deployment only needs it to exist.
contract ProtocolStandIn {
    function getCollateral() external pure returns (address) {
        return address(0);
    }
}
