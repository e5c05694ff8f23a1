// The core entry, 'latch': the kernel with the modal shell and the host API.
export { createKit } from './createKit.js'
export type { ShellOptions } from './shellPlugin.js'
export { LatchProvider } from './react/LatchProvider.js'
export type { LatchProviderProps } from './react/LatchProvider.js'
export { useKit } from './react/KitContext.js'
export { useKitState } from './react/useKitState.js'
export { useLatchAccount, useLatchDisconnect, useLatchModal, useLatchNetwork } from './react/hooks.js'
export { ConnectButton } from './react/ConnectButton.js'
export type { ConnectButtonProps } from './react/ConnectButton.js'
export { AccountButton } from './react/AccountButton.js'
export type { AccountButtonProps } from './react/AccountButton.js'
export { NetworkButton } from './react/NetworkButton.js'
export type { NetworkButtonProps } from './react/NetworkButton.js'
export { SnackbarStoreToken, WalletCatalogStoreToken } from './tokens.js'
export type { SnackbarStore, SnackbarVariant } from './stores/SnackbarStore.js'
export type { WalletCatalogStore } from './catalog/WalletCatalogStore.js'
export type { WalletListing } from './catalog/WalletListing.js'
export type { ViewProps } from './modal/Modal.js'
export { THEMES } from './theme/themes.js'
export { ThemeStore, ThemeStoreToken } from './theme/ThemeStore.js'
export type { ThemeMode } from './theme/ThemeStore.js'
export {
  definePlugin,
  createToken,
  KitError,
  Alerts,
  DEFAULT_FEATURES,
  KIT_VERSION,
} from '../kernel/index.js'
export type {
  Kit,
  KitOptions,
  KitState,
  KitEventMap,
  OpenArgs,
  PluginContext,
  PluginDefinition,
  FeatureFlags,
  Token,
} from '../kernel/index.js'
