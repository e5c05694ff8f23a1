import { reaction } from 'mobx'
import { ModalStoreToken, type PluginContext } from '../../kernel/index.js'
import { BlockchainClientToken, lazyView, registerMessages, SnackbarStoreToken } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/ConnectionStoreToken.js'
import { SiwxServerNotConfiguredError } from './errors/SiwxServerNotConfiguredError.js'
import { createServerSiwxStorage } from './serverSiwxStorage.js'
import { createLocalSiwxStorage, type SiwxStorage } from './siwxStorage.js'
import './siwxState.js'
import { SiwxStore } from './SiwxStore.js'
import { SiwxStoreToken } from './siwxTokens.js'
import { SIWX_STYLES } from './siwxStyles.js'
import { SIWX_MESSAGES } from './locales/siwxMessages.js'

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    SIWXSignMessage: undefined
  }
}

export interface SiwxSetupOptions {
  required: boolean
  statement?: string
  storage?: 'local' | 'server' | ((ctx: PluginContext) => SiwxStorage)
}

/** The sessions' storage the host chose (SiwxPluginOptions.storage). */
function createStorage(ctx: PluginContext, storage: SiwxSetupOptions['storage']): SiwxStorage {
  if (typeof storage === 'function') return storage(ctx)
  if (storage !== 'server') return createLocalSiwxStorage(ctx.storage)
  const client = ctx.resolve(BlockchainClientToken)
  if (!client) throw new SiwxServerNotConfiguredError()
  return createServerSiwxStorage(client, ctx.storage)
}

/**
 * The siwx plugin's code, fetched only while its feature is on: the SIWXSignMessage view and
 * the store behind it, and the prompt after a connection or a network switch to a network
 * with no session (SPEC §4).
 */
export function createSiwxSetup(options: SiwxSetupOptions) {
  return (ctx: PluginContext) => {
    registerMessages(ctx, SIWX_MESSAGES)
    const connection = ctx.resolve(ConnectionStoreToken)
    const snackbar = ctx.resolve(SnackbarStoreToken)
    // The sign view is showing because the kit or the host asked: its closing is the visitor's answer.
    let asking = false
    const siwx = ctx.registerStore(
      SiwxStoreToken,
      new SiwxStore({
        connection,
        storage: createStorage(ctx, options.storage),
        required: options.required,
        statement: options.statement,
        // The page signed in to; a kit without a page (Node) has none and is never asked to sign.
        location: { host: globalThis.location?.host ?? '', origin: globalThis.location?.origin ?? '' },
        showError: (message) => snackbar.showError(message),
        close: () => ctx.kit.close(),
        showConnect: () => void ctx.kit.open({ view: 'Connect' }),
        showSignView: async () => {
          asking = true
          await ctx.kit.open({ view: 'SIWXSignMessage' })
        },
      }),
    )
    ctx.contributeState('signedIn', () => siwx.hasSession)
    ctx.contributeState('siwxSession', () => siwx.session)
    ctx.registerRpc('latch_siwxSignOut', async () => (await siwx.signOut(), null))
    ctx.registerView({
      name: 'SIWXSignMessage',
      title: 'siwx.title',
      closable: () => siwx.closable,
      styles: SIWX_STYLES,
      component: lazyView(() => import('./views/SiwxSignMessageView.js'), 'SiwxSignMessageView'),
    })
    // A connection, or a switch, to an account and network with no session asks for one: at
    // once when the modal is closed, else as soon as it closes (the connect flow closes it).
    const modal = ctx.resolve(ModalStoreToken)
    let pending: string | undefined
    const ask = () => {
      if (!pending || pending !== connection.caipAddress || siwx.hasSession) return
      asking = true
      void ctx.kit.open({ view: 'SIWXSignMessage' })
    }
    ctx.onClose(
      reaction(
        () => (connection.isConnected ? connection.caipAddress : undefined),
        async (caipAddress) => {
          pending = undefined
          if (!caipAddress) return
          const signedIn = await siwx.check()
          // Another account or network since: its own run asks, and this one must not overwrite `pending`.
          if (signedIn || caipAddress !== connection.caipAddress) return
          pending = caipAddress
          if (!modal.isOpen) ask()
        },
        { fireImmediately: true },
      ),
    )
    // Signing out while sign-in is required asks again at once.
    ctx.onClose(
      reaction(
        () => siwx.hasSession,
        (has) => {
          if (has || !options.required || !connection.isConnected) return
          pending = connection.caipAddress
          if (!modal.isOpen) ask()
        },
      ),
    )
    ctx.on('modal:closed', () => {
      // Closing the sign view itself is the visitor's answer (signed or cancelled): no new ask.
      if (asking) {
        asking = false
        pending = undefined
        return
      }
      ask()
    })
  }
}
