import { definePlugin } from '../../kernel/loader/definePlugin.js'
import type { AccountTypeName } from '../../chains/auth/frameProtocol.js'

/** Options of the embedded wallet plugin. */
export interface EmbeddedWalletPluginOptions {
  /** The secure site, on its own origin (the reference backend serves it on the port after the page's). */
  secureSiteUrl: string
  /** The account type asked for on eip155 (SPEC §4 default: smartAccount; the frame may offer only eoa). */
  preferredAccountType?: AccountTypeName
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * The embedded wallet (SPEC §1, §7): an AUTH connector for eip155 whose keys live on the secure
 * site, reached through a hidden frame on that site's origin. Email and social login log in
 * through it; the host's provider then signs and sends through it, the visitor approving each
 * request inside the frame (ApproveTransaction). The frame loads only when a login method is
 * shown or a saved session is restored.
 *
 * @example
 * createKit(options, [connectors({ networks }), connect(), embeddedWallet({ secureSiteUrl }), email()])
 */
export const embeddedWallet = (options: EmbeddedWalletPluginOptions) =>
  definePlugin({
    id: 'embeddedWallet',
    requires: ['connectors'],
    setupTimeoutMs: options.setupTimeoutMs,
    load: async () => {
      const { createEmbeddedWalletSetup } = await import('./setup.js')
      return { default: createEmbeddedWalletSetup({ secureSiteUrl: options.secureSiteUrl, preferredAccountType: options.preferredAccountType ?? 'smartAccount' }) }
    },
  })

export { EmbeddedWalletToken, AUTH_CONNECTOR_ID } from './embeddedWalletTokens.js'
export { connectAuthAccount } from './connectAuthAccount.js'
export type { EmbeddedWallet } from './EmbeddedWallet.js'
