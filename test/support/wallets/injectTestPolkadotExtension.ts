import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'

/**
 * Injects a real Polkadot extension into `window.injectedWeb3` for tests: an sr25519 keyring
 * pair that signs raw payloads the way extensions do (wrapped in <Bytes>…</Bytes>).
 */
export async function injectTestPolkadotExtension(options: { name?: string; mnemonic?: string; approve?: () => boolean } = {}) {
  await cryptoWaitReady()
  const name = options.name ?? 'latch-test-polkadot'
  const pair = new Keyring({ type: 'sr25519', ss58Format: 0 }).addFromUri(options.mnemonic ?? '//Alice')
  let nextId = 1
  const win = globalThis as unknown as { injectedWeb3?: Record<string, unknown> }
  win.injectedWeb3 = win.injectedWeb3 ?? {}
  win.injectedWeb3[name] = {
    version: '1.0.0',
    async enable(_origin: string) {
      if (options.approve && !options.approve()) throw new Error('Rejected')
      const list = [{ address: pair.address, name: 'Test', type: 'sr25519' }]
      return {
        accounts: {
          get: async () => list,
          subscribe: (cb: (accounts: typeof list) => void) => {
            cb(list)
            return () => {}
          },
        },
        signer: {
          async signRaw({ address, data }: { address: string; data: string; type: string }) {
            if (address !== pair.address) throw new Error('Unknown account')
            return { id: nextId++, signature: u8aToHex(pair.sign(u8aWrapBytes(data))) }
          },
        },
      }
    },
  }
  return { name, address: pair.address, remove: () => delete win.injectedWeb3![name] }
}
