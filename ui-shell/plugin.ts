// 'latch/plugin': what plugin authors build with. The shell's extension points (slots), its
// shared components and stores, the services, the language store, and the kernel's contract.
// A host page needs none of it at first paint: the plugins' setups import it once the kit starts.
// It has the host API too, so a plugin imports from one place.
export * from './index.js'
export { ProviderRegistry } from './providers/ProviderRegistry.js'
export { ProviderRegistryToken } from './providers/providerRegistryToken.js'
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
export { ThemeStore } from './theme/ThemeStore.js'
export { ThemeStoreToken } from './theme/themeStoreToken.js'
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
export { definePlugin } from '../kernel/loader/definePlugin.js'
export { createToken, FeatureStoreToken, ModalStoreToken, ViewRegistryToken, ViewStackToken } from '../kernel/token.js'
export type {
  PluginContext,
  PluginDefinition,
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
