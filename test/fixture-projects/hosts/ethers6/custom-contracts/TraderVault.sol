// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

/// @notice The host's account contract: another name, and more constructor arguments than ProtocolPartyA.
contract TraderVault {
    address public immutable hub;
    address public immutable owner;
    address public immutable protocol;
    uint256 public immutable limit;

    constructor(address hub_, address owner_, address protocol_, uint256 limit_) {
        hub = hub_;
        owner = owner_;
        protocol = protocol_;
        limit = limit_;
    }
}
