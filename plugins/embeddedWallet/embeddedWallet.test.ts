// @vitest-environment happy-dom
// The frame is created on first use; happy-dom holds it (it loads no page: nothing is answered here).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKit } from '../../ui-shell/createKit.js'
import { SnackbarStoreToken } from '../../ui-shell/plugin.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { connectors } from '../connectors/index.js'
import { embeddedWallet, EmbeddedWalletToken } from './index.js'

/** SPEC §8: 'Action not allowed' shows about this long after a refused method. */
const NOT_ALLOWED_DELAY_MS = 300

async function startKit() {
  const kit = createKit({ mountModal: false, storage: createMemoryStorage() }, [
    connectors({ networks: [localEvmNetwork(31337, 'http://127.0.0.1:9')], sources: [] }),
    embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9' }),
  ])
  await kit.ready
  const snackbar = kit.resolve(SnackbarStoreToken)
  const provider = kit.resolve(EmbeddedWalletToken).provider
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  // A method on neither RPC list is refused before it reaches the frame.
  await expect(provider.request({ method: 'eth_coinbase_secret' })).rejects.toMatchObject({ code: 4200 })
  return { kit, snackbar }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('given a method the embedded wallet refuses', () => {
  it("shows 'Action not allowed' shortly after", async () => {
    const { kit, snackbar } = await startKit()
    expect(snackbar.current).toBeUndefined()
    vi.advanceTimersByTime(NOT_ALLOWED_DELAY_MS)
    // The snackbar holds the message key; it shows its English, SPEC §8's 'Action not allowed'.
    expect(snackbar.current).toMatchObject({ message: 'approve.notAllowed', variant: 'error' })
    await kit.dispose()
  })

  it('shows nothing once the plugin closed before the delay ran out', async () => {
    const { kit, snackbar } = await startKit()
    await kit.dispose()
    vi.advanceTimersByTime(NOT_ALLOWED_DELAY_MS)
    expect(snackbar.current).toBeUndefined()
  })
})
