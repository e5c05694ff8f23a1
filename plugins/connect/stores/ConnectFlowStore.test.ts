import { describe, expect, it } from 'vitest'
import { ConnectionRejectedError } from '../../../chains/errors/connection.js'
import type { ViewEntry } from '../../../kernel/index.js'
import { ConnectFlowStore, type Connector } from './ConnectFlowStore.js'

/** A flow over a stand-in connection store, recording the views it shows. */
function setup(connect: Connector['connect']) {
  const shown: ViewEntry[] = []
  const flow = new ConnectFlowStore({ connection: { connect }, views: { push: (view, data) => void shown.push({ view, data }) } })
  return { flow, shown }
}

describe('ConnectFlowStore', () => {
  it('connects and reports connected', async () => {
    const calls: unknown[] = []
    const { flow } = setup(async (...args) => (calls.push(args), 'eip155:1:0xabc'))
    expect(await flow.start('io.metamask', 'eip155')).toBe(true)
    expect(flow.status).toBe('connected')
    expect(calls).toEqual([['io.metamask', { namespace: 'eip155' }]])
  })

  it('keeps the error the wallet gave and retries the same connector', async () => {
    let reject = true
    const { flow } = setup(async () => {
      if (reject) throw new ConnectionRejectedError()
      return 'eip155:1:0xabc'
    })
    expect(await flow.start('io.metamask')).toBe(false)
    expect(flow.status).toBe('failed')
    expect(flow.error?.shortMessage).toBe('Connection rejected')
    reject = false
    expect(await flow.retry()).toBe(true)
    expect(flow.status).toBe('connected')
    expect(flow.error).toBeUndefined()
  })

  it('ignores the outcome of an attempt that a newer one replaced', async () => {
    let finishFirst!: () => void
    let calls = 0
    const { flow } = setup(() =>
      ++calls === 1
        ? new Promise<string>((_resolve, reject) => (finishFirst = () => reject(new ConnectionRejectedError())))
        : Promise.resolve('eip155:1:0xabc'),
    )
    const first = flow.start('a')
    await flow.start('b')
    finishFirst()
    await first
    expect(flow.status).toBe('connected')
    expect(flow.connectorId).toBe('b')
  })
})

describe('given a visitor picking a wallet', () => {
  it('connects a picked connector in ConnectingExternal, already connecting when the view shows', async () => {
    const calls: unknown[] = []
    const { flow, shown } = setup(async (...args) => (calls.push(args), 'eip155:1:0xabc'))
    const connected = flow.selectConnector({ id: 'io.metamask', type: 'ANNOUNCED', chain: 'eip155' })
    expect(flow.status).toBe('connecting')
    expect(shown).toEqual([{ view: 'ConnectingExternal', data: { connectorId: 'io.metamask', chain: 'eip155' } }])
    expect(await connected).toBe(true)
    expect(calls).toEqual([['io.metamask', { namespace: 'eip155' }]])
  })

  it('pairs the WalletConnect connector in the QR view', async () => {
    const { flow, shown } = setup(async () => 'eip155:1:0xabc')
    await flow.selectConnector({ id: 'walletConnect', type: 'WALLET_CONNECT', chain: 'eip155' })
    expect(shown).toEqual([{ view: 'ConnectingWalletConnect', data: {} }])
    expect(flow.connectorId).toBe('walletConnect')
  })

  it('pairs a catalogue wallet over WalletConnect, in the QR view with that wallet, which is the one remembered as recent', async () => {
    const calls: unknown[] = []
    const { flow, shown } = setup(async (...args) => (calls.push(args), 'eip155:1:0xabc'))
    const wallet = { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow://' }
    expect(await flow.selectCatalogueWallet(wallet)).toBe(true)
    expect(shown).toEqual([{ view: 'ConnectingWalletConnect', data: { wallet } }])
    expect(calls).toEqual([['walletConnect', { wallet: { id: 'rainbow', name: 'Rainbow' } }]])
    // Trying again pairs for the same wallet.
    await flow.retry()
    expect(calls.at(-1)).toEqual(['walletConnect', { wallet: { id: 'rainbow', name: 'Rainbow' } }])
  })
})
