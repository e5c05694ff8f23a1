// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A test ERC20 whose decimals are set at deployment (OpenZeppelin's presets fix them at 18),
/// so the local chains can hold a 6-decimal token like USDC and a 0-decimal one the kit hides.
contract LatchTestToken is ERC20 {
    uint8 private immutable tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address holder, uint256 supply)
        ERC20(name_, symbol_)
    {
        tokenDecimals = decimals_;
        _mint(holder, supply);
    }

    function decimals() public view override returns (uint8) {
        return tokenDecimals;
    }
}
