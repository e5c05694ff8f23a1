import { describe, expect, it } from 'vitest'
import type { KitConnector } from '../../../chains/connectors/KitConnector.js'
import { buildWalletList, type WalletListInput, type WalletSection } from './buildWalletList.js'

const metamask: KitConnector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' } }
const walletConnect: KitConnector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
const browserWallet: KitConnector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' }
const ledger: KitConnector = { id: 'ledger', name: 'Ledger', type: 'EXTERNAL', chain: 'eip155' }
const wallet = (id: string, name: string, rdns?: string) => ({ id, name, rdns })

const input = (overrides: Partial<WalletListInput> = {}): WalletListInput => ({
  connectors: [walletConnect, metamask, ledger],
  recent: [],
  featured: [],
  custom: [],
  recommended: [],
  excludedIds: [],
  isMobile: false,
  ...overrides,
})

const keys = (overrides: Partial<WalletListInput>) => buildWalletList(input(overrides)).map((item) => item.key)

describe('buildWalletList (SPEC §2, §5)', () => {
  it('orders sections walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(
      keys({
        recent: [wallet('rainbow', 'Rainbow')],
        featured: [wallet('trust', 'Trust Wallet')],
        custom: [wallet('mine', 'My Wallet')],
        recommended: [wallet('zerion', 'Zerion')],
      }),
    ).toEqual([
      'wc:walletConnect',
      'recent:rainbow',
      'injected:eip155:io.metamask',
      'featured:trust',
      'custom:mine',
      'external:eip155:ledger',
      'recommended:zerion',
    ])
  })

  it('removes detected and recent wallets from featured and recommended', () => {
    expect(
      keys({
        connectors: [metamask],
        recent: [wallet('rainbow', 'Rainbow')],
        featured: [wallet('c57ca95b', 'MetaMask', 'io.metamask'), wallet('rainbow', 'Rainbow')],
        recommended: [wallet('metamask2', 'Meta Mask'), wallet('zerion', 'Zerion')],
      }),
    ).toEqual(['recent:rainbow', 'injected:eip155:io.metamask', 'recommended:zerion'])
  })

  it('hides excluded wallets everywhere and keeps at most two recent and four recommended', () => {
    const list = keys({
      connectors: [metamask],
      excludedIds: ['io.metamask', 'b'],
      recent: [wallet('a', 'A'), wallet('b', 'B'), wallet('c', 'C'), wallet('d', 'D')],
      recommended: ['e', 'f', 'g', 'h', 'i'].map((id) => wallet(id, id.toUpperCase())),
    })
    expect(list).toEqual(['recent:a', 'recent:c', 'recommended:e', 'recommended:f', 'recommended:g', 'recommended:h'])
  })

  it("shows 'Browser Wallet' only on mobile with an installed wallet", () => {
    expect(keys({ connectors: [browserWallet, metamask] })).toEqual(['injected:eip155:io.metamask'])
    expect(keys({ connectors: [browserWallet, metamask], isMobile: true })).toEqual([
      'injected:eip155:injected',
      'injected:eip155:io.metamask',
    ])
    expect(keys({ connectors: [browserWallet], isMobile: true })).toEqual([])
  })

  it('follows a host-given section order', () => {
    expect(keys({ order: ['external', 'walletConnect'] })).toEqual(['external:eip155:ledger', 'wc:walletConnect'])
  })

  it('skips a section a host order names that does not exist', () => {
    expect(keys({ order: ['injected', 'wallets' as WalletSection] })).toEqual(['injected:eip155:io.metamask'])
  })
})
