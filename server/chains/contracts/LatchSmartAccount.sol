// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/Create2.sol";

/// ERC-4337 v0.8's packed UserOperation, as the EntryPoint passes it to validateUserOp.
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

interface IEntryPointV08 {
    function senderCreator() external view returns (address);
    function getNonce(address sender, uint192 key) external view returns (uint256);
}

/// One owner key, SimpleAccount's ERC-4337 v0.8 interface (validateUserOp over the raw
/// userOpHash, execute, executeBatch) plus ERC-1271, which SimpleAccount 0.8.0 lacks, so a
/// signed message verifies against the account address.
contract LatchSmartAccount {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    error ExecuteError(uint256 index, bytes error);

    address public immutable entryPoint;
    address public immutable owner;

    constructor(address anEntryPoint, address anOwner) {
        entryPoint = anEntryPoint;
        owner = anOwner;
    }

    receive() external payable {}

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds) external returns (uint256 validationData) {
        require(msg.sender == entryPoint, "account: not from EntryPoint");
        (address signer, ECDSA.RecoverError failure) = ECDSA.tryRecover(userOpHash, userOp.signature);
        validationData = failure == ECDSA.RecoverError.NoError && signer == owner ? 0 : 1;
        if (missingAccountFunds > 0) {
            // The EntryPoint checks the deposit itself; a failed transfer fails validation there.
            (bool paid, ) = payable(msg.sender).call{value: missingAccountFunds}("");
            (paid);
        }
    }

    function execute(address target, uint256 value, bytes calldata data) external {
        _onlyEntryPointOrOwner();
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    /// All calls or none: one failing call reverts the batch.
    function executeBatch(Call[] calldata calls) external {
        _onlyEntryPointOrOwner();
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory result) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert ExecuteError(i, result);
        }
    }

    /// ERC-1271: the owner's signature over `hash` (an EIP-191 or EIP-712 digest).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError failure) = ECDSA.tryRecover(hash, signature);
        return failure == ECDSA.RecoverError.NoError && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    function getNonce() external view returns (uint256) {
        return IEntryPointV08(entryPoint).getNonce(address(this), 0);
    }

    function _onlyEntryPointOrOwner() internal view {
        require(msg.sender == entryPoint || msg.sender == owner, "account: not EntryPoint or owner");
    }
}

/// Deploys LatchSmartAccounts at CREATE2 addresses known in advance; like SimpleAccountFactory,
/// `createAccount` only through the EntryPoint's SenderCreator, so an account appears with its
/// first UserOperation.
contract LatchSmartAccountFactory {
    address public immutable entryPoint;
    address public immutable senderCreator;

    constructor(address anEntryPoint) {
        entryPoint = anEntryPoint;
        senderCreator = IEntryPointV08(anEntryPoint).senderCreator();
    }

    function createAccount(address owner, uint256 salt) external returns (LatchSmartAccount) {
        require(msg.sender == senderCreator, "only callable from SenderCreator");
        return _deploy(owner, salt);
    }

    /// For ERC-6492 verifiers: they deploy an undeployed signer inside a simulation before asking it
    /// (ERC-1271), and cannot go through the SenderCreator. Anyone may call it: the init code fixes
    /// owner and EntryPoint, so deploying someone's account gives the caller nothing.
    function deployForSignature(address owner, uint256 salt) external returns (LatchSmartAccount) {
        return _deploy(owner, salt);
    }

    function _deploy(address owner, uint256 salt) internal returns (LatchSmartAccount) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return LatchSmartAccount(payable(predicted));
        return new LatchSmartAccount{salt: bytes32(salt)}(entryPoint, owner);
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(bytes32(salt), keccak256(abi.encodePacked(type(LatchSmartAccount).creationCode, abi.encode(entryPoint, owner))));
    }
}
