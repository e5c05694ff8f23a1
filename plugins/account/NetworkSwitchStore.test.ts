import { afterEach, describe, expect, it } from 'vitest'
import { localEvmNetwork, localSolanaNetwork } from '../../chains/networks/localNetworks.js'
import { connectTestAccount, DEAD_RPC, type TestAccount } from '../../test/support/connectTestAccount.js'
import { NetworkSwitchStore } from './NetworkSwitchStore.js'
import { englishOf } from '../../test/support/englishOf.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

async function setup(approve?: (method: string) => boolean) {
  account = await connectTestAccount({
    approve,
    networks: [localEvmNetwork(31337, DEAD_RPC), localEvmNetwork(31338, DEAD_RPC), localSolanaNetwork(DEAD_RPC, 'LatchLocaL1111111111111111111111')],
  })
  const moves: string[] = []
  const errors: string[] = []
  const store = new NetworkSwitchStore({
    connection: account.store,
    navigation: {
      push: (view) => void moves.push(`push ${view}`),
      replace: (view) => void moves.push(`replace ${view}`),
      back: () => void moves.push('back'),
      showAccount: () => void moves.push('Account'),
    },
    showError: (m) => void errors.push(englishOf(m)),
  })
  return { store, moves, errors, account }
}

describe('given a wallet connected on eip155:31337', () => {
  it('switches the wallet to 31338 through SwitchNetwork and ends on Account', async () => {
    const { store, moves, account } = await setup()
    store.selectNetwork('eip155:31338')
    expect(store.pending).toBe('eip155:31338')
    await expect.poll(() => moves).toEqual(['push SwitchNetwork', 'Account'])
    expect(account.wallet.chainId).toBe(31338)
    expect(account.store.activeCaipNetworkId).toBe('eip155:31338')
    expect(store.pending).toBeUndefined()
  })

  it('a switch the wallet refuses goes back one view with the error (SPEC §2)', async () => {
    const { store, moves, errors, account } = await setup((method) => method !== 'wallet_switchEthereumChain')
    expect(await store.switchTo('eip155:31338')).toBe(false)
    expect(moves).toEqual(['back'])
    // The catalogue's message for the wallet's 4001 (not the text it threw, nor 'Connection rejected': the connection stands).
    expect(errors).toEqual(['Switch declined'])
    expect(store.failed).toBe(true)
    expect(account.wallet.chainId).toBe(31337)
  })

  it('SwitchNetwork opened by kit.open({ namespace }) starts the switch once (SPEC §2 rule 1)', async () => {
    const { store, moves, account } = await setup()
    store.ensureSwitching('eip155:31338')
    store.ensureSwitching('eip155:31338')
    await expect.poll(() => moves).toEqual(['Account'])
    expect(account.wallet.chainId).toBe(31338)
  })

  it('picking the active network just goes back', async () => {
    const { store, moves } = await setup()
    store.selectNetwork('eip155:31337')
    expect(moves).toEqual(['back'])
  })

  it('a network in a namespace not connected opens SwitchActiveChain, then Connect', async () => {
    const { store, moves, account } = await setup()
    const solana = store.networks.find((n) => n.chainNamespace === 'solana')!.caipNetworkId
    store.selectNetwork(solana)
    expect(moves).toEqual(['push SwitchActiveChain'])
    store.confirmActiveChain(solana)
    await expect.poll(() => moves).toEqual(['push SwitchActiveChain', 'replace Connect'])
    expect(account.store.activeCaipNetworkId).toBe(solana)
  })
})
