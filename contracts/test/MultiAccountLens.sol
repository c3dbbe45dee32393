// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IMultiAccount} from "../interfaces/IMultiAccount.sol";

interface IMockProtocolView {
    function balances(address account) external view returns (uint256);
    function allocated(address account) external view returns (uint256);
    function echoCount() external view returns (uint256);
}

interface IVersioned {
    function version() external view returns (string memory);
}

interface IPausable {
    function paused() external view returns (bool);
}

/// @notice Test-only: what the fuzz harness compares with its model after a step, read through the
/// MultiAccount's public views in one eth_call. The harness chooses what to read: the whole state,
/// or what one step touched.
contract MultiAccountLens {
    struct Key {
        address account;
        address target;
        bytes4 selector;
    }

    struct Query {
        IMultiAccount multiAccount;
        IERC20 token;
        address[] protocols;
        /// @dev users whose account lists are read
        address[] users;
        /// @dev addresses whose token balance is read
        address[] holders;
        /// @dev addresses that are no account: their owners() is read
        address[] strangers;
        /// @dev accounts whose owner, index and protocol balances are read
        address[] accounts;
        Key[] keys;
    }

    struct Listed {
        address account;
        string name;
        address owner;
        uint256 index;
    }

    struct User {
        uint256 count;
        address predicted;
        Listed[] accounts;
    }

    struct AccountView {
        address owner;
        uint256 index;
        /// @dev per protocol
        uint256[] balances;
        uint256[] allocated;
    }

    struct Access {
        bool granted;
        uint256 proposedAt;
    }

    struct Snapshot {
        bool paused;
        uint256 revokeCooldown;
        address protocolAddress;
        address accountsAdmin;
        bytes32 implementationHash;
        string version;
        User[] users;
        uint256[] holderBalances;
        address[] strangerOwners;
        /// @dev per protocol: the MultiAccount's allowance to it, and its echoCount
        uint256[] allowances;
        uint256[] echoCounts;
        AccountView[] accounts;
        Access[] accesses;
    }

    function read(Query calldata q) external view returns (Snapshot memory s) {
        IMultiAccount ma = q.multiAccount;
        s.paused = IPausable(address(ma)).paused();
        s.revokeCooldown = ma.revokeCooldown();
        s.protocolAddress = ma.protocolAddress();
        s.accountsAdmin = ma.accountsAdmin();
        s.implementationHash = keccak256(ma.accountImplementation());
        try IVersioned(address(ma)).version() returns (string memory v) {
            s.version = v;
        } catch {}
        s.users = new User[](q.users.length);
        for (uint256 i; i < q.users.length; ++i) {
            s.users[i] = _user(ma, q.users[i]);
        }
        s.holderBalances = new uint256[](q.holders.length);
        for (uint256 i; i < q.holders.length; ++i) {
            s.holderBalances[i] = _word(address(q.token), IERC20.balanceOf.selector, q.holders[i]);
        }
        s.strangerOwners = new address[](q.strangers.length);
        for (uint256 i; i < q.strangers.length; ++i) {
            s.strangerOwners[i] = address(uint160(_word(address(ma), IMultiAccount.owners.selector, q.strangers[i])));
        }
        uint256 np = q.protocols.length;
        s.allowances = new uint256[](np);
        s.echoCounts = new uint256[](np);
        for (uint256 p; p < np; ++p) {
            s.allowances[p] = q.token.allowance(address(ma), q.protocols[p]);
            s.echoCounts[p] = IMockProtocolView(q.protocols[p]).echoCount();
        }
        s.accounts = new AccountView[](q.accounts.length);
        for (uint256 a; a < q.accounts.length; ++a) {
            s.accounts[a] = _account(q, q.accounts[a]);
        }
        s.accesses = new Access[](q.keys.length);
        for (uint256 k; k < q.keys.length; ++k) {
            Key calldata key = q.keys[k];
            s.accesses[k] = Access(
                _word(address(ma), IMultiAccount.delegatedAccesses.selector, key.account, key.target, key.selector) != 0,
                _word(address(ma), IMultiAccount.revokeProposalTimestamp.selector, key.account, key.target, key.selector)
            );
        }
    }

    function _user(IMultiAccount ma, address user) private view returns (User memory u) {
        u.count = ma.getAccountsLength(user);
        u.predicted = ma.predictNextAccountAddress(user);
        IMultiAccount.Account[] memory list = ma.getAccounts(user, 0, type(uint256).max);
        u.accounts = new Listed[](list.length);
        for (uint256 i; i < list.length; ++i) {
            address account = list[i].accountAddress;
            u.accounts[i] = Listed(
                account,
                list[i].name,
                address(uint160(_word(address(ma), IMultiAccount.owners.selector, account))),
                _word(address(ma), IMultiAccount.indexOfAccount.selector, account)
            );
        }
    }

    function _account(Query calldata q, address account) private view returns (AccountView memory v) {
        address ma = address(q.multiAccount);
        v.owner = address(uint160(_word(ma, IMultiAccount.owners.selector, account)));
        v.index = _word(ma, IMultiAccount.indexOfAccount.selector, account);
        v.balances = new uint256[](q.protocols.length);
        v.allocated = new uint256[](q.protocols.length);
        for (uint256 p; p < q.protocols.length; ++p) {
            v.balances[p] = _word(q.protocols[p], IMockProtocolView.balances.selector, account);
            v.allocated[p] = _word(q.protocols[p], IMockProtocolView.allocated.selector, account);
        }
    }

    // A one-word view call in scratch memory: a read of the whole state makes thousands of them, and
    // each allocation would grow memory for the rest of the call.

    function _word(address target, bytes4 fn, address a) private view returns (uint256 result) {
        assembly {
            let ptr := mload(0x40)
            mstore(ptr, fn)
            mstore(add(ptr, 0x04), a)
            if iszero(staticcall(gas(), target, ptr, 0x24, ptr, 0x20)) { revert(0, 0) }
            if lt(returndatasize(), 0x20) { revert(0, 0) }
            result := mload(ptr)
        }
    }

    function _word(address target, bytes4 fn, address a, address b, bytes4 c) private view returns (uint256 result) {
        assembly {
            let ptr := mload(0x40)
            mstore(ptr, fn)
            mstore(add(ptr, 0x04), a)
            mstore(add(ptr, 0x24), b)
            mstore(add(ptr, 0x44), c)
            if iszero(staticcall(gas(), target, ptr, 0x64, ptr, 0x20)) { revert(0, 0) }
            if lt(returndatasize(), 0x20) { revert(0, 0) }
            result := mload(ptr)
        }
    }
}
