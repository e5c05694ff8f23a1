import { definePlugin } from '../../kernel/loader/definePlugin.js'
import './accountViewData.js'

/** Options of the account plugin. */
export interface AccountPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * The account plugin: what a connected visitor sees (SPEC §2). Account with its Tokens and NFTs
 * tabs and its Send and Receive actions (each while its feature is on), Networks, the switch
 * views, UnsupportedChain, ProfileWallets, Send and Receive, and the balance shown by the host's
 * AccountButton. Other plugins add tabs and actions through the shell's AccountTabs and
 * AccountActions slots.
 *
 * @param options - the setup deadline
 * @returns the plugin definition; its code loads on first use
 *
 * @example
 * createKit({ projectId }, [connectors({ networks }), account()])
 */
export const account = (options: AccountPluginOptions = {}) =>
  definePlugin({
    id: 'account',
    requires: ['connectors'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export { AccountStoreToken, NetworkSwitchStoreToken, NftStoreToken, ProfileWalletsStoreToken, SendStoreToken } from './accountTokens.js'
export type { AccountStore } from './AccountStore.js'
export type { SendStore } from './SendStore.js'
export type { NetworkSwitchStore } from './NetworkSwitchStore.js'
export type { NftStore } from './NftStore.js'
export type { NftItem } from './fetchNfts.js'
export type { ProfileWalletsStore, WalletRow } from './ProfileWalletsStore.js'
export type { SwitchTarget } from './accountViewData.js'
export { AccountErrorCodes } from './errors/codes.js'
export { InvalidDecimalError, TokenBalanceUnavailableError } from './errors/account.js'
export { NameResolutionError, SendAmountAndReceiverRequiredError, SendTokenRequiredError } from './errors/send.js'
// For plugins that add to Account (the activity plugin's tab): the amount format the Tokens tab uses.
export { formatTokenAmount } from './format/formatTokenAmount.js'
