// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice A user's sub-account. It holds the user's position in the protocol and only ever acts
/// when its MultiAccount tells it to.
interface IProtocolPartyA {
    error ZeroMultiAccount();
    /// @notice The caller is not the MultiAccount that deployed this account.
    error NotMultiAccount();

    /// @notice Calls `protocol` with `callData`; only the account's MultiAccount may call it, and it
    /// passes the protocol address it holds. Returns the protocol's return data as it is (not
    /// ABI-wrapped), and reverts with the protocol's revert data, unchanged, when the call fails.
    function _call(address protocol, bytes calldata callData) external;
}
