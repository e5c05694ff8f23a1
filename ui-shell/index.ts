// The core entry, 'latch': what a host page imports. `createKit` starts the kernel, the
// services and the modal shell from a chunk of their own after the host's first frame, so this
// entry holds only the host API, the React bindings and the buttons. What plugin authors build
// with (extension points, shared components, services, the kernel's contract) is 'latch/plugin'.
export { createKit } from './createKit.js'
export type { LatchKit } from './hostApi/LatchKit.js'
export type { AccountSnapshot, ModalSnapshot, NetworkSnapshot } from './hostApi/readState.js'
export { HOST_EVENTS } from './hostApi/hostEvents.js'
export type { HostEventName, LatchEvent } from './hostApi/hostEvents.js'
export type { KitProviderMap, ProviderNamespace } from './providers/ProviderRegistry.js'
export type { ShellOptions } from './ShellOptions.js'
export type { EmbeddedWalletInfo, KitNetwork, NamespaceAccount, WalletInfo } from './kitState.js'
export type { KitMetadata } from './KitMetadata.js'
export { LatchProvider } from './react/LatchProvider.js'
export type { LatchProviderProps } from './react/LatchProvider.js'
export { useKit } from './react/KitContext.js'
export { useKitState } from './react/useKitState.js'
export {
  useLatchAccount,
  useLatchBalance,
  useLatchDisconnect,
  useLatchEvents,
  useLatchModal,
  useLatchNetwork,
  useLatchProvider,
  useLatchState,
  useLatchWalletInfo,
} from './react/hooks.js'
export { ConnectButton } from './react/ConnectButton.js'
export type { ConnectButtonProps } from './react/ConnectButton.js'
export { AccountButton } from './react/AccountButton.js'
export type { AccountButtonProps } from './react/AccountButton.js'
export { NetworkButton } from './react/NetworkButton.js'
export type { NetworkButtonProps } from './react/NetworkButton.js'
export { THEMES } from './theme/themes.js'
export type { ThemeMode } from './theme/ThemeStore.js'
export { KitError } from '../kernel/errors/base.js'
export { KIT_VERSION } from '../kernel/version.js'
export type { Kit, KitState, KitStateMap, KitEventMap, KitOptions, OpenArgs, FeatureFlags } from '../kernel/index.js'
import './kitState.js'
