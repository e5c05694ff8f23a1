import { formatEther, isHex } from 'viem'
import { base58 } from '@scure/base'

/** What the approval card shows for one request. */
export interface RequestDescription {
  title: string
  rows: Array<{ label: string; value: string }>
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The approval card's text for a request that needs the visitor: what is signed or sent, in
 * words a person can check (a hex message decoded, a value in ETH). Plain strings: the card
 * renders them with textContent, never as HTML.
 *
 * @example
 * describeRequest('personal_sign', ['0x68656c6c6f', '0x…']) // { title: 'Sign a message', rows: [{ label: 'Message', value: 'hello' }] }
 */
export function describeRequest(method: string, params: unknown): RequestDescription {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign':
      return { title: 'Sign a message', rows: [{ label: 'Message', value: readableMessage(list[0]) }] }
    case 'eth_signTypedData_v4': {
      const typed = parseTypedData(list[1])
      // What is signed, field by field (a Permit's spender and value), not only its name.
      const fields = Object.entries(typed?.message ?? {})
        .slice(0, 8)
        .map(([label, value]) => ({ label, value: shorten(typeof value === 'string' ? value : JSON.stringify(value) ?? '', 140) }))
      return {
        title: 'Sign typed data',
        rows: [{ label: 'Type', value: typed?.primaryType ?? 'Unknown' }, { label: 'Domain', value: typed?.domain?.name ?? 'Unnamed' }, ...fields],
      }
    }
    case 'eth_sendTransaction': {
      const transaction = (list[0] ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
      const rows = [
        { label: 'To', value: typeof transaction.to === 'string' ? transaction.to : 'New contract' },
        { label: 'Amount', value: `${formatEther(toBigInt(transaction.value))} ETH` },
      ]
      if (typeof transaction.data === 'string' && transaction.data !== '0x') rows.push({ label: 'Data', value: shorten(transaction.data, 140) })
      return { title: 'Send a transaction', rows }
    }
    case 'wallet_sendCalls': {
      const calls = ((list[0] as { calls?: unknown } | undefined)?.calls ?? []) as Array<{ to?: unknown; value?: unknown; data?: unknown }>
      // Up to the server's 20 (it refuses longer batches): every call that is sent is on the card.
      const shown = (Array.isArray(calls) ? calls : []).slice(0, 20)
      // Each call's data too, as eth_sendTransaction shows it: a token transfer or approval lives there, not in the value.
      const rows = shown.flatMap((call, index) => [
        { label: `Call ${index + 1}`, value: `${typeof call?.to === 'string' ? call.to : 'New contract'}: ${formatEther(toBigInt(call?.value))} ETH` },
        ...(typeof call?.data === 'string' && call.data !== '0x' ? [{ label: `Call ${index + 1} data`, value: shorten(call.data, 140) }] : []),
      ])
      return { title: `Send ${shown.length} call${shown.length === 1 ? '' : 's'}`, rows }
    }
    case 'solana_signMessage': {
      const message = (params as { message?: unknown } | undefined)?.message
      return { title: 'Sign a message', rows: [{ label: 'Message', value: solanaMessage(message) }] }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const transaction = (params as { transaction?: unknown } | undefined)?.transaction
      return {
        title: method === 'solana_signTransaction' ? 'Sign a transaction' : 'Send a transaction',
        rows: [{ label: 'Transaction', value: typeof transaction === 'string' ? shorten(transaction, 140) : '' }],
      }
    }
    case 'solana_signAllTransactions': {
      const transactions = (params as { transactions?: unknown } | undefined)?.transactions
      return { title: 'Sign transactions', rows: [{ label: 'Transactions', value: String(Array.isArray(transactions) ? transactions.length : 0) }] }
    }
    default:
      return { title: 'Approve a request', rows: [{ label: 'Method', value: method }] }
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

function parseTypedData(data: unknown): { primaryType?: string; domain?: { name?: string }; message?: Record<string, unknown> } | undefined {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data
    if (!parsed || typeof parsed !== 'object') return undefined
    const { primaryType, domain, message } = parsed as { primaryType?: unknown; domain?: { name?: unknown }; message?: unknown }
    return {
      primaryType: typeof primaryType === 'string' ? primaryType : undefined,
      domain: { name: typeof domain?.name === 'string' ? domain.name : undefined },
      message: message && typeof message === 'object' && !Array.isArray(message) ? (message as Record<string, unknown>) : undefined,
    }
  } catch {
    return undefined
  }
}

function toBigInt(value: unknown): bigint {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n
  } catch {
    return 0n
  }
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
