import { reaction } from 'mobx'
import { ModalStoreToken, ViewStackToken, type PluginContext } from '../../kernel/index.js'
import { AccountActionsToken, ConnectMethodsToken, fillSlot, lazyView, SnackbarStoreToken, StyleSheetsToken } from '../../ui-shell/plugin.js'
import { DeviceShareMissingError } from '../../chains/auth/errors.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { connectAuthAccount } from './connectAuthAccount.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'
import { AUTH_CONNECTOR_ID, PasskeysOfferedToken, PasskeyStoreToken } from './embeddedWalletTokens.js'
import { PasskeyStore, type PasskeyTask } from './PasskeyStore.js'
import { PasskeySection } from './views/PasskeySection.js'
import { PASSKEY_METHOD_STYLES, PASSKEY_STYLES } from './views/passkeyStyles.js'
import { PASSKEY_TITLES } from './views/passkeyTitles.js'

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    Passkey: { task: PasskeyTask }
  }
}

// What the backend's secure site offers (server/config/remoteConfigAnswer.ts): only an explicit `true`
// shows passkeys, so a backend that does not know them never gets a button it cannot serve.
declare module '../../kernel/features/defaults.js' {
  interface FeatureFlags {
    /** Passkey login, recovery and key export on the secure site (key shares on). */
    passkeys?: boolean
  }
}

/** Account's passkey rows, after 'Account type' (40) and before 'Update email' (60). */
const RECOVER_ORDER = 42
const ADD_PASSKEY_ORDER = 44
const EXPORT_KEY_ORDER = 46

/**
 * Passkeys in the modal (issue 26, server/secureSite/KEY_SHARES.md), where the backend offers
 * them: Connect's "Continue with a passkey"; on Account, while the embedded wallet is connected,
 * "Add a passkey" (then "Protected by a passkey"), "Export private key", and "Recover with
 * passkey" once a signature found this device without the wallet's key share. Each runs in the
 * Passkey view, which shows the frame for its "Continue in a secure window" click.
 *
 * @returns what the wallet's hooks call when a signature lacks this device's key share
 */
export function setupPasskeys(ctx: PluginContext, wallet: () => EmbeddedWallet): { onDeviceShareMissing(): void } {
  const connection = ctx.resolve(ConnectionStoreToken)
  const modal = ctx.resolve(ModalStoreToken)
  const stack = ctx.resolve(ViewStackToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const offered = () => ctx.features().passkeys === true
  ctx.provide(PasskeysOfferedToken, offered)
  const passkeys = ctx.registerStore(
    PasskeyStoreToken,
    new PasskeyStore({
      auth: () => wallet().provider,
      connect: () => connectAuthAccount(connection),
      onConnected: () => ctx.kit.close(),
    }),
  )
  ctx.registerView({
    name: 'Passkey',
    title: (data) => PASSKEY_TITLES[data.task],
    component: lazyView(() => import('./views/PasskeyView.js'), 'PasskeyView'),
    styles: PASSKEY_STYLES,
  })
  fillSlot(ctx, ConnectMethodsToken, { id: 'passkey', component: PasskeySection })
  fillSlot(ctx, StyleSheetsToken, { id: 'passkey', css: PASSKEY_METHOD_STYLES })

  const actions = ctx.resolve(AccountActionsToken)
  let removeActions: Array<() => void> = []
  const rows = () => {
    const embedded = connection.activeAccountState?.connectedWalletInfo?.id === AUTH_CONNECTOR_ID && wallet().channel !== undefined
    if (!offered() || !embedded) return { shown: false, protectedByPasskey: false, recover: false }
    return { shown: true, protectedByPasskey: passkeys.hasPasskey, recover: passkeys.deviceShareMissing }
  }
  ctx.onClose(
    reaction(
      rows,
      ({ shown, protectedByPasskey, recover }) => {
        for (const remove of removeActions) remove()
        removeActions = []
        if (!shown) return passkeys.forget()
        if (recover) removeActions.push(actions.add({ id: 'recover-passkey', label: 'passkey.action.recover', view: 'Passkey', data: { task: 'recover' }, order: RECOVER_ORDER }))
        const label = protectedByPasskey ? 'passkey.action.protected' : 'passkey.action.add'
        removeActions.push(actions.add({ id: 'add-passkey', label, view: 'Passkey', data: { task: 'add' }, order: ADD_PASSKEY_ORDER }))
        removeActions.push(actions.add({ id: 'export-key', label: 'passkey.action.export', view: 'Passkey', data: { task: 'export' }, order: EXPORT_KEY_ORDER }))
      },
      { fireImmediately: true, equals: (a, b) => a.shown === b.shown && a.protectedByPasskey === b.protectedByPasskey && a.recover === b.recover },
    ),
  )
  ctx.onClose(() => removeActions.forEach((remove) => remove()))

  return {
    onDeviceShareMissing() {
      passkeys.markDeviceShareMissing()
      if (!offered()) return
      // A wallet known to have a passkey gets the prompt at once; otherwise Account offers the row,
      // and the frame answers NO_PASSKEY in the catalogue's words if none protects the wallet.
      if (!passkeys.hasPasskey) return snackbar.showError(new DeviceShareMissingError())
      if (modal.isOpen) stack.push('Passkey', { task: 'recover' })
      else void ctx.kit.open({ view: 'Passkey', data: { task: 'recover' } })
    },
  }
}
