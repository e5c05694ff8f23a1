import type { ChainConnector, ConnectorSource } from '../connectors/ChainConnector.js'

type InjectedWindow = { injectedWeb3?: Record<string, { version?: string }> } & Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>

/**
 * A connector for one injected Polkadot extension; extension-dapp loads on connect.
 *
 * @param source - the extension's key in `window.injectedWeb3`
 * @param appName - the dapp name shown by the extension
 */
export function createPolkadotConnector(source: string, appName: string): ChainConnector {
  return {
    id: `polkadot:${source}`,
    name: source.slice(0, 100),
    type: 'INJECTED',
    chain: 'polkadot',
    isAvailable: () => Boolean((globalThis as InjectedWindow).injectedWeb3?.[source]),
    async createAdapter(context) {
      const { PolkadotAdapter } = await import('./adapter.js')
      return new PolkadotAdapter(source, appName, context)
    },
  }
}

/**
 * Lists the Polkadot extensions injected in `window.injectedWeb3`, again after page load.
 *
 * @param options - the dapp name the extensions show
 * @example
 * connectors({ networks, sources: [polkadotConnectors({ appName: 'My dapp' })] })
 */
export function polkadotConnectors(options: { appName: string }): ConnectorSource {
  return {
    id: 'polkadot',
    start(register) {
      const win = globalThis as InjectedWindow
      const live = new Map<string, () => void>()
      const scan = () => {
        for (const source of Object.keys(win.injectedWeb3 ?? {})) {
          if (!live.has(source) && source.length <= 100) live.set(source, register(createPolkadotConnector(source, options.appName)))
        }
      }
      scan()
      win.addEventListener?.('load', scan)
      return () => {
        win.removeEventListener?.('load', scan)
        for (const remove of live.values()) remove()
        live.clear()
      }
    },
  }
}
