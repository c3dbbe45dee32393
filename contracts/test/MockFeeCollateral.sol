// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only collateral (18 decimals) that burns a fee of `FEE_BPS` on every transfer, so
/// the receiver gets less than was sent. The fee rounds down: transfers under 100 units pay none.
contract MockFeeCollateral is ERC20 {
    uint256 public constant FEE_BPS = 100;

    constructor() ERC20("Mock Fee Collateral", "MFEE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        // Same message as a plain ERC20 when the sender is short, fee or not.
        require(balanceOf(from) >= amount, "ERC20: transfer amount exceeds balance");
        uint256 fee = (amount * FEE_BPS) / 10_000;
        super._transfer(from, to, amount - fee);
        if (fee != 0) _burn(from, fee);
    }
}
