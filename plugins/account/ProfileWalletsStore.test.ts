import { afterEach, describe, expect, it } from 'vitest'
import { connectTestAccount, type TestAccount } from '../../test/support/connectTestAccount.js'
import { ProfileWalletsStore } from './ProfileWalletsStore.js'
import { englishOf } from '../../test/support/englishOf.js'

let account: TestAccount | undefined
afterEach(() => account?.dispose())

async function setup() {
  account = await connectTestAccount()
  const events: string[] = []
  const store = new ProfileWalletsStore({
    connection: account.store,
    connectorName: (id) => (id === 'test.wallet' ? 'Test Wallet' : undefined),
    showError: (m) => void events.push(`error ${englishOf(m)}`),
    openConnect: () => void events.push('Connect'),
    onAllDisconnected: () => void events.push('closed'),
  })
  return { store, events, account }
}

describe('given one connected wallet', () => {
  it('lists it as the live connection with its address', async () => {
    const { store, account } = await setup()
    expect(store.rows.map(({ name, namespace, isCurrent, address }) => ({ name, namespace, isCurrent, address }))).toEqual([
      { name: 'Test Wallet', namespace: 'eip155', isCurrent: true, address: account.address },
    ])
  })

  it('27: names the chain in words and shows the wallet\'s icon: the live network while connected, the namespace once disconnected', async () => {
    const { store } = await setup()
    expect(store.rows[0]).toMatchObject({ chainName: 'Latch Local', isCurrent: true })
    await store.disconnect('eip155')
    const icons = new ProfileWalletsStore({
      connection: account!.store,
      connectorName: () => 'Test Wallet',
      connectorIcon: (id) => `https://icons.example/${id}.svg`,
      showError: () => {},
      openConnect: () => {},
      onAllDisconnected: () => {},
    })
    expect(icons.rows[0]).toMatchObject({ chainName: 'Ethereum', icon: 'https://icons.example/test.wallet.svg', isCurrent: false })
  })

  it('disconnecting clears the connection, keeps it out of reconnects and closes the modal', async () => {
    const { store, events, account } = await setup()
    await store.disconnect('eip155')
    expect(account.store.isConnected).toBe(false)
    expect(account.storage.get('connectedConnectorIds')).toEqual({})
    expect(store.rows.every((row) => !row.isCurrent)).toBe(true)
    expect(events).toEqual(['closed'])
  })

  it("a saved connection whose connector is gone gives 'No connector found for connection'", async () => {
    const { store, events } = await setup()
    const ghost = { ...store.rows[0]!, key: 'eip155:gone', connectorId: 'gone', isCurrent: false, connection: { connectorId: 'gone', accounts: [] } }
    await store.switchTo(ghost)
    expect(events).toEqual(['error No connector found for connection'])
  })
})
