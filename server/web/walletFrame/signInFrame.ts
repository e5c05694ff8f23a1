import { isAddressEqual, isHex, type Address, type Hex, type PrivateKeyAccount, type TypedDataDefinition } from 'viem'
import { base58 } from '@scure/base'
import { getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from '@solana/kit'
import type { SecureSiteApi } from './SecureSiteApi.js'
import type { DeviceShares } from './openShareStore.js'
import { signEd25519WithShares, withEvmKey } from './signWithShares.js'
import { fillTransaction, type TransactionRequest } from './fillTransaction.js'
import { checkPreparedUserOperation, type PreparedUserOperation } from './checkPreparedUserOperation.js'
import { describeTypedData } from './describeTypedData.js'
import { FrameInvalidRequestError } from './errors.js'

/** The user's account on the request's chain, as `/api/account` answers it. */
export interface SigningAccount {
  type: 'eoa' | 'smartAccount'
  eoaAddress: Address
  smartAccountAddress?: Address
}

/** What signing in the frame needs: the API, this device's shares, and the user's accounts. */
export interface FrameSigningContext {
  api: SecureSiteApi
  shares: DeviceShares
  /** The user's account on an eip155 chain (undefined on Solana). */
  account?: SigningAccount
  solanaAddress: string
}

/**
 * An approved request signed in the frame with the user's split keys (KEY_SHARES.md): the server
 * never assembles a key, it only prepares (UserOperations) and sends signed bytes
 * (`/api/submit/*`). The checks the server made before signing are made here, before the key is
 * assembled: the account named is the user's, the typed data is what the card walked (domain
 * chain the active one), a UserOperation runs exactly the approved calls.
 *
 * @returns the result as a wallet answers the method
 * @throws FrameInvalidRequestError for a request the frame will not sign
 */
export async function signInFrame(context: FrameSigningContext, method: string, chainId: string, params: unknown): Promise<unknown> {
  const { api } = context
  const invalid = (reason: string) => new FrameInvalidRequestError({ method, reason })
  switch (method) {
    case 'personal_sign': {
      const [message, address] = asArray(params, invalid)
      if (typeof message !== 'string') throw invalid('the message is not a string')
      const smart = whoSigns(context, address, false, invalid)
      const signature = await withEvmKey(api, context.shares, (account) => account.signMessage({ message: isHex(message) ? { raw: message } : message }))
      return smart ? wrapForSmartAccount(api, chainId, signature) : signature
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = asArray(params, invalid)
      const smart = whoSigns(context, address, false, invalid)
      // The walked object the card showed: no key outside its type, the domain's chain the active one.
      const { typedData } = describeTypedData(data, chainId)
      const signature = await withEvmKey(api, context.shares, (account) => account.signTypedData(typedData as TypedDataDefinition))
      return smart ? wrapForSmartAccount(api, chainId, signature) : signature
    }
    case 'eth_sendTransaction': {
      const [request] = asArray(params, invalid) as [Record<string, unknown> | undefined]
      if (!request || typeof request !== 'object') throw invalid('no transaction')
      const smart = whoSigns(context, request.from, true, invalid)
      const call = { ...toCall(request, invalid), gas: optionalBigInt(request.gas, invalid) }
      if (smart) {
        // A smart account cannot create contracts through execute: it needs a target.
        if (!call.to) throw invalid('a smart account needs a recipient')
        const { hash } = await sendUserOperation(context, method, chainId, [call], false)
        return hash
      }
      const transaction = await fillTransaction(api, chainId, context.shares.evmAddress as Address, call)
      const signed = await withEvmKey(api, context.shares, (account) => account.signTransaction(transaction))
      return (await api.post<{ hash: Hex }>('/api/submit/transaction', { chainId, transaction: signed })).hash
    }
    case 'wallet_sendCalls': {
      const [request] = asArray(params, invalid) as [Record<string, unknown> | undefined]
      const list = request?.calls
      if (!request || !Array.isArray(list) || list.length === 0 || list.length > 20) throw invalid('no calls, or more than 20')
      const calls = list.map((call) => toCall(call, invalid))
      const smart = whoSigns(context, request.from, true, invalid)
      if (smart) {
        if (calls.some((call) => !call.to)) throw invalid('a smart account needs a recipient for every call')
        return sendUserOperation(context, method, chainId, calls, true)
      }
      if (request.atomicRequired === true) throw invalid('atomic batches need a smart account')
      const from = context.shares.evmAddress as Address
      const transactions = await Promise.all(calls.map((call, index) => fillTransaction(api, chainId, from, call, index)))
      const signed = await withEvmKey(api, context.shares, (account) => Promise.all(transactions.map((transaction) => account.signTransaction(transaction))))
      return api.post<{ id: string }>('/api/submit/calls', { chainId, transactions: signed })
    }
    case 'solana_signMessage': {
      const { message, pubkey } = (params ?? {}) as { message?: unknown; pubkey?: unknown }
      if (typeof message !== 'string' || (pubkey !== undefined && pubkey !== context.solanaAddress)) throw invalid('another account, or no message')
      // refuseUnsafeRequest checked it is UTF-8 text before the card showed.
      const [signature] = await signEd25519WithShares(api, context.shares, [base58.decode(message)])
      return { signature: base58.encode(signature!) }
    }
    case 'solana_signTransaction':
      return { transaction: base58.encode((await signSolana(context, [(params as { transaction?: unknown } | undefined)?.transaction], invalid))[0]!) }
    case 'solana_signAllTransactions': {
      const list = (params as { transactions?: unknown } | undefined)?.transactions
      if (!Array.isArray(list) || list.length === 0 || list.length > 20) throw invalid('no transactions, or more than 20')
      return { transactions: (await signSolana(context, list, invalid)).map((signed) => base58.encode(signed)) }
    }
    case 'solana_signAndSendTransaction': {
      const [signed] = await signSolana(context, [(params as { transaction?: unknown } | undefined)?.transaction], invalid)
      return api.post<{ signature: string }>('/api/submit/solana', { chainId, transaction: base58.encode(signed!) })
    }
  }
  throw invalid('not signed by this wallet')
}

/** True when the user's smart account signs (named, or the preferred type when `mayOmit` and absent); false for the EOA; anyone else is refused. */
function whoSigns(context: FrameSigningContext, address: unknown, mayOmit: boolean, invalid: (reason: string) => Error): boolean {
  const account = context.account
  if (!account) throw invalid('not an EVM chain')
  if (address === undefined && mayOmit) return account.type === 'smartAccount' && account.smartAccountAddress !== undefined
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw invalid('no account named')
  if (isAddressEqual(address as Address, context.shares.evmAddress as Address)) return false
  if (account.smartAccountAddress && isAddressEqual(address as Address, account.smartAccountAddress)) return true
  throw invalid('the account named is not this wallet’s')
}

/** The server prepares the operation, the frame checks it runs the approved calls and signs its hash, the server bundles it. */
async function sendUserOperation(context: FrameSigningContext, method: string, chainId: string, calls: TransactionRequest[], batch: boolean): Promise<{ hash: Hex; id: string }> {
  const { api } = context
  const wire = calls.map((call) => ({ to: call.to!, ...(call.value ? { value: `0x${call.value.toString(16)}` } : {}), ...(call.data ? { data: call.data } : {}) }))
  const prepared = await api.post<PreparedUserOperation>('/api/prepare/userOperation', { chainId, calls: wire })
  const hash = checkPreparedUserOperation(prepared, { method, chainId, sender: context.account!.smartAccountAddress!, calls })
  // The account checks the owner's signature over the hash itself (no EIP-191 prefix).
  const signature = await withEvmKey(api, context.shares, (account: PrivateKeyAccount) => account.sign({ hash }))
  return api.post('/api/submit/userOperation', { chainId, userOperation: prepared.userOperation, signature, batch })
}

async function wrapForSmartAccount(api: SecureSiteApi, chainId: string, signature: Hex): Promise<Hex> {
  return (await api.post<{ signature: Hex }>('/api/smart-account/signature', { chainId, signature })).signature
}

/** Each transaction (base58 wire bytes) with the user's signature added; each must name the user as a signer. */
async function signSolana(context: FrameSigningContext, transactions: unknown[], invalid: (reason: string) => Error): Promise<Uint8Array[]> {
  const decoded = transactions.map((transaction) => {
    if (typeof transaction !== 'string') throw invalid('the transaction is not base58 text')
    const parsed = getTransactionDecoder().decode(base58.decode(transaction))
    if (!(context.solanaAddress in parsed.signatures)) throw invalid('the transaction does not name this wallet as a signer')
    return parsed
  })
  const signatures = await signEd25519WithShares(
    context.api,
    context.shares,
    decoded.map((transaction) => Uint8Array.from(transaction.messageBytes)),
  )
  return decoded.map((transaction, index) => new Uint8Array(getTransactionEncoder().encode({ ...transaction, signatures: { ...transaction.signatures, [context.solanaAddress]: signatures[index] as SignatureBytes } })))
}

function toCall(value: unknown, invalid: (reason: string) => Error): TransactionRequest {
  const call = value as Record<string, unknown> | undefined
  if (!call || typeof call !== 'object') throw invalid('a call is not an object')
  // SPEC §5: `to` and `data` start with 0x.
  if (call.to !== undefined && (typeof call.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(call.to))) throw invalid('a recipient is not an address')
  if (call.data !== undefined && (typeof call.data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(call.data))) throw invalid('calldata is not hex')
  // Lowercase: viem refuses a mixed-case address whose checksum is wrong, and the node takes either.
  return { to: call.to === undefined ? undefined : (call.to.toLowerCase() as Address), data: call.data as Hex | undefined, value: optionalBigInt(call.value, invalid) }
}

function optionalBigInt(value: unknown, invalid: (reason: string) => Error): bigint | undefined {
  if (value === undefined || value === null) return undefined
  try {
    if (typeof value === 'string' || typeof value === 'number') return BigInt(value)
  } catch {
    // below
  }
  throw invalid('an amount is not a number')
}

function asArray(params: unknown, invalid: (reason: string) => Error): unknown[] {
  if (!Array.isArray(params)) throw invalid('params are not a list')
  return params
}
