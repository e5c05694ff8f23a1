import { when } from 'mobx'
import { describe, expect, it } from 'vitest'
import { PairingExpiredError } from '../../../chains/errors/chain.js'
import { ConnectionRejectedError } from '../../../chains/errors/connection.js'
import { PAIRING_TTL_MS } from '../../../chains/walletconnect/pairingTimes.js'
import { WalletConnectStore } from '../../../chains/walletconnect/WalletConnectStore.js'
import { ConnectFlowStore } from './ConnectFlowStore.js'
import { WalletConnectPairingStore } from './WalletConnectPairingStore.js'

const URI = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`

/**
 * A stand-in for the WalletConnect connector behind ConnectionStore.connect: each attempt
 * shows a fresh URI, then settles as the test says (the relay is exercised in the browser test).
 */
function setup() {
  let clock = 0
  const pairing = new WalletConnectStore(() => clock)
  const attempts: Array<{ id: string; settle(error?: Error): void }> = []
  const flow = new ConnectFlowStore({
    connection: {
      connect: (id) =>
        new Promise<string>((resolve, reject) => {
          pairing.setUri(`${URI}&n=${attempts.length}`)
          attempts.push({ id, settle: (error) => (error ? reject(error) : resolve('eip155:1:0xabc')) })
        }),
    },
    views: { push: () => {} },
  })
  const copied: string[] = []
  const notes: string[] = []
  const store = new WalletConnectPairingStore({
    flow,
    pairing: () => pairing,
    writeText: async (text) => void copied.push(text),
    notify: (message, variant) => void notes.push(`${variant}: ${message}`),
    registeredSchemes: ['rainbow'],
  })
  return { store, flow, pairing, attempts, copied, notes, tick: (ms: number) => (clock += ms) }
}

/** Until the flow has handled its `count`-th failed attempt (what the expiry watch reacts to). */
const failedTimes = (flow: ConnectFlowStore, count: number) => when(() => flow.failures === count)

describe('WalletConnectPairingStore', () => {
  it('starts one WalletConnect attempt, shows its URI and copies it exactly', async () => {
    const { store, flow, attempts, copied, notes } = setup()
    expect(store.uri).toBeUndefined()
    store.ensureStarted()
    store.ensureStarted()
    expect(attempts.map((a) => a.id)).toEqual(['walletConnect'])
    expect(flow.status).toBe('connecting')
    expect(store.uri).toBe(`${URI}&n=0`)
    await store.copyLink()
    expect(copied).toEqual([`${URI}&n=0`])
    // The store says it by message key; the snackbar shows the message ('Link copied').
    expect(notes).toEqual(['success: walletConnect.copied'])
  })

  it('builds http(s) and registered-scheme wallet links and refuses any other', () => {
    const { store } = setup()
    store.ensureStarted()
    const links = store.links({ mobile_link: 'rainbow://', desktop_link: 'javascript:alert(1)//', webapp_link: 'https://web.rainbow.me' })
    expect(links).toEqual({
      mobile: `rainbow://wc?uri=${encodeURIComponent(`${URI}&n=0`)}`,
      web: `https://web.rainbow.me/wc?uri=${encodeURIComponent(`${URI}&n=0`)}`,
    })
    expect(store.links({ mobile_link: 'metamask://' })).toEqual({})
  })

  it('replaces an expired pairing with a fresh one while it watches, and not after', async () => {
    const { store, flow, attempts, pairing, tick } = setup()
    const stop = store.watchExpiry()
    store.ensureStarted()
    tick(PAIRING_TTL_MS - 9_000)
    expect(pairing.isPairingExpired()).toBe(true)
    attempts[0]!.settle(new PairingExpiredError())
    await failedTimes(flow, 1)
    // The fresh attempt starts with the failure itself, so after `stop` its absence is telling.
    expect(attempts).toHaveLength(2)
    expect(flow.status).toBe('connecting')
    expect(store.uri).toBe(`${URI}&n=1`)
    stop()
    attempts[1]!.settle(new PairingExpiredError())
    await failedTimes(flow, 2)
    expect(attempts).toHaveLength(2)
    expect(flow.status).toBe('failed')
  })

  it('leaves a rejected attempt failed with its error for Try again', async () => {
    const { store, flow, attempts } = setup()
    const stop = store.watchExpiry()
    store.ensureStarted()
    attempts[0]!.settle(new ConnectionRejectedError())
    await failedTimes(flow, 1)
    expect(attempts).toHaveLength(1)
    expect(flow.error?.shortMessage).toBe('Connection rejected')
    stop()
  })
})
