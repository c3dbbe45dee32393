// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";

/// @notice A project's own multi-account contract with another name and the same initializer shape.
contract AccountHub is Initializable {
    address public admin;
    address public protocol;
    bytes32 public accountCodeHash;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(address admin_, address protocol_, bytes calldata accountCode) external initializer {
        admin = admin_;
        protocol = protocol_;
        accountCodeHash = keccak256(accountCode);
    }
}

contract HubAccount {
    address public immutable hub;

    constructor(address hub_) {
        hub = hub_;
    }
}

contract HubProtocol {
    function getCollateral() external pure returns (address) {
        return address(0);
    }
}
