import { reaction } from 'mobx'
import type { PluginContext } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { createKitEip1193Provider } from '../../chains/eip155/createKitEip1193Provider.js'
import { createKitSolanaProvider } from '../../chains/solana/createKitSolanaProvider.js'
import { createKitPolkadotProvider } from '../../chains/polkadot/createKitPolkadotProvider.js'
import { createKitBitcoinProvider } from '../../chains/bip122/createKitBitcoinProvider.js'
import { ProviderErrorCode, ProviderRpcError } from '../../chains/eip155/ProviderRpcError.js'
import { ProviderRegistryToken } from '../../ui-shell/plugin.js'

/**
 * Offers the host's code a provider per namespace it listed (`kit.getProvider('eip155')`,
 * `kit.getProvider('solana')`) while this plugin is loaded. The eip155 one's
 * `eth_requestAccounts` opens the modal and waits for a connection; closing the modal first
 * rejects with EIP-1193's 4001.
 */
export function registerProviders(ctx: PluginContext, store: ConnectionStore): void {
  // Without the shell (a kernel-only kit) there is no registry to offer them in.
  if (!ctx.isProvided(ProviderRegistryToken)) return
  const registry = ctx.resolve(ProviderRegistryToken)
  const listed = (namespace: string) => store.networks.some((network) => network.chainNamespace === namespace)
  if (listed('solana')) ctx.onClose(registry.register('solana', createKitSolanaProvider(store)))
  if (listed('polkadot')) ctx.onClose(registry.register('polkadot', createKitPolkadotProvider(store)))
  if (listed('bip122')) ctx.onClose(registry.register('bip122', createKitBitcoinProvider(store)))
  if (!listed('eip155')) return
  const requestConnection = () =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        stopConnected()
        stopClosed()
        if (error) reject(error)
        else resolve()
      }
      const stopConnected = reaction(
        () => store.statusOf('eip155') === 'connected',
        (connected) => connected && settle(),
      )
      const stopClosed = ctx.on('modal:closed', () => settle(new ProviderRpcError(ProviderErrorCode.UserRejected, 'User rejected the request: the modal was closed')))
      void ctx.kit.open({ namespace: 'eip155' }).catch((error: Error) => settle(error))
    })
  const { provider, dispose } = createKitEip1193Provider({ store, requestConnection })
  ctx.onClose(registry.register('eip155', provider))
  ctx.onClose(dispose)
}
