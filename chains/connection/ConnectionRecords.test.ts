import { describe, expect, it } from 'vitest'
import { createStorage } from '../../kernel/index.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { localEvmNetwork } from '../networks/localNetworks.js'
import type { Account } from '../adapter/ChainAdapter.js'
import { ConnectionRecords } from './ConnectionRecords.js'
import { NATIVE_BALANCE_CACHE_TTL_MS } from './connectionStorage.js'

const ALICE: Account = { namespace: 'eip155', address: '0x1111111111111111111111111111111111111111', type: 'eoa' }
const BOB: Account = { namespace: 'eip155', address: '0x2222222222222222222222222222222222222222', type: 'smartAccount' }
/** What a connection keeps of an account: its address and type. */
const kept = ({ address, type }: Account) => ({ address, type })

/** Records over a fresh in-memory storage; a second ConnectionRecords on `backend` is the next visit. */
function fresh() {
  const backend = createMemoryStorage()
  const open = () => new ConnectionRecords(createStorage({ backend }))
  return { backend, records: open(), reopen: open }
}

describe('ConnectionRecords', () => {
  it('reuses a native balance for 30 s, per account and network, and not a moment longer (SPEC §9)', () => {
    const backend = createMemoryStorage()
    let now = 1_000_000
    const records = new ConnectionRecords(createStorage({ backend, now: () => now }))
    const alice = `eip155:31337:${ALICE.address}`
    records.saveNativeBalance(alice, { formatted: '1.5', symbol: 'ETH' })
    now += NATIVE_BALANCE_CACHE_TTL_MS - 1
    const next = new ConnectionRecords(createStorage({ backend, now: () => now }))
    expect(next.nativeBalance(alice)).toEqual({ formatted: '1.5', symbol: 'ETH' })
    expect(next.nativeBalance(`eip155:1:${ALICE.address}`)).toBeUndefined()
    expect(next.nativeBalance(`eip155:31337:${BOB.address}`)).toBeUndefined()
    now += 1
    expect(next.nativeBalance(alice)).toBeUndefined()
  })

  it('keeps a connection for the next visit, newest connector first, with the active network and status', () => {
    const { records, reopen } = fresh()
    records.saveConnected('eip155', 'io.metamask', [ALICE], { namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    const list = records.saveConnected('eip155', 'walletConnect', [BOB], { namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    expect(list.map((c) => c.connectorId)).toEqual(['walletConnect', 'io.metamask'])
    const next = reopen()
    expect(next.connectorIds()).toEqual({ eip155: 'walletConnect' })
    expect(next.connections().eip155?.[1]).toEqual({ connectorId: 'io.metamask', accounts: [kept(ALICE)] })
    expect(next.activeCaipNetworkId()).toBe('eip155:31337')
  })

  it('forgets a namespace; a disconnect by the visitor is remembered until that connector connects again', () => {
    const { records, backend } = fresh()
    records.saveConnected('eip155', 'io.metamask', [ALICE], { namespace: 'eip155' })
    records.forget('eip155', 'io.metamask', true)
    expect(records.connectorIds()).toEqual({})
    const disconnected = () => JSON.parse(backend.getItem('@latch/disconnectedConnectorIds')!)
    expect(disconnected()).toEqual({ eip155: ['io.metamask'] })
    records.saveConnected('eip155', 'io.metamask', [ALICE], { namespace: 'eip155' })
    expect(disconnected()).toEqual({ eip155: [] })
  })

  it('reads corrupt or foreign values as nothing saved', () => {
    const { backend, reopen } = fresh()
    backend.setItem('@latch/connectedConnectorIds', '{"eip155": 42}')
    backend.setItem('@latch/connections', 'not json')
    backend.setItem('@latch/recentWallets', JSON.stringify([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }]))
    const records = reopen()
    expect(records.connectorIds()).toEqual({})
    expect(records.connections()).toEqual({})
    // SPEC §5: at most two recent wallets; a longer list is not ours.
    expect(records.recentWallets()).toBeUndefined()
  })

  it('keeps the preferred account type, the active network and the recent wallets', () => {
    const { records, reopen } = fresh()
    records.savePreferredAccountType('eip155', 'smartAccount')
    records.saveActiveNetwork(localEvmNetwork(31338, 'http://127.0.0.1:9'))
    records.saveRecentWallets([{ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }, { id: 'walletConnect', name: 'WalletConnect' }])
    const next = reopen()
    expect(next.preferredAccountType('eip155')).toBe('smartAccount')
    expect(next.preferredAccountType('solana')).toBeUndefined()
    expect(next.activeCaipNetworkId()).toBe('eip155:31338')
    expect(next.recentWallets()).toEqual([{ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }, { id: 'walletConnect', name: 'WalletConnect' }])
  })
})
