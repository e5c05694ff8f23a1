import { describe, expect, it } from 'vitest'
import type UniversalProvider from '@walletconnect/universal-provider'
import { PEER_NAME_MAX, peerWalletOf } from './peerWalletOf.js'

const peer = (metadata: unknown) => peerWalletOf({ session: { peer: { metadata } } } as unknown as UniversalProvider)

describe('given a WalletConnect peer’s metadata, which the peer writes', () => {
  it('keeps a normal name and its https or small data:image icon', () => {
    expect(peer({ name: ' Friendly  Wallet ', icons: ['https://wallet.example/icon.png'] })).toEqual({ name: 'Friendly Wallet', icon: 'https://wallet.example/icon.png' })
    expect(peer({ name: 'W', icons: ['data:image/png;base64,AAAA'] })).toEqual({ name: 'W', icon: 'data:image/png;base64,AAAA' })
  })

  it('cuts a long name with an ellipsis, never inside a character', () => {
    const name = peer({ name: `${'😀'.repeat(100)}`, icons: [] })!.name
    expect([...name]).toHaveLength(PEER_NAME_MAX)
    expect(name.endsWith('😀…')).toBe(true)
  })

  it('drops control and direction characters from the name', () => {
    expect(peer({ name: 'Safe\u202eWallet\u0000', icons: [] })?.name).toBe('SafeWallet')
  })

  it('refuses script, plain http, large data and non-string icons, and survives icons of any type', () => {
    expect(peer({ name: 'X', icons: ['javascript:alert(1)', 'data:text/html,<script>1</script>', 'http://evil.example/i.png', `data:image/png;base64,${'A'.repeat(70_000)}`, 42] })?.icon).toBeUndefined()
    expect(peer({ name: 'X', icons: 'https://wallet.example/icon.png' })).toEqual({ name: 'X', icon: undefined })
  })

  it('gives no wallet for a missing or non-string name, or metadata of another type', () => {
    expect(peer({ name: 7 })).toBeUndefined()
    expect(peer({ name: '\u202e ' })).toBeUndefined()
    expect(peer('metadata')).toBeUndefined()
    expect(peer(undefined)).toBeUndefined()
  })
})
