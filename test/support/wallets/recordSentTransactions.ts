import type { Hex } from 'viem'
import type { TestEip1193Wallet } from './createTestEip1193Wallet.js'

/** A test wallet that records each transaction prompt it answered and the hash of each it sent. */
export interface RecordingWallet {
  wallet: TestEip1193Wallet
  /** Hashes of the transactions sent, in order. */
  sent: Hex[]
  /** The transaction prompts answered, in order (refused ones included). */
  prompts: string[]
}

/** Wraps `inner` so that a test can find, on chain, exactly the transactions the page had signed. */
export function recordSentTransactions(inner: TestEip1193Wallet): RecordingWallet {
  const sent: Hex[] = []
  const prompts: string[] = []
  const wallet: TestEip1193Wallet = Object.create(inner, {
    request: {
      value: async (args: { method: string; params?: unknown }) => {
        if (args.method === 'eth_sendTransaction') prompts.push(args.method)
        const result = await inner.request(args)
        if (args.method === 'eth_sendTransaction') sent.push(result as Hex)
        return result
      },
    },
  })
  return { wallet, sent, prompts }
}
