// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IProtocolPartyA} from "../interfaces/IProtocolPartyA.sol";
import {IMultiAccount} from "../interfaces/IMultiAccount.sol";

/// @notice A lean sub-account: one immutable, no storage, no roles. Only its MultiAccount can make
/// it call the protocol, and nobody else (the accounts admin included) has any power over it.
contract ProtocolPartyA is IProtocolPartyA {
    address public immutable multiAccount;

    constructor(address multiAccount_) {
        if (multiAccount_ == address(0)) revert ZeroMultiAccount();
        multiAccount = multiAccount_;
    }

    function _call(bytes calldata callData) external returns (bytes memory resultData) {
        if (msg.sender != multiAccount) revert NotMultiAccount(msg.sender);
        // Read the protocol on every call, so that moving the protocol strands no account.
        address protocol = IMultiAccount(msg.sender).protocolAddress();
        // A call to an address without code "succeeds" silently; never let funds logic believe it.
        if (protocol.code.length == 0) revert ProtocolHasNoCode(protocol);
        bool success;
        (success, resultData) = protocol.call(callData);
        if (!success) {
            assembly {
                revert(add(resultData, 0x20), mload(resultData))
            }
        }
    }
}
