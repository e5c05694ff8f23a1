// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The part of Multicall3's interface the backend calls (aggregate3, getEthBalance), written for
/// the production test: placed at Multicall3's canonical address on a chain the backend does not own.
contract TestMulticall {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "TestMulticall: call failed");
            results[i] = Result(success, data);
        }
    }

    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }
}
