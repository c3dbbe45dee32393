// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only collateral (6 decimals) whose approve and transferFrom, when `oddCaller` calls
/// them, return nothing (like USDT) or return false without moving anything.
contract MockOddCollateral is ERC20 {
    enum Mode {
        Standard,
        ReturnsNothing,
        ReturnsFalse
    }

    Mode public mode;
    address public oddCaller;

    constructor() ERC20("Mock Odd Collateral", "MODD") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function setMode(Mode mode_, address oddCaller_) external {
        mode = mode_;
        oddCaller = oddCaller_;
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        if (_odd(Mode.ReturnsFalse)) return false;
        super.approve(spender, amount);
        return _finish();
    }

    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        if (_odd(Mode.ReturnsFalse)) return false;
        super.transferFrom(from, to, amount);
        return _finish();
    }

    function _odd(Mode oddMode) private view returns (bool) {
        return msg.sender == oddCaller && mode == oddMode;
    }

    function _finish() private view returns (bool) {
        if (_odd(Mode.ReturnsNothing)) {
            assembly {
                return(0, 0)
            }
        }
        return true;
    }
}
