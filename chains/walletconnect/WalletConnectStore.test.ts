import { describe, expect, it } from 'vitest'
import { WalletConnectStore } from './WalletConnectStore.js'

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`

describe('the link choice of a WalletConnect pairing (SPEC §3 deeplink choice)', () => {
  it('is kept only once the pairing it was made for is approved, as its base link', () => {
    const store = new WalletConnectStore()
    store.setUri(URI)
    expect(store.chooseLink({ name: 'Rainbow', href: 'rainbow:' }, ['rainbow'])).toBe(true)
    expect(store.linkChoice).toBeUndefined()
    store.setStatus('approved')
    expect(store.linkChoice).toEqual({ name: 'Rainbow', href: 'rainbow://' })
    store.clear()
    expect(store.linkChoice).toBeUndefined()
  })

  it('is dropped by a pairing that expires before approval', () => {
    const store = new WalletConnectStore()
    store.setUri(URI)
    store.chooseLink({ name: 'Wallet', href: 'https://wallet.example' })
    store.setStatus('expired')
    store.setStatus('approved')
    expect(store.linkChoice).toBeUndefined()
  })

  it.each(['javascript:alert(1)//', 'data:text/html,x', 'evil://', 'no-scheme'])('never keeps %j, chosen or restored', (href) => {
    const store = new WalletConnectStore()
    store.setUri(URI)
    expect(store.chooseLink({ name: 'x', href }, ['rainbow'])).toBe(false)
    store.setStatus('approved')
    expect(store.linkChoice).toBeUndefined()
    expect(store.restoreLinkChoice({ name: 'x', href }, ['rainbow'])).toBe(false)
    expect(store.linkChoice).toBeUndefined()
  })
})
