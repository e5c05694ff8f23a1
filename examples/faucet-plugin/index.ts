// A third-party plugin: a test-funds faucet. Written only against Latch's public entries
// ('latch', 'latch/kernel', 'latch/plugins/connectors'), as a package outside this repository
// would be. Library code never imports it.
import { definePlugin } from 'latch/plugin'
import type { FaucetOptions } from './FaucetOptions.js'
import './declarations.js'

/**
 * The faucet plugin: a 'Get test funds' row on Connect, a 'Faucet' action on Account, and the
 * Faucet view, which asks the host's faucet service to fund the connected EVM address.
 * Gated on the `faucet` feature flag, which remote configuration may turn off and on live.
 *
 * @param options - the faucet service's URL and what one request gives
 * @returns the plugin definition; its code (setup, views, styles) loads only when the flag is on
 * @example
 * createKit({ projectId }, [connectors({ networks, sources }), connect(), account(), faucet({ url: 'https://faucet.example/fund' })])
 */
export function faucet(options: FaucetOptions) {
  return definePlugin({
    id: 'faucet',
    version: '0.1.0',
    feature: 'faucet',
    // The connected address comes from the connectors plugin's store: declared, never discovered.
    requires: ['connectors'],
    load: async () => {
      const { createFaucetSetup } = await import('./setupFaucet.js')
      return { default: createFaucetSetup(options) }
    },
  })
}

export { FaucetRequestError, FaucetErrorCodes } from './errors.js'
export type { FaucetOptions } from './FaucetOptions.js'
