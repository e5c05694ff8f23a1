import { EventEmitter } from 'node:events'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  numberToHex,
  type Hex,
  type LocalAccount,
} from 'viem'

/** A JSON-RPC error as wallets throw them (EIP-1193 codes). */
export class TestWalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface TestEip1193WalletOptions {
  account: LocalAccount
  /** Chains the wallet knows at start: chain id to RPC URL. */
  chains: Record<number, string>
  /** Decides each prompt (connect, sign, send, switch, add); false answers 4001. */
  approve?: (method: string) => boolean | Promise<boolean>
}

export interface TestEip1193Wallet {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: any[]) => void): void
  removeListener(event: string, listener: (...args: any[]) => void): void
  /** Chains the wallet knows now (added ones included). */
  readonly knownChains: ReadonlyMap<number, string>
  readonly chainId: number
  /** Drops the grant, as a user would in the wallet, and tells the page. */
  revoke(): void
  listenerCount(): number
}

const PROMPTS = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

/**
 * A real EIP-1193 wallet for tests: a viem local account that signs, and real RPC nodes
 * (hardhat) it sends to and reads from. Not a mock: signatures and transactions are real.
 * Prompts are answered by `approve`, so a test can be the user who rejects.
 */
export function createTestEip1193Wallet(options: TestEip1193WalletOptions): TestEip1193Wallet {
  const { account } = options
  const events = new EventEmitter()
  const chains = new Map(Object.entries(options.chains).map(([id, url]) => [Number(id), url]))
  let chainId = Number(Object.keys(options.chains)[0])
  let connected = false
  const batches = new Map<string, Hex[]>()

  const chainOf = (id: number) => {
    const url = chains.get(id)!
    return defineChain({ id, name: `chain ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
  }
  const walletClient = () => createWalletClient({ account, chain: chainOf(chainId), transport: http(chains.get(chainId)) })
  const publicClient = () => createPublicClient({ chain: chainOf(chainId), transport: http(chains.get(chainId)) })

  const prompt = async (method: string) => {
    if (PROMPTS.has(method) && options.approve && !(await options.approve(method))) {
      throw new TestWalletRpcError(4001, 'User rejected the request.')
    }
  }
  const requireConnected = () => {
    if (!connected) throw new TestWalletRpcError(4100, 'The requested account has not been authorized by the user.')
  }
  const sendTx = async (tx: { to?: Hex; data?: Hex; value?: Hex; gas?: Hex }) =>
    walletClient().sendTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value ? BigInt(tx.value) : undefined,
      ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
    })

  const handle = async (method: string, params: any[]): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
        if (!connected) await prompt(method)
        connected = true
        return [account.address]
      case 'eth_accounts':
        return connected ? [account.address] : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_revokePermissions':
        connected = false
        return null
      case 'wallet_switchEthereumChain': {
        const target = Number(params[0]?.chainId)
        if (!chains.has(target)) throw new TestWalletRpcError(4902, `Unrecognized chain ID ${params[0]?.chainId}.`)
        await prompt(method)
        if (target !== chainId) {
          chainId = target
          events.emit('chainChanged', numberToHex(target))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const target = Number(params[0]?.chainId)
        const url = params[0]?.rpcUrls?.[0]
        if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new TestWalletRpcError(-32602, 'rpcUrls required')
        await prompt(method)
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        }).then((r) => r.json() as Promise<{ result: string }>)
        if (Number(answer.result) !== target) throw new TestWalletRpcError(-32602, 'chainId does not match the RPC')
        chains.set(target, url)
        return null
      }
      case 'personal_sign':
        requireConnected()
        await prompt(method)
        return account.signMessage({ message: { raw: params[0] as Hex } })
      case 'eth_signTypedData_v4': {
        requireConnected()
        await prompt(method)
        const typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        const { EIP712Domain: _domain, ...types } = typed.types
        return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message })
      }
      case 'eth_sendTransaction':
        requireConnected()
        await prompt(method)
        return sendTx(params[0])
      case 'wallet_sendCalls': {
        requireConnected()
        await prompt(method)
        const hashes: Hex[] = []
        for (const call of params[0].calls as Array<{ to: Hex; data?: Hex; value?: Hex }>) {
          const hash = await sendTx(call)
          await publicClient().waitForTransactionReceipt({ hash })
          hashes.push(hash)
        }
        const id = `0x${Buffer.from(hashes[0] ?? '0x').toString('hex').slice(0, 64)}`
        batches.set(id, hashes)
        return { id }
      }
      case 'wallet_getCallsStatus': {
        const hashes = batches.get(params[0])
        if (!hashes) throw new TestWalletRpcError(-32602, 'unknown batch')
        return { version: '2.0.0', id: params[0], chainId: numberToHex(chainId), status: 200, atomic: false, receipts: await Promise.all(hashes.map((hash) => publicClient().getTransactionReceipt({ hash }))) }
      }
      default:
        // Reads go to the node of the current chain, as a real wallet's would.
        return publicClient().request({ method: method as never, params: params as never })
    }
  }

  return {
    async request({ method, params }) {
      return handle(method, Array.isArray(params) ? params : params === undefined ? [] : [params])
    },
    on: (event, listener) => void events.on(event, listener),
    removeListener: (event, listener) => void events.removeListener(event, listener),
    get knownChains() {
      return chains
    },
    get chainId() {
      return chainId
    },
    revoke() {
      connected = false
      events.emit('accountsChanged', [])
    },
    listenerCount: () => events.eventNames().reduce((sum, name) => sum + events.listenerCount(name), 0),
  }
}

/**
 * Announces a provider by EIP-6963 on a target (a window, or any EventTarget in Node),
 * now and whenever a dapp asks. Returns the stop.
 */
export function announceEip6963(
  target: EventTarget,
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown> },
  info: { uuid: string; name: string; icon: string; rdns: string },
): () => void {
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
