import { BaseError, isAddressEqual, recoverAddress, type Hex } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import type { BackendServices, EvmChainHandle } from '../../plugins/services/BackendServices.js'
import type { SecureSiteUser } from '../EmailLogin.js'
import type { SmartAccounts, SmartAccountCall, SmartAccountChain } from '../SmartAccounts.js'
import type { CallBatches } from '../CallBatches.js'
import { checkSignedTransaction } from './checkSignedTransaction.js'
import { ChainRpcFailedError, SecureSiteChainNotSupportedError } from '../errors.js'
import { SignedSubmissionRefusedError } from '../keyShareErrors.js'

/** A UserOperation as the frame returns it signed: the parts the owner's signature covers that the server does not fix itself. */
export interface SignedUserOperation {
  sender: Hex
  nonce: Hex
  callData: Hex
  factory?: Hex
  factoryData?: Hex
}

/**
 * What the server does for a key kept in shares (KEY_SHARES.md): it never signs, it sends what
 * the frame signed, once it checked the bytes are the session user's. EVM transactions are relayed
 * (`checkSignedTransaction`); UserOperations are prepared here, signed in the frame, checked and
 * bundled within the sponsorship quota; Solana transactions are sent when the user's signature
 * in them verifies.
 */
export class SignedSubmissions {
  readonly #services: BackendServices
  readonly #smartAccounts: SmartAccounts
  readonly #batches: CallBatches

  constructor(services: BackendServices, smartAccounts: SmartAccounts, batches: CallBatches) {
    this.#services = services
    this.#smartAccounts = smartAccounts
    this.#batches = batches
  }

  /** Relays one signed transaction of the user's EOA; its hash. */
  async sendTransaction(user: SecureSiteUser, chainId: string, serialized: Hex): Promise<Hex> {
    const chain = this.#evmChain(chainId)
    await checkSignedTransaction(serialized, { sender: user.evmAddress, chainId: chain.chainId })
    return this.#relay(chain, serialized)
  }

  /**
   * EIP-5792 for an EOA: the calls' signed transactions (consecutive nonces), all checked before
   * the first is sent, then sent in order, each mined before the next; the batch's id.
   */
  async sendCalls(user: SecureSiteUser, chainId: string, transactions: Hex[]): Promise<{ id: string }> {
    const chain = this.#evmChain(chainId)
    for (const serialized of transactions) await checkSignedTransaction(serialized, { sender: user.evmAddress, chainId: chain.chainId })
    const hashes: Hex[] = []
    for (const serialized of transactions) {
      hashes.push(await this.#relay(chain, serialized))
      await chain.client.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 50 })
    }
    return { id: await this.#batches.record(user.id, chain.chainId, hashes) }
  }

  /** The unsigned UserOperation of the user's smart account for `calls`, the hash its owner signs, and the EntryPoint it is for. */
  async prepareUserOperation(user: SecureSiteUser, chainId: string, calls: SmartAccountCall[]) {
    const chain = this.#smartChain(chainId)
    const { userOperation, userOpHash } = await this.#smartAccounts.prepare(chain, user.evmAddress, calls)
    const { sender, nonce, callData, factory, factoryData } = userOperation
    return { userOperation: { sender, nonce: `0x${nonce.toString(16)}`, callData, ...(factory ? { factory, factoryData } : {}) }, userOpHash, entryPoint: chain.contracts.entryPoint }
  }

  /**
   * Bundles a UserOperation the frame signed: from the user's own smart account, deploying (if at
   * all) through this chain's factory for the user, with the server's own gas limits and zero
   * fees, and signed by the user's key over its hash. Sponsored within the user's quota.
   *
   * @param batch - record it as an EIP-5792 batch (`wallet_sendCalls`): answers `{ id }`, else `{ hash }`
   */
  async submitUserOperation(user: SecureSiteUser, chainId: string, signed: SignedUserOperation, signature: Hex, batch: boolean): Promise<{ hash: Hex } | { id: string }> {
    const chain = this.#smartChain(chainId)
    const refuse = (reason: string, cause?: unknown) => new SignedSubmissionRefusedError({ what: 'UserOperation', reason, cause })
    if (!isAddressEqual(signed.sender, this.#smartAccounts.address(chain, user.evmAddress))) throw refuse("its sender is not this session's smart account")
    // The same operation `prepare` builds for this owner: only its nonce, calls and (first use) deployment vary.
    const { userOperation: own } = await this.#smartAccounts.prepare(chain, user.evmAddress, [])
    if (signed.factory !== own.factory || signed.factoryData !== own.factoryData) throw refuse("its deployment is not this session's smart account")
    const userOperation: UserOperation<'0.8'> = { ...own, nonce: BigInt(signed.nonce), callData: signed.callData, signature }
    const userOpHash = getUserOperationHash({ userOperation, entryPointAddress: chain.contracts.entryPoint, entryPointVersion: '0.8', chainId: chain.chainId })
    let signer: Hex
    try {
      signer = await recoverAddress({ hash: userOpHash, signature })
    } catch (error) {
      throw refuse('its signature is malformed', error)
    }
    if (!isAddressEqual(signer, user.evmAddress)) throw refuse("its signer is not this session's wallet")
    const hash = await this.#smartAccounts.submit(user.id, chain, userOperation, userOpHash)
    return batch ? { id: await this.#batches.record(user.id, chain.chainId, [hash], true) } : { hash }
  }

  /** An owner's signature as the user's smart account's ERC-1271 check takes it (ERC-6492 while undeployed). */
  wrapSignature(user: SecureSiteUser, chainId: string, signature: Hex): Promise<Hex> {
    return this.#smartAccounts.wrapSignature(this.#smartChain(chainId), user.evmAddress, signature)
  }

  /** Sends a Solana transaction (base58 wire bytes) that carries the user's valid signature; its signature. */
  async sendSolana(user: SecureSiteUser, chainId: string, transaction: string): Promise<{ signature: string }> {
    const { solana } = this.#services
    if (!solana || chainId !== solana.caipNetworkId) throw new SecureSiteChainNotSupportedError()
    const refuse = (reason: string, cause?: unknown) => new SignedSubmissionRefusedError({ what: 'Solana transaction', reason, cause })
    let wire: Uint8Array
    let decoded: ReturnType<typeof solana.cluster.decode>
    try {
      wire = base58.decode(transaction)
      decoded = solana.cluster.decode(wire)
    } catch (error) {
      throw refuse('not a transaction', error)
    }
    const signature = decoded.signatures[user.solanaAddress as keyof typeof decoded.signatures]
    if (!signature) throw refuse("it is not signed by this session's wallet")
    if (!ed25519.verify(Uint8Array.from(signature), Uint8Array.from(decoded.messageBytes), base58.decode(user.solanaAddress))) throw refuse("its signature is not this session's wallet's")
    const outcome = solana.cluster.send(wire)
    if (outcome.err !== null) throw new ChainRpcFailedError({ message: `Transaction failed: ${JSON.stringify(outcome.err)}` })
    return { signature: outcome.signature }
  }

  async #relay(chain: EvmChainHandle, serialized: Hex): Promise<Hex> {
    try {
      return await chain.client.sendRawTransaction({ serializedTransaction: serialized })
    } catch (error) {
      // The chain's own refusal (a nonce used, insufficient funds) is the visitor's to read.
      if (error instanceof BaseError) throw new ChainRpcFailedError({ message: error.shortMessage, cause: error })
      throw error
    }
  }

  #evmChain(chainId: string): EvmChainHandle {
    const chain = this.#services.evmChains.get(chainId)
    if (!chain) throw new SecureSiteChainNotSupportedError()
    return chain
  }

  #smartChain(chainId: string): SmartAccountChain {
    return this.#smartAccounts.requireChain(this.#evmChain(chainId))
  }
}
