import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address } from 'viem'
import type { LatchKit } from '../../ui-shell/plugin.js'
import type { KitEip1193Provider } from '../eip155/createKitEip1193Provider.js'
import { ProviderErrorCode } from '../eip155/ProviderRpcError.js'
import { WagmiProviderUnavailableError } from './errors.js'

/** What the connector needs of the kit (a `createKit` kit with the connectors plugin). */
export type LatchWagmiKit = Pick<LatchKit, 'ready' | 'getProvider' | 'disconnect'>

const toAddresses = (accounts: unknown): Address[] => (Array.isArray(accounts) ? accounts.map((account) => getAddress(String(account))) : [])
const isRejection = (error: unknown) => (error as { code?: unknown } | null)?.code === ProviderErrorCode.UserRejected

/**
 * A wagmi connector over the kit: `connect` opens the Latch modal and resolves once the visitor
 * connects (wagmi's UserRejectedRequestError when they close it); its provider is the kit's eip155
 * provider, whatever wallet is behind it. Events flow both ways: a chain switch or a disconnect
 * made with wagmi goes through the kit (the modal shows it), and one made in the modal reaches
 * wagmi through the provider's events.
 *
 * @example
 * const config = createConfig({ chains: [mainnet], connectors: [latchConnector(kit)], transports })
 */
export function latchConnector(kit: LatchWagmiKit) {
  return createConnector<KitEip1193Provider>((config) => {
    const provider = async () => {
      await kit.ready
      const eip155 = kit.getProvider('eip155')
      if (!eip155) throw new WagmiProviderUnavailableError()
      return eip155
    }
    const request = async (method: string, params?: unknown) => (await provider()).request(params === undefined ? { method } : { method, params })

    return {
      id: 'latch',
      name: 'Latch',
      type: 'latch',

      async setup() {
        const eip155 = await provider()
        // Listening from the start: a connection made in the modal alone still reaches wagmi.
        eip155.on('connect', this.onConnect!.bind(this))
        eip155.on('accountsChanged', this.onAccountsChanged.bind(this))
        eip155.on('chainChanged', this.onChainChanged.bind(this))
        eip155.on('disconnect', this.onDisconnect.bind(this))
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let accounts = toAddresses(await request('eth_accounts'))
        if (accounts.length === 0 && !isReconnecting) {
          try {
            accounts = toAddresses(await request('eth_requestAccounts'))
          } catch (error) {
            if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
            throw error
          }
        }
        let current = await this.getChainId()
        if (chainId !== undefined && chainId !== current) current = (await this.switchChain!({ chainId })).id
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: current,
        }
      },

      async disconnect() {
        await kit.disconnect({ namespace: 'eip155' })
      },

      async getAccounts() {
        return toAddresses(await request('eth_accounts'))
      },

      async getChainId() {
        return Number(await request('eth_chainId'))
      },

      getProvider: provider,

      async isAuthorized() {
        // `kit.ready` waits for the saved connection to be restored (SPEC §4).
        return (await this.getAccounts()).length > 0
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          await request('wallet_switchEthereumChain', [{ chainId: numberToHex(chainId) }])
        } catch (error) {
          if (isRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: toAddresses(accounts) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      async onConnect(connectInfo) {
        const accounts = await this.getAccounts()
        if (accounts.length > 0) config.emitter.emit('connect', { accounts, chainId: Number(connectInfo.chainId) })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
