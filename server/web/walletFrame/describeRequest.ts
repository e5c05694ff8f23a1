import { formatEther, getAddress, isAddress, isHex } from 'viem'
import { base58 } from '@scure/base'
import { describeCalldata } from './describeCalldata.js'
import { describePermit } from './describePermit.js'
import { describeSolanaTransaction } from './describeSolanaTransaction.js'
import { describeTypedData } from './describeTypedData.js'
import { nameChain } from './nameChain.js'
import { t } from './frameText.js'

/** One line of the card: a label and its value, both plain text. */
export interface RequestRow {
  label: string
  value: string
}

/** What the approval card shows for one request. */
export interface RequestDescription {
  title: string
  rows: RequestRow[]
}

/** Where and by whom a request would be signed, which the request alone does not say. */
export interface RequestContext {
  /** The CAIP-2 chain the request came for: EVM cards name it, and typed data for another chain is refused. */
  chainId: string
  /** Who signs or pays: the address the request names, else the user's account on that chain. */
  account?: string
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The approval card's text for a request that needs the visitor: what is signed or sent, in
 * words a person can check (a hex message decoded, a value in ETH, typed data field by field,
 * token calls decoded), and on every EVM card the chain and the account. Warnings come first.
 * Values are never cut (the card scrolls). Plain strings: the card renders them with
 * textContent, never as HTML.
 *
 * @param method - the signing method
 * @param params - its params, as the app sent them
 * @param context - the request's chain and paying account
 * @returns the card's title and rows
 * @throws FrameInvalidRequestError for typed data the card cannot show as signed (`describeTypedData`)
 *
 * @example
 * describeRequest('personal_sign', ['0x68656c6c6f', '0x…'], { chainId: 'eip155:31337', account: '0x…' })
 * // { title: 'Sign a message', rows: [{ label: 'Message', value: 'hello' }, { label: 'Network', value: 'Local chain 31337' }, …] }
 */
export function describeRequest(method: string, params: unknown, context: RequestContext): RequestDescription {
  const description = describe(method, params, context)
  // Warnings first, wherever they come from: the visitor reads them before anything else.
  return { ...description, rows: [...description.rows.filter(isWarning), ...description.rows.filter((row) => !isWarning(row))] }
}

const isWarning = (row: RequestRow) => row.label === t('row.warning')

function describe(method: string, params: unknown, context: RequestContext): RequestDescription {
  const list = Array.isArray(params) ? params : []
  const { account } = context
  const shownAccount = account === undefined ? t('value.notNamed') : isAddress(account, { strict: false }) ? getAddress(account) : account
  // Every card names where it counts and who signs or pays (the page may have switched the chain).
  const chainAndAccount = [
    { label: t('row.network'), value: nameChain(context.chainId) },
    { label: t('row.account'), value: shownAccount },
  ]
  switch (method) {
    case 'personal_sign':
      return { title: t('title.signMessage'), rows: [{ label: t('row.message'), value: readableMessage(list[0]) }, ...chainAndAccount] }
    case 'eth_signTypedData_v4': {
      // Exactly the fields that are signed, or a refusal: never the message's own keys.
      const { typedData, rows } = describeTypedData(list[1], context.chainId)
      return { title: t('title.signTypedData'), rows: [...describePermit(typedData), ...rows, ...chainAndAccount] }
    }
    case 'eth_sendTransaction': {
      const transaction = (list[0] ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
      const rows = [
        { label: t('row.to'), value: typeof transaction.to === 'string' ? transaction.to : t('value.newContract') },
        { label: t('row.amount'), value: t('value.ethAmount', { amount: formatEther(toBigInt(transaction.value)) }) },
        ...describeCalldata(transaction.to, transaction.data),
      ]
      return { title: t('title.sendTransaction'), rows: [...rows, ...chainAndAccount] }
    }
    case 'wallet_sendCalls': {
      const calls = ((list[0] as { calls?: unknown } | undefined)?.calls ?? []) as Array<{ to?: unknown; value?: unknown; data?: unknown }>
      // Up to the server's 20 (it refuses longer batches): every call that is sent is on the card.
      const shown = (Array.isArray(calls) ? calls : []).slice(0, 20)
      // Each call's data too, as eth_sendTransaction shows it: a token transfer or approval lives there, not in the value.
      const rows = shown.flatMap((call, index) => [
        { label: t('row.call', { n: index + 1 }), value: t('value.callSummary', { to: typeof call?.to === 'string' ? call.to : t('value.newContract'), amount: formatEther(toBigInt(call?.value)) }) },
        ...describeCalldata(call?.to, call?.data, t('prefix.call', { n: index + 1 })),
      ])
      return { title: t('title.sendCalls', { count: shown.length }), rows: [...rows, ...chainAndAccount] }
    }
    case 'solana_signMessage': {
      const message = (params as { message?: unknown } | undefined)?.message
      return { title: t('title.signMessage'), rows: [{ label: t('row.message'), value: solanaMessage(message) }, ...chainAndAccount] }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const transaction = (params as { transaction?: unknown } | undefined)?.transaction
      // Decoded instruction by instruction; anything the card cannot read is refused or flagged, never shown as a blob.
      return {
        title: method === 'solana_signTransaction' ? t('title.signTransaction') : t('title.sendTransaction'),
        rows: [...describeSolanaTransaction(transaction, method), ...chainAndAccount],
      }
    }
    case 'solana_signAllTransactions': {
      const transactions = (params as { transactions?: unknown } | undefined)?.transactions
      const list = Array.isArray(transactions) ? transactions : []
      const rows = list.flatMap((transaction, index) =>
        describeSolanaTransaction(transaction, method).map((row) => (isWarning(row) ? row : { ...row, label: t('row.transactionRow', { n: index + 1, label: row.label }) })),
      )
      return { title: t('title.signTransactions', { count: list.length }), rows: [...rows, ...chainAndAccount] }
    }
    default:
      return { title: t('title.approveRequest'), rows: [{ label: t('row.method'), value: method }] }
  }
}

function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return ''
  if (!isHex(message)) return message
  try {
    // Only text that decodes cleanly is shown as text; anything else stays hex.
    return utf8.decode(Uint8Array.from(message.slice(2).match(/../g) ?? [], (byte) => parseInt(byte, 16)))
  } catch {
    return message
  }
}

function solanaMessage(message: unknown): string {
  if (typeof message !== 'string') return ''
  try {
    return utf8.decode(base58.decode(message))
  } catch {
    return message
  }
}

function toBigInt(value: unknown): bigint {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n
  } catch {
    return 0n
  }
}
