import { definePlugin } from '../../kernel/loader/definePlugin.js'
import './swapViewData.js'

/** Options of the swaps plugin. */
export interface SwapsPluginOptions {
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Token swaps through the blockchain service's convert routes (SPEC §7): the Swap action of
 * Account, with the Swap, SwapSelectToken and SwapPreview views (SPEC §2). Quotes, allowance,
 * approval and swap come from the service; each transaction is signed in the visitor's wallet.
 * Swaps run on SPEC §9's 12 eip155 chains and the local ones; elsewhere Swap says 'Network not
 * supported for Swaps'. Gated on the `swaps` feature flag: when it is off, `./setup.js` is never
 * fetched, and turning it off removes the action. Nothing loads before the modal needs it.
 *
 * @param options - the setup deadline
 * @returns the plugin definition; its code loads on first use
 *
 * @example
 * createKit(options, [connectors({ networks }), account(), swaps()])
 */
export const swaps = (options: SwapsPluginOptions = {}) =>
  definePlugin({
    id: 'swaps',
    feature: 'swaps',
    requires: ['connectors', 'account'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: () => import('./setup.js'),
  })

export { SwapStoreToken } from './swapsTokens.js'
export type { SwapStore, SwapTokenRow, StepStatus } from './SwapStore.js'
export type { SwapToken, ConvertTx } from './convertApi.js'
export type { SwapTokenSide } from './swapViewData.js'
export { SwapErrorCodes } from './errors/codes.js'
