// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A Chainlink-style USD price feed (decimals, latestRoundData) whose answer the test sets.
contract TestPriceFeed {
    uint8 public constant decimals = 8;
    int256 private answer;
    uint80 private round;
    uint256 private updatedAt;

    function setAnswer(int256 newAnswer) external {
        answer = newAnswer;
        round += 1;
        updatedAt = block.timestamp;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (round, answer, updatedAt, updatedAt, round);
    }
}
