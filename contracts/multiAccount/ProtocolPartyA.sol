// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IProtocolPartyA} from "../interfaces/IProtocolPartyA.sol";

/// @notice A lean sub-account: one immutable, no storage, no roles, one function. Only its
/// MultiAccount can make it call, and nobody else (the accounts admin included) has any power over
/// it. Every byte of its runtime costs 200 gas in each `addAccount`, hence the small surface.
contract ProtocolPartyA is IProtocolPartyA {
    address private immutable _multiAccount;

    constructor(address multiAccount_) {
        if (multiAccount_ == address(0)) revert ZeroMultiAccount();
        _multiAccount = multiAccount_;
    }

    /// @dev The MultiAccount passes its current protocol address and has checked that it has code,
    /// so the account needs no call back to learn it. The return data goes back unchanged, not
    /// wrapped in `bytes`, which saves an encoding here and a decoding there.
    function _call(address protocol, bytes calldata callData) external {
        if (msg.sender != _multiAccount) revert NotMultiAccount();
        assembly {
            calldatacopy(0, callData.offset, callData.length)
            let success := call(gas(), protocol, 0, 0, callData.length, 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(success) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }
}
