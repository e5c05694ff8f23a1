import type UniversalProvider from '@walletconnect/universal-provider'
import type { Eip1193Provider } from '../eip155/Eip1193Provider.js'
import type { Network } from '../networks/Network.js'
import { PairingExpiredError } from '../errors/chain.js'
import { FailedToConnectError } from '../errors/connection.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_TTL_MS } from './pairingTimes.js'
import type { WalletConnectStore } from './WalletConnectStore.js'
import { disableClientDeepLink } from './reopenChosenWallet.js'

interface Params {
  provider: UniversalProvider
  store: WalletConnectStore
  networks: readonly Network[]
  rpcUrl(network: Network): string | undefined
  methods: readonly string[]
  reusePairing: () => boolean
  /** Shared by every adapter of one connector: the pairing attempt under way. */
  attempt: { pending?: Promise<void>; abort?: (error: Error) => void }
}

/**
 * An EIP-1193 face on a WalletConnect session, so the eip155 adapter drives WalletConnect
 * wallets exactly as it drives browser wallets. `eth_requestAccounts` pairs when there is
 * no session; other calls go to the wallet through the relay.
 */
export function createWalletConnectEip1193(params: Params): Eip1193Provider {
  const { provider, store } = params
  const evm = params.networks.filter((n) => n.chainNamespace === 'eip155')
  const wrappers = new WeakMap<(...args: any[]) => void, (id: unknown) => void>()

  const sessionChains = (): number[] =>
    [...new Set((provider.session?.namespaces.eip155?.accounts ?? []).map((a) => Number(a.split(':')[1])))]
  // A session restored after a reload is on the chain it was left on: universal-provider keeps
  // that default chain in its storage (a switch, ours or the wallet's, updates it). Without
  // reading it back, every reload would fall back to the first network.
  const restoredChain = Number(provider.namespaces?.eip155?.defaultChain)
  let chainId = sessionChains().includes(restoredChain) ? restoredChain : Number(evm[0]?.id ?? 1)

  const sessionAccounts = (): string[] => {
    const accounts = provider.session?.namespaces.eip155?.accounts ?? []
    const onChain = accounts.filter((a) => a.startsWith(`eip155:${chainId}:`))
    return [...new Set((onChain.length ? onChain : accounts).map((a) => a.split(':')[2]!))]
  }

  // On Telegram and iOS Safari a visitor who comes back from the wallet app finds the same
  // pairing (and URI) until it expires; elsewhere each attempt gets a fresh one (SPEC §4).
  const pair = async (): Promise<void> => {
    const { attempt } = params
    if (attempt.pending && params.reusePairing() && !store.isPairingExpired()) return attempt.pending
    // universal-provider's abortPairingAttempt is a no-op now: the race below abandons it.
    if (attempt.pending) attempt.abort?.(new FailedToConnectError())
    const pending = startPairing()
    attempt.pending = pending
    try {
      await pending
    } finally {
      if (attempt.pending === pending) attempt.pending = undefined
    }
  }

  const startPairing = async () => {
    const onUri = (uri: string) => store.setUri(uri)
    provider.on('display_uri', onUri)
    let abort: (error: Error) => void = () => {}
    const abandoned = new Promise<never>((_, reject) => (abort = reject))
    params.attempt.abort = abort
    // A pairing that reaches its last 10 s is abandoned: the modal shows a fresh one.
    const expiry = setTimeout(() => {
      store.setStatus('expired')
      abort(new PairingExpiredError())
    }, PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS)
    ;(expiry as { unref?: () => void }).unref?.()
    try {
      const rpcMap = Object.fromEntries(evm.flatMap((n) => (params.rpcUrl(n) ? [[String(n.id), params.rpcUrl(n)!]] : [])))
      const connecting = provider.connect({
        optionalNamespaces: {
          eip155: { chains: evm.map((n) => n.caipNetworkId), methods: [...params.methods], events: ['accountsChanged', 'chainChanged'], rpcMap },
        },
      })
      connecting.catch(() => {})
      await Promise.race([connecting, abandoned])
    } finally {
      clearTimeout(expiry)
      provider.removeListener('display_uri', onUri)
      if (params.attempt.abort === abort) params.attempt.abort = undefined
    }
    store.setStatus('approved')
    const chains = sessionChains()
    if (!chains.includes(chainId) && chains[0] !== undefined) chainId = chains[0]
  }

  return {
    async request({ method, params: args }) {
      switch (method) {
        case 'eth_requestAccounts':
          if (!provider.session) await pair()
          return sessionAccounts()
        case 'eth_accounts':
          return provider.session ? sessionAccounts() : []
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_revokePermissions':
          if (provider.session) await provider.disconnect()
          store.clear()
          return null
        case 'wallet_switchEthereumChain': {
          const target = Number((args as Array<{ chainId: string }>)[0]?.chainId)
          if (sessionChains().includes(target)) {
            chainId = target
            provider.setDefaultChain(`eip155:${target}`)
            return null
          }
          await disableClientDeepLink(provider)
          await provider.request({ method, params: args as never }, `eip155:${chainId}`)
          chainId = target
          return null
        }
        default:
          await disableClientDeepLink(provider)
          return provider.request({ method, params: args as never }, `eip155:${chainId}`)
      }
    },
    on(event, listener) {
      if (event !== 'chainChanged') return void provider.on(event, listener)
      // Track the chain the wallet moved to, then tell the adapter.
      const wrapped = (id: unknown) => {
        chainId = Number(String(id).split(':').pop())
        listener(id)
      }
      wrappers.set(listener, wrapped)
      provider.on(event, wrapped)
    },
    removeListener(event, listener) {
      provider.removeListener(event, wrappers.get(listener) ?? listener)
      wrappers.delete(listener)
    },
  }
}
