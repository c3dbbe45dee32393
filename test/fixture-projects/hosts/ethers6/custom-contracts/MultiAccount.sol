// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

/// @notice A host project's own MultiAccount: same initializer as the package's, different accounts.
contract MultiAccount {
    bool private initialized;
    address public admin;
    address public protocol;
    bytes public accountBytecode;
    mapping(address => address[]) private accountsOf;

    event AccountAdded(address indexed user, address account, uint256 limit);

    function initialize(address admin_, address protocol_, bytes calldata accountBytecode_) external {
        require(!initialized, "initialized");
        initialized = true;
        admin = admin_;
        protocol = protocol_;
        accountBytecode = accountBytecode_;
    }

    /// @notice Deploys a vault whose constructor takes (hub, owner, protocol, limit).
    function addAccount(uint256 limit) external returns (address account) {
        bytes memory init = abi.encodePacked(accountBytecode, abi.encode(address(this), msg.sender, protocol, limit));
        bytes32 salt = keccak256(abi.encode(msg.sender, accountsOf[msg.sender].length));
        assembly {
            account := create2(0, add(init, 32), mload(init), salt)
        }
        require(account != address(0), "deploy failed");
        accountsOf[msg.sender].push(account);
        emit AccountAdded(msg.sender, account, limit);
    }

    function accounts(address user) external view returns (address[] memory) {
        return accountsOf[user];
    }
}
