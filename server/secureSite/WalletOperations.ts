import { SessionOperations } from './submit/SessionOperations.js'
import type { Storage } from '../plugins/database/openStorage.js'
import { BaseError, RpcRequestError, createPublicClient, createWalletClient, isAddressEqual, isHex, toHex, type Hex, type LocalAccount, type TypedDataDefinition } from 'viem'
import { upstreamTransport } from '../rpc/upstreamTransport.js'
import { base58 } from '@scure/base'
import { getTransactionEncoder, type SignatureBytes } from '@solana/kit'
import type { BackendServices, EvmChainHandle } from '../plugins/services/BackendServices.js'
import { chainUnavailableAnswer } from '../plugins/errorHandler/chainUnavailableAnswer.js'
import type { KeyStore } from './KeyStore.js'
import type { SecureSiteUser } from './EmailLogin.js'
import { CallBatches } from './CallBatches.js'
import { ChainRpcFailedError, InvalidSignRequestError, RpcMethodNotAllowedError, SecureSiteChainNotSupportedError, SponsorshipQuotaExceededError } from './errors.js'
import { KeyUnsealFailedError } from './masterSecretErrors.js'
import { SignInFrameRequiredError } from './keyShareErrors.js'
import { SAFE_RPC_METHODS } from '../../chains/auth/frameProtocol.js'
import type { SigningMethod } from './signingMethods.js'
import { SmartAccounts, type SmartAccountChain } from './SmartAccounts.js'
import { localBundler } from './bundlers/localBundler.js'
import { SignedSubmissions } from './submit/SignedSubmissions.js'
import { capCallGas } from '../rpc/capCallGas.js'
import { NodeBusyError } from '../rpc/errors.js'
import { BundlerFailedError, SponsorshipRefusedError } from './errors.js'
import { SponsorshipQuota } from './SponsorshipQuota.js'
import { describeTypedData, type SignableTypedData } from '../web/walletFrame/describeTypedData.js'

/**
 * What the embedded wallet does with a user's keys: answers the safe RPC reads on the local
 * chains and signs (or signs and sends) what the visitor approved. Keys stay in the `KeyStore`.
 */
export class WalletOperations {
  readonly #services: BackendServices
  readonly #keys: KeyStore
  readonly #batches: CallBatches
  /** Per chain, an unbatched client for forwarded reads (`read`). */
  readonly #readClients = new Map<number, (args: { method: string; params: unknown[] }) => Promise<unknown>>()
  /** Users' ERC-4337 accounts and preferred account types (SPEC §4). */
  readonly smartAccounts: SmartAccounts
  /** For keys kept in shares: sends what the frame signed (KEY_SHARES.md). */
  readonly submissions: SignedSubmissions
  /** Smart sessions: operations signed by a session key the frame keeps, within its on-chain permission. */
  readonly sessionOperations: SessionOperations

  constructor(services: BackendServices, storage: Storage, keys: KeyStore) {
    this.#services = services
    this.#keys = keys
    this.#batches = new CallBatches(storage)
    this.smartAccounts = new SmartAccounts(storage, new SponsorshipQuota(storage, services.sponsoredOperationsPerDay), (chain) => services.bundlers?.get(chain.caipNetworkId) ?? localBundler)
    this.submissions = new SignedSubmissions(services, this.smartAccounts, this.#batches)
    this.sessionOperations = new SessionOperations(services, this.smartAccounts, this.#batches)
  }

  /** The user's account on a chain: the smart account when that is their preferred type there. */
  account(user: SecureSiteUser, chainId: string, wish?: 'eoa' | 'smartAccount') {
    return this.smartAccounts.describe(user.id, chainId, this.#services.evmChains.get(chainId), user.evmAddress, wish)
  }

  /** The chains where smart accounts exist (their EntryPoint and factory are deployed). */
  smartAccountChainIds(): number[] {
    return [...this.#services.evmChains.values()].filter((chain) => this.smartAccounts.isEnabled(chain)).map((chain) => chain.chainId)
  }

  async setPreferredType(user: SecureSiteUser, chainId: string, type: 'eoa' | 'smartAccount') {
    // Only chains this site serves get a row (solana is always eoa: the frame answers it).
    this.#evmChain(chainId)
    await this.smartAccounts.setPreferredType(user.id, chainId, this.#services.evmChains.get(chainId), type)
    return this.account(user, chainId)
  }

  /** A safe method (SPEC §7's list): account and chain id from the session, the rest from the chain node. */
  async read(user: SecureSiteUser, chainId: string, method: string, params: unknown): Promise<unknown> {
    if (!SAFE_RPC_METHODS.includes(method)) throw new RpcMethodNotAllowedError()
    const chain = this.#evmChain(chainId)
    if (method === 'eth_accounts') return [(await this.account(user, chainId)).address]
    if (method === 'eth_chainId') return toHex(chain.chainId)
    // EIP-5792: a smart account runs a batch as one operation (atomic); an EOA call by call.
    if (method === 'wallet_getCapabilities') {
      const entries = []
      for (const [caip, evm] of this.#services.evmChains) {
        const atomic = (await this.smartAccounts.preferredType(user.id, caip, evm)) === 'smartAccount' ? 'supported' : 'unsupported'
        entries.push([toHex(evm.chainId), { atomic: { status: atomic } }])
      }
      return Object.fromEntries(entries)
    }
    if (method === 'wallet_getCallsStatus') {
      const id = Array.isArray(params) ? params[0] : undefined
      const status = typeof id === 'string' ? await this.#batches.status(user.id, id, (caip) => this.#evmChain(caip).client) : undefined
      if (!status) throw new ChainRpcFailedError({ message: 'Unknown bundle id' })
      return status
    }
    try {
      // The backend's own client: a dead or slow node becomes 502/503 (chainUnavailableAnswer).
      const request = this.#readClient(chain)
      // The same gas cap and per-user limit as the public chain RPC: a looping eth_call must not hold the node.
      const forwarded = capCallGas(method, Array.isArray(params) ? params : []) as unknown[]
      const limiter = this.#services.nodeCalls
      return await limiter.run(`user:${user.id}`, method, () => request({ method, params: forwarded }), () => new NodeBusyError({ maxPerUser: limiter.maxPerUser }))
    } catch (error) {
      // The node's JSON-RPC error (a revert, bad params) is the caller's to read; a node that
      // could not be reached stays what it is (502/503).
      if (error instanceof BaseError && !chainUnavailableAnswer(error)) {
        const rpc = error.walk((inner) => inner instanceof RpcRequestError) as RpcRequestError | null
        throw new ChainRpcFailedError({ message: rpc?.details || error.shortMessage, cause: error })
      }
      throw error
    }
  }

  /**
   * The chain's node without JSON-RPC batching: a batch is answered when its slowest call is, so a
   * user's read sent in the same tick as another user's looping eth_call (the backend's shared
   * client batches) would wait out the loop and fail as the node's timeout.
   */
  #readClient(chain: EvmChainHandle) {
    let request = this.#readClients.get(chain.chainId)
    if (!request) {
      request = createPublicClient({ chain: chain.client.chain, transport: upstreamTransport(chain, { retryCount: 1 }) }).request as (args: { method: string; params: unknown[] }) => Promise<unknown>
      this.#readClients.set(chain.chainId, request)
    }
    return request
  }

  /**
   * A method the visitor approved, signed with a whole key; its result as a wallet would answer
   * it. A key kept in shares is refused (`SignInFrameRequiredError`): the frame signs with it.
   */
  async sign(user: SecureSiteUser, chainId: string, method: SigningMethod, params: unknown): Promise<unknown> {
    const evmAccount = () => this.#keys.evmAccount(user.id)
    try {
      switch (method) {
        case 'personal_sign':
          return await this.#personalSign(user, chainId, params, evmAccount)
        case 'eth_signTypedData_v4':
          return await this.#signTypedData(user, chainId, params, evmAccount)
        case 'eth_sendTransaction':
          return await this.#sendTransaction(user, chainId, params, evmAccount)
        case 'solana_signMessage':
          return await this.#solanaSignMessage(user, params)
        case 'solana_signTransaction':
          return { transaction: base58.encode(await this.#solanaSignTransaction(user, (params as { transaction?: unknown } | undefined)?.transaction)) }
        case 'solana_signAllTransactions': {
          const list = (params as { transactions?: unknown } | undefined)?.transactions
          if (!Array.isArray(list) || list.length === 0 || list.length > 20) throw new InvalidSignRequestError({ method })
          const signed = []
          for (const transaction of list) signed.push(base58.encode(await this.#solanaSignTransaction(user, transaction)))
          return { transactions: signed }
        }
        case 'wallet_sendCalls':
          return await this.#sendCalls(user, chainId, params, evmAccount)
        case 'solana_signAndSendTransaction':
          return await this.#solanaSend(user, chainId, (params as { transaction?: unknown } | undefined)?.transaction)
      }
    } catch (error) {
      if (error instanceof InvalidSignRequestError || error instanceof SecureSiteChainNotSupportedError || error instanceof ChainRpcFailedError || error instanceof SponsorshipQuotaExceededError || error instanceof SponsorshipRefusedError || error instanceof BundlerFailedError || error instanceof KeyUnsealFailedError || error instanceof SignInFrameRequiredError) throw error
      // The chain's own refusal (insufficient funds, a revert) is the visitor's to read.
      if (error instanceof BaseError && (method === 'eth_sendTransaction' || method === 'wallet_sendCalls')) throw new ChainRpcFailedError({ message: error.shortMessage, cause: error })
      throw new InvalidSignRequestError({ method, cause: error })
    }
  }

  async #personalSign(user: SecureSiteUser, chainId: string, params: unknown, evmAccount: () => Promise<LocalAccount>): Promise<Hex> {
    const [message, address] = asArray(params, 'personal_sign')
    if (typeof message !== 'string') throw new InvalidSignRequestError({ method: 'personal_sign' })
    const smartChain = await this.#smartAccountChain(user, chainId, address, 'personal_sign')
    const account = await evmAccount()
    const signature = await account.signMessage({ message: isHex(message) ? { raw: message } : message })
    return smartChain ? this.smartAccounts.wrapSignature(smartChain, user.evmAddress, signature) : signature
  }

  async #signTypedData(user: SecureSiteUser, chainId: string, params: unknown, evmAccount: () => Promise<LocalAccount>): Promise<Hex> {
    const [address, data] = asArray(params, 'eth_signTypedData_v4')
    const smartChain = await this.#smartAccountChain(user, chainId, address, 'eth_signTypedData_v4')
    // Only what a card could show as signed (the frame's own walk): no message key outside its type, no undefined type,
    // and a domain chainId, if any, that is the chain the request came for. A page holding a session but skipping the
    // frame gets no more than the card would have allowed.
    let typedData: SignableTypedData
    try {
      typedData = describeTypedData(data, chainId).typedData
    } catch (error) {
      throw new InvalidSignRequestError({ method: 'eth_signTypedData_v4', cause: error })
    }
    const account = await evmAccount()
    // The walked object itself, `types` without EIP712Domain: viem derives the domain type from the domain's keys.
    const signature = await account.signTypedData(typedData as TypedDataDefinition)
    return smartChain ? this.smartAccounts.wrapSignature(smartChain, user.evmAddress, signature) : signature
  }

  /**
   * Whose signature or transaction a request asks for: the chain when it is the user's smart
   * account there (named, or implied by the preferred type when `address` is absent), undefined
   * for the EOA; anyone else's address is refused.
   */
  async #smartAccountChain(user: SecureSiteUser, chainId: string, address: unknown, method: string, mayOmit = false): Promise<SmartAccountChain | undefined> {
    const chain = this.#services.evmChains.get(chainId)
    const enabled = this.smartAccounts.isEnabled(chain)
    if (address === undefined && mayOmit) return enabled && (await this.smartAccounts.preferredType(user.id, chainId, chain)) === 'smartAccount' ? chain : undefined
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new InvalidSignRequestError({ method })
    if (isAddressEqual(address as Hex, user.evmAddress)) return undefined
    if (enabled && isAddressEqual(address as Hex, this.smartAccounts.address(chain, user.evmAddress))) return chain
    throw new InvalidSignRequestError({ method })
  }

  async #sendTransaction(user: SecureSiteUser, chainId: string, params: unknown, evmAccount: () => Promise<LocalAccount>): Promise<Hex> {
    const [request] = asArray(params, 'eth_sendTransaction') as [Record<string, unknown> | undefined]
    if (!request || typeof request !== 'object') throw new InvalidSignRequestError({ method: 'eth_sendTransaction' })
    const chain = this.#evmChain(chainId)
    const smartChain = await this.#smartAccountChain(user, chainId, request.from, 'eth_sendTransaction', true)
    const to = request.to
    if (to !== undefined && (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to))) throw new InvalidSignRequestError({ method: 'eth_sendTransaction' })
    const account = await evmAccount()
    if (smartChain) {
      // A smart account cannot create contracts through execute: it needs a target.
      if (to === undefined) throw new InvalidSignRequestError({ method: 'eth_sendTransaction' })
      return this.smartAccounts.send(user.id, smartChain, account, [{ to: to as Hex, value: optionalBigInt(request.value), data: typeof request.data === 'string' ? (request.data as Hex) : undefined }])
    }
    const wallet = createWalletClient({ account, chain: chain.client.chain!, transport: upstreamTransport(chain) })
    return wallet.sendTransaction({
      to: to as Hex | undefined,
      value: optionalBigInt(request.value),
      data: typeof request.data === 'string' ? (request.data as Hex) : undefined,
      gas: optionalBigInt(request.gas),
    })
  }

  /** EIP-5792 `wallet_sendCalls`: one atomic UserOperation for a smart account; for an EOA each call its own transaction, in order. */
  async #sendCalls(user: SecureSiteUser, chainId: string, params: unknown, evmAccount: () => Promise<LocalAccount>): Promise<{ id: string }> {
    const [request] = asArray(params, 'wallet_sendCalls') as [Record<string, unknown> | undefined]
    const calls = request?.calls
    if (!request || !Array.isArray(calls) || calls.length === 0 || calls.length > 20) throw new InvalidSignRequestError({ method: 'wallet_sendCalls' })

    // SPEC §5: each call's `to` and `data` start with 0x.
    for (const call of calls as Array<Record<string, unknown>>)
      if (!call || typeof call !== 'object' || (call.to !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(String(call.to))) || (call.data !== undefined && !/^0x[0-9a-fA-F]*$/.test(String(call.data))))
        throw new InvalidSignRequestError({ method: 'wallet_sendCalls' })
    // The batch goes to the chain the request came for, the one the visitor approved on; a batch naming another is refused.
    if (request.chainId !== undefined && (typeof request.chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(request.chainId) || `eip155:${Number(request.chainId)}` !== chainId))
      throw new InvalidSignRequestError({ method: 'wallet_sendCalls', cause: new Error(`the batch's chainId is not the request's chain ${chainId}`) })
    const chain = this.#evmChain(chainId)
    const smartChain = await this.#smartAccountChain(user, chainId, request.from, 'wallet_sendCalls', true)
    if (!smartChain && request.atomicRequired === true) throw new InvalidSignRequestError({ method: 'wallet_sendCalls', cause: new Error('atomic batches need a smart account') })
    const account = await evmAccount()
    if (smartChain) {
      const hash = await this.smartAccounts.send(
        user.id,
        smartChain,
        account,
        (calls as Array<{ to?: Hex; data?: Hex; value?: unknown }>).map((call) => {
          if (!call.to) throw new InvalidSignRequestError({ method: 'wallet_sendCalls' })
          return { to: call.to, data: call.data, value: optionalBigInt(call.value) }
        }),
      )
      return { id: await this.#batches.record(user.id, chain.chainId, [hash], true) }
    }
    const wallet = createWalletClient({ account, chain: chain.client.chain!, transport: upstreamTransport(chain) })
    const hashes: Hex[] = []
    for (const call of calls as Array<{ to?: Hex; data?: Hex; value?: unknown }>) {
      hashes.push(await wallet.sendTransaction({ to: call.to, data: call.data, value: optionalBigInt(call.value) }))
      // The next call is sent once this one is mined, so they land in order with fresh nonces.
      await chain.client.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 50 })
    }
    return { id: await this.#batches.record(user.id, chain.chainId, hashes) }
  }

  async #solanaSignMessage(user: SecureSiteUser, params: unknown): Promise<{ signature: string }> {
    const { message, pubkey } = (params ?? {}) as { message?: unknown; pubkey?: unknown }
    if (typeof message !== 'string' || (pubkey !== undefined && pubkey !== user.solanaAddress)) throw new InvalidSignRequestError({ method: 'solana_signMessage' })
    const bytes = textBytes(message)
    // Only text: other bytes could be a transaction's message, which this signature would authorize.
    if (!bytes) throw new InvalidSignRequestError({ method: 'solana_signMessage', cause: new Error('the message is not UTF-8 text') })
    const signature = await this.#keys.signEd25519(user.id, bytes)
    return { signature: base58.encode(signature) }
  }

  /** Adds the user's signature to a transaction (base58 wire bytes) that names them as a signer. */
  async #solanaSignTransaction(user: SecureSiteUser, transaction: unknown): Promise<Uint8Array> {
    if (typeof transaction !== 'string') throw new InvalidSignRequestError({ method: 'solana_signTransaction' })
    if (!this.#services.solana) throw new SecureSiteChainNotSupportedError()
    const decoded = this.#services.solana.cluster.decode(base58.decode(transaction))
    const signer = user.solanaAddress as keyof typeof decoded.signatures
    if (!(signer in decoded.signatures)) throw new InvalidSignRequestError({ method: 'solana_signTransaction' })
    const signature = (await this.#keys.signEd25519(user.id, Uint8Array.from(decoded.messageBytes))) as SignatureBytes
    return new Uint8Array(getTransactionEncoder().encode({ ...decoded, signatures: { ...decoded.signatures, [signer]: signature } }))
  }

  async #solanaSend(user: SecureSiteUser, chainId: string, transaction: unknown): Promise<{ signature: string }> {
    const { solana } = this.#services
    if (!solana || chainId !== solana.caipNetworkId) throw new SecureSiteChainNotSupportedError()
    const outcome = solana.cluster.send(await this.#solanaSignTransaction(user, transaction))
    if (outcome.err !== null) throw new ChainRpcFailedError({ message: `Transaction failed: ${JSON.stringify(outcome.err)}` })
    return { signature: outcome.signature }
  }

  #evmChain(chainId: string): EvmChainHandle {
    const chain = this.#services.evmChains.get(chainId)
    if (!chain) throw new SecureSiteChainNotSupportedError()
    return chain
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A base58 message's bytes when they are UTF-8 text, else undefined. */
function textBytes(message: string): Uint8Array | undefined {
  try {
    const bytes = base58.decode(message)
    utf8.decode(bytes)
    return bytes
  } catch {
    return undefined
  }
}

function asArray(params: unknown, method: string): unknown[] {
  if (!Array.isArray(params)) throw new InvalidSignRequestError({ method })
  return params
}

function optionalBigInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' || typeof value === 'number') return BigInt(value)
  throw new Error('not a number')
}
