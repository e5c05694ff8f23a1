import type { Kit } from '../../kernel/Kit.js'
import { ProviderRegistryToken } from '../providers/providerRegistryToken.js'
import type { LatchKit } from './LatchKit.js'
import { onLatchEvent } from './hostEvents.js'
import { I18nStoreToken } from '../i18n/i18nToken.js'
import { readAccount, readBalance, readModal, readNetwork, readWalletInfo } from './readState.js'

/**
 * The host API's methods over a kernel kit: reads of `getState()`, and the commands through the
 * RPC methods the connectors plugin registers (refused with 'Requested RPC call is not allowed'
 * while it is not loaded).
 */
export function createHostMethods(kit: Kit): Omit<LatchKit, keyof Kit> {
  return {
    // The registry comes with the shell: no provider before the kit started.
    getProvider: (namespace) => (kit.isProvided(ProviderRegistryToken) ? kit.resolve(ProviderRegistryToken).get(namespace) : undefined),
    getAccount: (options) => readAccount(kit.getState(), options?.namespace),
    getNetwork: () => readNetwork(kit.getState()),
    switchNetwork: async (caipNetworkId) => void (await kit.request('latch_switchNetwork', { caipNetworkId })),
    disconnect: async (options) => void (await kit.request('latch_disconnect', options?.namespace ? { namespace: options.namespace } : undefined)),
    getWalletInfo: () => readWalletInfo(kit.getState()),
    getModalState: () => readModal(kit.getState()),
    getBalance: () => readBalance(kit.getState()),
    refreshBalance: async () => void (await kit.request('latch_refreshBalance')),
    // The language store comes with the shell: wait for the kit to start.
    setLocale: async (locale) => {
      await kit.ready
      return kit.resolve(I18nStoreToken).setLocale(locale)
    },
    subscribeEvents: (listener) => onLatchEvent(kit, listener),
  }
}
