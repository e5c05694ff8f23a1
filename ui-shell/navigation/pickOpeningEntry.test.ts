import { describe, expect, it } from 'vitest'
import { pickOpeningEntry, type OpeningContext } from './pickOpeningEntry.js'

const context = (overrides: Partial<OpeningContext> = {}): OpeningContext => ({
  activeNamespace: 'eip155',
  connectedNamespaces: [],
  defaultNetworkByNamespace: { eip155: 'eip155:1', solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  isConnected: false,
  walletConnectOnly: false,
  isMobile: false,
  hasView: () => true,
  ...overrides,
})

// The rules alone; `test/browser/hostApi.test.ts` proves them through a real kit.
describe('pickOpeningEntry (SPEC §2 opening rules)', () => {
  it('rule 1: a namespace that is connected but not active switches network to its first network', () => {
    const connected = context({ isConnected: true, connectedNamespaces: ['eip155', 'solana'] })
    expect(pickOpeningEntry({ namespace: 'solana' }, connected)).toEqual({
      view: 'SwitchNetwork',
      data: { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    })
  })

  it('rule 1: a namespace that is not connected switches the active chain, even while another is', () => {
    const onEvm = context({ isConnected: true, connectedNamespaces: ['eip155'] })
    expect(pickOpeningEntry({ namespace: 'solana' }, onEvm).view).toBe('SwitchActiveChain')
    expect(pickOpeningEntry({ namespace: 'eip155' }, context()).view).toBe('Connect')
    expect(pickOpeningEntry({ namespace: 'cosmos' }, context()).view).toBe('Connect')
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
