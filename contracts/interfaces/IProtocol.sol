// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice The protocol functions that MultiAccount and its accounts call. Every other protocol
/// function is reached through `MultiAccount._call` as raw call data.
interface IProtocol {
    /// @return The collateral token.
    function getCollateral() external view returns (address);

    /// @notice Pulls `amount` (collateral decimals) from the caller and credits `user`.
    function depositFor(address user, uint256 amount) external;

    /// @notice Allocates `amount` (18 decimals) of the caller's balance.
    function allocate(uint256 amount) external;

    /// @notice Pays `user` `amount` (collateral decimals) from the caller's balance.
    function withdrawTo(address user, uint256 amount) external;
}
