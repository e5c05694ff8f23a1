import { definePlugin } from '../../kernel/loader/definePlugin.js'
import './namesViewData.js'

/** Options of the names plugin. */
export interface NamesPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Account names under `.reown.id` (SPEC §4, §5): RegisterAccountName with suggestions and SPEC §5's
 * rules, the registration signed by the account the embedded wallet connected (approved in its
 * frame), then RegisterAccountNameSuccess; the name becomes the profile name Account, the host's
 * AccountButton and Send show. Account offers "Choose a name" to such an account while it has
 * none. Gated on the `names` feature flag: when it is off, `./setup.js` is never fetched.
 *
 * @param options - the setup deadline
 * @returns the plugin definition; its code loads on first use
 *
 * @example
 * createKit(options, [connectors({ networks }), account(), embeddedWallet({ secureSiteUrl }), email(), names()])
 */
export const names = (options: NamesPluginOptions = {}) =>
  definePlugin({
    id: 'names',
    feature: 'names',
    requires: ['connectors', 'account', 'embeddedWallet'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export { AccountNamesStoreToken, RegisterNameStoreToken } from './namesTokens.js'
export type { RegisterNameStore, NameSession } from './RegisterNameStore.js'
export type { AccountNamesStore } from './AccountNamesStore.js'
export type { NameSuggestion } from './fetchNameSuggestions.js'
export { NamesErrorCodes } from './errors/codes.js'
export {
  AccountNamesError,
  InvalidAccountNameError,
  NameAuthAddressNotFoundError,
  NameInvalidChainIdError,
  NameNetworkNotFoundError,
  NameRegistrationError,
  NameSuggestionsError,
} from './errors/names.js'
export { NameRules, validateAccountName } from './validateAccountName.js'
