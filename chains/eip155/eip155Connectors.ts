import type { AnyConnector, ConnectorSource } from '../connectors/ChainConnector.js'
import { createEip1193Connector } from './createEip1193Connector.js'
import type { Eip1193Provider, Eip6963ProviderInfo } from './Eip1193Provider.js'

export interface Eip155ConnectorsOptions {
  /** Where wallets announce; defaults to `window`. */
  target?: EventTarget & { ethereum?: Eip1193Provider }
  /** Register `window.ethereum` as the INJECTED connector (default true). */
  injected?: boolean
  /** Listen for EIP-6963 announcements (default true). */
  eip6963?: boolean
  usdtContracts?: ReadonlySet<string>
}

type AnnounceEvent = Event & { detail?: { info?: Partial<Eip6963ProviderInfo>; provider?: Eip1193Provider } }

const SAFE_ICON = /^data:image\/(?:svg\+xml|png|jpeg|webp|gif);/

/**
 * Finds browser wallets: `window.ethereum` (INJECTED) and EIP-6963 announcements (ANNOUNCED),
 * kept live so a wallet that announces after the page loaded still appears.
 *
 * @param options - target and switches
 * @returns a connector source for the connectors plugin
 *
 * @example
 * connectors({ sources: [eip155Connectors()] })
 */
export function eip155Connectors(options: Eip155ConnectorsOptions = {}): ConnectorSource {
  return {
    id: 'eip155',
    start(register) {
      const target = options.target ?? (typeof window === 'undefined' ? undefined : (window as unknown as Eip155ConnectorsOptions['target']))
      if (!target) return () => {}
      const removers: Array<() => void> = []
      const announced = new Map<string, () => void>()
      // Only a page that has `window.ethereum` gets the generic injected connector: listing a
      // 'Browser Wallet' with nothing behind it would offer a wallet that isn't there.
      if (options.injected !== false && target.ethereum) {
        removers.push(
          register(
            createEip1193Connector({
              id: 'injected',
              name: 'Browser Wallet',
              type: 'INJECTED',
              getProvider: () => target.ethereum,
              usdtContracts: options.usdtContracts,
            }),
          ),
        )
      }
      if (options.eip6963 !== false) {
        const onAnnounce = (event: Event) => {
          const { info, provider } = (event as AnnounceEvent).detail ?? {}
          // Announcements are untrusted page events: take only well-formed ones.
          if (!info || !provider || typeof provider.request !== 'function') return
          if (typeof info.rdns !== 'string' || typeof info.name !== 'string' || !info.rdns || info.rdns.length > 200) return
          const rdns = info.rdns
          announced.get(rdns)?.()
          const icon = typeof info.icon === 'string' && SAFE_ICON.test(info.icon) ? info.icon : undefined
          const connector: AnyConnector = createEip1193Connector({
            id: rdns,
            name: info.name.slice(0, 100),
            type: 'ANNOUNCED',
            imageUrl: icon,
            info: { rdns, ...(icon ? { icon } : {}) },
            getProvider: () => provider,
            usdtContracts: options.usdtContracts,
          })
          announced.set(rdns, register(connector))
        }
        target.addEventListener('eip6963:announceProvider', onAnnounce)
        target.dispatchEvent(new Event('eip6963:requestProvider'))
        removers.push(() => target.removeEventListener('eip6963:announceProvider', onAnnounce))
      }
      return () => {
        for (const remove of removers) remove()
        for (const remove of announced.values()) remove()
        announced.clear()
      }
    },
  }
}
