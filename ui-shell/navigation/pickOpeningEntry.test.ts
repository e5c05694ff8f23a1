import { describe, expect, it } from 'vitest'
import { pickOpeningEntry, type OpeningContext } from './pickOpeningEntry.js'

const context = (overrides: Partial<OpeningContext> = {}): OpeningContext => ({
  activeNamespace: 'eip155',
  isConnected: false,
  walletConnectOnly: false,
  isMobile: false,
  hasView: () => true,
  ...overrides,
})

describe('pickOpeningEntry (SPEC §2 opening rules)', () => {
  it('rule 1: a different namespace switches network', () => {
    expect(pickOpeningEntry({ namespace: 'solana' }, context({ isConnected: true }))).toEqual({
      view: 'SwitchNetwork',
      data: { namespace: 'solana' },
    })
    expect(pickOpeningEntry({ namespace: 'solana' }, context()).view).toBe('SwitchActiveChain')
    expect(pickOpeningEntry({ namespace: 'eip155' }, context()).view).toBe('Connect')
  })

  it('rule 2: WalletConnect only and not connected: AllWallets on mobile, the basic QR otherwise', () => {
    expect(pickOpeningEntry({}, context({ walletConnectOnly: true, isMobile: true })).view).toBe('AllWallets')
    expect(pickOpeningEntry({}, context({ walletConnectOnly: true })).view).toBe('ConnectingWalletConnectBasic')
    expect(pickOpeningEntry({}, context({ walletConnectOnly: true, isConnected: true })).view).toBe('Account')
  })

  it('rule 3: a requested view that exists', () => {
    expect(pickOpeningEntry({ view: 'Networks', data: 1 }, context())).toEqual({ view: 'Networks', data: 1 })
    expect(pickOpeningEntry({ view: 'Nope' }, context({ hasView: (v) => v !== 'Nope' })).view).toBe('Connect')
  })

  it('rules 4 and 5: Account when connected, else Connect', () => {
    expect(pickOpeningEntry({}, context({ isConnected: true })).view).toBe('Account')
    expect(pickOpeningEntry({}, context()).view).toBe('Connect')
  })
})
