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

    /// A session key's one permission (ERC-7715 `erc20-token-transfer`): `transfer` calls on one
    /// token, `spent` + the next amount at most `allowance`, until `validUntil`.
    struct Session {
        address token;
        uint48 validUntil;
        uint256 allowance;
        uint256 spent;
    }

    error ExecuteError(uint256 index, bytes error);

    event SessionGranted(address indexed key, address indexed token, uint256 allowance, uint48 validUntil);
    event SessionRevoked(address indexed key);

    /// Session keys by address; only the account itself (an owner-signed operation) adds or removes them.
    mapping(address => Session) public sessions;

    address public immutable entryPoint;
    address public immutable owner;

    constructor(address anEntryPoint, address anOwner) {
        entryPoint = anEntryPoint;
        owner = anOwner;
    }

    receive() external payable {}

    /// The owner signs with 65 bytes; a session key with 85: its address, then its signature.
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds) external returns (uint256 validationData) {
        require(msg.sender == entryPoint, "account: not from EntryPoint");
        if (userOp.signature.length == 85) {
            validationData = _validateSession(userOp, userOpHash);
        } else {
            (address signer, ECDSA.RecoverError failure) = ECDSA.tryRecover(userOpHash, userOp.signature);
            validationData = failure == ECDSA.RecoverError.NoError && signer == owner ? 0 : 1;
        }
        if (missingAccountFunds > 0) {
            // The EntryPoint checks the deposit itself; a failed transfer fails validation there.
            (bool paid, ) = payable(msg.sender).call{value: missingAccountFunds}("");
            (paid);
        }
    }

    /// Adds (or replaces) a session key; only through the account itself, i.e. an owner-signed operation.
    function grantSession(address key, address token, uint256 allowance, uint48 validUntil) external {
        require(msg.sender == address(this), "account: only the account itself");
        require(key != address(0) && token != address(0) && validUntil > block.timestamp, "session: invalid grant");
        sessions[key] = Session(token, validUntil, allowance, 0);
        emit SessionGranted(key, token, allowance, validUntil);
    }

    function revokeSession(address key) external {
        require(msg.sender == address(this), "account: only the account itself");
        delete sessions[key];
        emit SessionRevoked(key);
    }

    /// A session key's operation: exactly `execute(token, 0, transfer(to, amount))` on its token,
    /// within what is left of its allowance; the spend is counted here, before the call runs, so
    /// no operation can reuse an allowance another already took. The EntryPoint checks `validUntil`.
    function _validateSession(PackedUserOperation calldata userOp, bytes32 userOpHash) internal returns (uint256) {
        address key = address(bytes20(userOp.signature[0:20]));
        (address signer, ECDSA.RecoverError failure) = ECDSA.tryRecover(userOpHash, userOp.signature[20:85]);
        if (failure != ECDSA.RecoverError.NoError || signer != key) return 1;
        Session storage session = sessions[key];
        require(session.token != address(0), "session: unknown or revoked key");
        require(userOp.initCode.length == 0, "session: account not deployed");
        require(bytes4(userOp.callData[0:4]) == this.execute.selector, "session: only execute");
        (address target, uint256 value, bytes memory data) = abi.decode(userOp.callData[4:], (address, uint256, bytes));
        require(target == session.token && value == 0, "session: another contract");
        require(data.length == 68 && bytes4(data) == bytes4(0xa9059cbb), "session: only transfer");
        uint256 amount;
        assembly {
            amount := mload(add(data, 68))
        }
        require(session.spent + amount <= session.allowance, "session: over allowance");
        session.spent += amount;
        return uint256(session.validUntil) << 160;
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
