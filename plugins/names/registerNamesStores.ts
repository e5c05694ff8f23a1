import { stringToHex } from 'viem'
import { BlockchainClientToken, HttpNotConfiguredError, ModalStoreToken, SnackbarStoreToken, ViewStackToken, type PluginContext } from '../../ui-shell/plugin.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { AccountStoreToken } from '../account/index.js'
import { EmbeddedWalletToken } from '../embeddedWallet/index.js'
import { AccountNamesStore } from './AccountNamesStore.js'
import { RegisterNameStore } from './RegisterNameStore.js'
import { fetchAccountNames } from './fetchAccountNames.js'
import { fetchNameSuggestions } from './fetchNameSuggestions.js'
import { postAccountName } from './postAccountName.js'
import { AccountNamesStoreToken, RegisterNameStoreToken } from './namesTokens.js'

export interface NamesStoresDeps {
  connection: ConnectionStore
  /** The active eip155 address when the embedded wallet's AUTH connector connected it. */
  authAddress(): string | undefined
}

export interface NamesStores {
  accountNames: AccountNamesStore
  registration: RegisterNameStore
}

/**
 * Builds and shares the names plugin's stores. In their own chunk (with viem's encoder): fetched
 * when an AUTH account connects or a names view first shows, never for other visitors.
 */
export function registerNamesStores(ctx: PluginContext, { connection, authAddress }: NamesStoresDeps): NamesStores {
  const blockchain = ctx.resolve(BlockchainClientToken)
  const wallet = ctx.resolve(EmbeddedWalletToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const stack = ctx.resolve(ViewStackToken)
  const modal = ctx.resolve(ModalStoreToken)
  const accountNames = ctx.registerStore(
    AccountNamesStoreToken,
    new AccountNamesStore({
      fetchNames: blockchain ? (address) => fetchAccountNames(blockchain, address, ctx.signal) : undefined,
      showError: (message) => snackbar.showError(message),
    }),
  )
  const registration = ctx.registerStore(
    RegisterNameStoreToken,
    new RegisterNameStore({
      session: () => ({ network: connection.activeNetwork, address: connection.address, viaAuthConnector: authAddress() !== undefined }),
      suggest: blockchain ? (label, signal) => fetchNameSuggestions(blockchain, label, AbortSignal.any([signal, ctx.signal])) : undefined,
      // The embedded wallet asks the visitor to approve in its frame (ApproveTransaction).
      sign: async (message, address) => (await wallet.provider.request({ method: 'personal_sign', params: [stringToHex(message), address] })) as string,
      register: (name, body) =>
        blockchain
          ? postAccountName(blockchain, name, body, { fetch: ctx.options.fetch, signal: ctx.signal })
          : Promise.reject(new HttpNotConfiguredError({ service: 'blockchain' })),
      async onRegistered({ name, address }) {
        accountNames.addName(address, name)
        // SPEC §9 keeps identities 5 minutes: read this one afresh, so Account, the host's
        // AccountButton and Send's receiver lookup (which share the cache) show the name now.
        if (ctx.isProvided(AccountStoreToken)) await ctx.resolve(AccountStoreToken).loadIdentity({ force: true })
        if (!modal.isOpen) return
        if (stack.current?.view === 'RegisterAccountName') stack.replace('RegisterAccountNameSuccess', { name })
        else stack.push('RegisterAccountNameSuccess', { name })
      },
    }),
  )
  return { accountNames, registration }
}
