// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice A user's sub-account. It holds the user's position in the protocol and only ever acts
/// when its MultiAccount tells it to.
interface IProtocolPartyA {
    error ZeroMultiAccount();
    error NotMultiAccount(address caller);
    error ProtocolHasNoCode(address protocol);

    /// @return The MultiAccount that deployed this account and alone may drive it.
    function multiAccount() external view returns (address);

    /// @notice Calls the MultiAccount's current protocol address with `callData`. Reverts with the
    /// protocol's revert data, unchanged, when the call fails.
    function _call(bytes calldata callData) external returns (bytes memory resultData);
}
