import { describe, expect, it } from 'vitest'
import { createWalletLink } from './createWalletLink.js'
import { shouldReusePairing } from './shouldReusePairing.js'
import { WalletConnectStore } from './WalletConnectStore.js'

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`

describe('given a wallet link from the catalogue', () => {
  it('builds universal links for http(s)', () => {
    expect(createWalletLink('https://metamask.app.link', URI)).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent(URI)}`)
  })

  it('builds deep links for a registered scheme', () => {
    expect(createWalletLink('metamask://', URI, ['metamask'])).toBe(`metamask://wc?uri=${encodeURIComponent(URI)}`)
    expect(createWalletLink('trust:', URI, ['trust'])).toBe(`trust://wc?uri=${encodeURIComponent(URI)}`)
  })

  it.each(['javascript:alert(1)//', 'data:text/html,<script>', 'JAVASCRIPT:alert(1)', 'unknownwallet://', 'file:///etc/passwd', 'no-scheme', ''])(
    'refuses %j',
    (link) => {
      expect(() => createWalletLink(link, URI, ['metamask', 'javascript', 'data'])).toThrow(
        expect.objectContaining({ code: 'KIT_CHAIN_UNSAFE_LINK' }),
      )
    },
  )
})

describe('given a pairing', () => {
  it('expires after 4 minutes, counting under 10 s left as expired', () => {
    let now = 1_000_000
    const store = new WalletConnectStore(() => now)
    store.setUri(URI)
    expect(store.pairingTopic).toBe('a'.repeat(64))
    now += 4 * 60_000 - 10_001
    expect(store.isPairingExpired()).toBe(false)
    now += 2
    expect(store.isPairingExpired()).toBe(true)
  })

  it('is reused on Telegram and iOS Safari only', () => {
    expect(shouldReusePairing({ Telegram: { WebApp: {} } })).toBe(true)
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
    expect(shouldReusePairing({ navigator: { userAgent: safari } })).toBe(true)
    expect(shouldReusePairing({ navigator: { userAgent: safari.replace('Version/17.0', 'CriOS/120.0') } })).toBe(false)
    expect(shouldReusePairing({ navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36' } })).toBe(false)
  })
})

describe('given a catalogue entry with mobile, desktop and web links', () => {
  it('builds each link and leaves out the unsafe ones', async () => {
    const { walletLinks } = await import('./walletLinks.js')
    expect(
      walletLinks({ mobile_link: 'rainbow://', desktop_link: 'javascript:alert(1)', webapp_link: 'https://app.rainbow.me' }, URI, ['rainbow']),
    ).toEqual({ mobile: `rainbow://wc?uri=${encodeURIComponent(URI)}`, web: `https://app.rainbow.me/wc?uri=${encodeURIComponent(URI)}` })
    expect(walletLinks({ webapp_link: 'rainbow://' }, URI, ['rainbow'])).toEqual({})
  })
})
