// The core entry, 'latch': the kernel with the services, the modal shell, its extension points
// for plugins, and the host API.
export { createKit } from './createKit.js'
export type { LatchKit } from './hostApi/LatchKit.js'
export type { AccountSnapshot, ModalSnapshot, NetworkSnapshot } from './hostApi/readState.js'
export { HOST_EVENTS } from './hostApi/hostEvents.js'
export type { HostEventName, LatchEvent } from './hostApi/hostEvents.js'
export { ProviderRegistry, ProviderRegistryToken } from './providers/ProviderRegistry.js'
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
// Extension points: what plugins fill.
export { SlotRegistry } from './slots/SlotRegistry.js'
export type { SlotEntry } from './slots/SlotRegistry.js'
export { AccountActionsToken, AccountTabsToken, ConnectMethodsToken, StyleSheetsToken } from './slots/slotTokens.js'
export type { AccountAction, AccountTab, ConnectMethod, StyleSheetEntry } from './slots/slotTypes.js'
export { fillSlot, whileFeatureOn } from './slots/fillSlot.js'
export { orderConnectMethods } from './slots/orderConnectMethods.js'
export { lazyView } from './lazyView.js'
export type { ViewProps } from './modal/Modal.js'
export { isMobile } from './shellPlugin.js'
export { SnackbarStoreToken } from './tokens.js'
export { ModalOverlay, ModalOverlayToken } from './modal/ModalOverlay.js'
export { whenIdle } from './whenIdle.js'
export type { SnackbarStore, SnackbarVariant } from './stores/SnackbarStore.js'
export { THEMES } from './theme/themes.js'
export { ThemeStore, ThemeStoreToken } from './theme/ThemeStore.js'
export type { ThemeMode } from './theme/ThemeStore.js'
// Shared components.
export { QrCode } from './components/QrCode.js'
export { EmptyState, ListSkeleton } from './components/ListStates.js'
export type { EmptyStateProps, ListSkeletonProps } from './components/ListStates.js'
export { TokenSelectList } from './components/TokenSelectList.js'
export type { TokenSelectListProps, TokenSelectRow, TokenSelectSection } from './components/TokenSelectList.js'
export { safeImageUrl } from './components/safeImageUrl.js'
export { toWebUrl } from './components/toWebUrl.js'
export { shortAddress } from './react/shortAddress.js'
// Services.
export { ApiClientToken, BlockchainClientToken, EventReporterToken } from './services/servicesPlugin.js'
export type { HttpClient, RequestOptions } from './services/createHttpClient.js'
export { assetImageUrl } from './services/assetImageUrl.js'
export type { EventReporter, ErrorReport } from './services/createEventReporter.js'
export { trackBusEvents } from './services/trackBusEvents.js'
export { modalAnalyticsEvents } from './services/modalAnalyticsEvents.js'
export type { AnalyticsMapping } from './services/modalAnalyticsEvents.js'
export { Alerts } from './services/alerts.js'
export { AlertStore, AlertStoreToken } from './services/AlertStore.js'
export type { Alert } from './services/AlertStore.js'
export { DEFAULT_FEATURES, REMOTE_FEATURES } from './services/featureDefaults.js'
export { ShellErrorCodes } from './errors/codes.js'
export {
  HttpAbortedError,
  HttpNetworkError,
  HttpNotConfiguredError,
  HttpStatusError,
  HttpTimeoutError,
  RateLimitedError,
  ServerError,
} from './errors/http.js'
export { NoKitProviderError } from './errors/shell.js'
// The kernel's contract, for plugin authors.
export {
  definePlugin,
  createToken,
  KitError,
  KIT_VERSION,
  FeatureStoreToken,
  ModalStoreToken,
  ViewRegistryToken,
  ViewStackToken,
} from '../kernel/index.js'
export type {
  Kit,
  KitOptions,
  KitState,
  KitStateMap,
  KitEventMap,
  OpenArgs,
  PluginContext,
  PluginDefinition,
  FeatureFlags,
  Token,
  ViewDataMap,
  ViewDefinition,
  StorageItemMap,
} from '../kernel/index.js'
import './kitState.js'
export { PSEUDO_LOCALE } from './i18n/pseudoLocale.js'
export type { I18nStore, Catalogue, CatalogueLoader, MessageOverrides, StoreText } from './i18n/I18nStore.js'
export type { Message, Messages, MessageValues } from './i18n/formatMessage.js'
export { I18nStoreToken } from './i18n/i18nToken.js'
export { useI18n } from './i18n/useI18n.js'
export { registerMessages } from './i18n/registerMessages.js'
export { catalogue, SHIPPED_LOCALES } from './i18n/catalogue.js'
export { shippedLocaleOf } from './i18n/shippedLocaleOf.js'
export { formatLocale } from './i18n/activeLocale.js'
export { formatMoneyText } from './i18n/formatMoneyText.js'
