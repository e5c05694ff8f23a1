import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther, stringToHex, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { answerWalletCard } from '../support/approveInWalletFrame.js'
import { FRAME_WAIT, cardRows, frameRequest, logInThroughFrame, openFrameHostPage, startFrameHost } from './frameHost.js'
import { balanceOf, fundFromDevAccount } from '../support/localChainFunds.js'

// Issue 26, "Approvals that a page cannot fake": where a signature counts. A host page on an
// allowed origin (Chromium, real backend and chains) moves the signed-in wallet to another chain,
// and asks for a sign-in message made for another site. Each case first plays the honest path
// (the visitor approves the switch and the ETH arrives on the new chain; a sign-in for the page's
// own domain is shown and signed), then the attack: a switch the visitor did not approve leaves
// the wallet where it was, a transaction for the other chain is refused and the balances on
// chain do not move, and a sign-in for another domain is refused before any card.
/** The dev account that funds this file's users (each file its own, so nonces never race). */
const FUNDER_INDEX = 6
const FRIEND: Address = '0x00000000000000000000000000000000000f1e2d'
const ATTACKER: Address = '0x000000000000000000000000000000000000a77b'

let backend: RunningBackend
let browser: Browser
let host: TestHttpServer

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ dev: true, rateLimit: false }), launchBrowser()])
  host = await startFrameHost(backend, 'signing-context-host')
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await host?.close()
  await backend?.close()
})

const chain = (chainId: number) => backend.deployment.evm.find((evm) => evm.chainId === chainId)!
const balance = (chainId: number, address: Address) => balanceOf(chain(chainId).rpcUrl, address, chainId)
const fundOn = (chainId: number, to: Address, ether: string) => fundFromDevAccount(chain(chainId).rpcUrl, to, ether, { addressIndex: FUNDER_INDEX, chainId })

const card = (page: Page) => page.frameLocator('iframe').locator('#approval')

describe('26: a page cannot move the wallet to another chain, or sign the visitor in elsewhere, without them', () => {
  it('asks before a network switch: approved, the ETH goes out on the new chain; declined, the wallet stays and a transaction for that chain is refused', async () => {
    // The honest path: the switch is asked on the card, approved, and the next card names the new chain.
    const honest = await openFrameHostPage(browser, host)
    const request = (type: string, payload?: unknown) => frameRequest(honest, backend, type, payload)
    const { eoa } = await logInThroughFrame(honest, backend, 'switch-honest')
    await fundOn(31338, eoa, '1')
    const switching = request('SWITCH_NETWORK', { chainId: 31338 })
    await page(honest).getByRole('dialog', { name: 'Switch network' }).waitFor(FRAME_WAIT)
    expect(await cardRows(honest)).toEqual([
      ['From', 'Local chain 31337'],
      ['To', 'Local chain 31338'],
      ['Account', expect.stringMatching(/^0x[0-9a-fA-F]{40}$/)],
    ])
    await answerWalletCard(page(honest), 'Approve')
    expect(await switching).toEqual({ ok: true, payload: { chainId: 31338 } })
    const friendBefore = await balance(31338, FRIEND)
    const sending = request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: eoa, to: FRIEND, value: toHex(parseEther('0.1')) }], chainId: 31338 })
    await page(honest).getByRole('dialog', { name: 'Send a transaction' }).waitFor(FRAME_WAIT)
    expect(await cardRows(honest)).toContainEqual(['Network', 'Local chain 31338'])
    await answerWalletCard(page(honest), 'Approve')
    expect((await sending).ok).toBe(true)
    await expect.poll(() => balance(31338, FRIEND), FRAME_WAIT).toBe(friendBefore + parseEther('0.1'))

    // The attack: the page switches anyway; the visitor declines; the page sends on that chain regardless.
    const victim = await openFrameHostPage(browser, host)
    const attack = (type: string, payload?: unknown) => frameRequest(victim, backend, type, payload)
    const { eoa: victimEoa } = await logInThroughFrame(victim, backend, 'switch-victim')
    await fundOn(31338, victimEoa, '1')
    const held = await balance(31338, victimEoa)
    const silent = attack('SWITCH_NETWORK', { chainId: 31338 })
    await page(victim).getByRole('dialog', { name: 'Switch network' }).waitFor(FRAME_WAIT)
    await answerWalletCard(page(victim), 'Reject')
    expect((await silent).ok).toBe(false)
    expect(await attack('GET_CHAIN_ID')).toEqual({ ok: true, payload: { chainId: 31337 } })
    const drained = await attack('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: victimEoa, to: ATTACKER, value: toHex(parseEther('0.5')) }], chainId: 31338 })
    expect(drained).toEqual({ ok: false, payload: { message: 'Invalid parameters for eth_sendTransaction', code: 'KIT_FRAME_INVALID_REQUEST' } })
    expect(await card(victim).isHidden()).toBe(true)
    expect(await balance(31338, ATTACKER)).toBe(0n)
    expect(await balance(31338, victimEoa)).toBe(held)
    await Promise.all([honest.close(), victim.close()])
  })

  it("signs a sign-in message for the page's own domain, and refuses one for another domain before any card", async () => {
    const visitor = await openFrameHostPage(browser, host)
    const { eoa } = await logInThroughFrame(visitor, backend, 'siwe')
    const origin = new URL(visitor.url()).origin
    const siwe = (domain: string, uri: string) => createSiweMessage({ address: eoa, chainId: 31337, domain, nonce: 'abcdefgh12', uri, version: '1' })

    const own = siwe(new URL(origin).host, origin)
    const signing = frameRequest(visitor, backend, 'RPC_REQUEST', { method: 'personal_sign', params: [stringToHex(own), eoa] })
    await page(visitor).getByRole('dialog', { name: 'Sign a message' }).waitFor(FRAME_WAIT)
    expect(await cardRows(visitor)).toContainEqual(['Message', own])
    await answerWalletCard(page(visitor), 'Approve')
    const signed = await signing
    expect(signed.ok).toBe(true)
    expect(await verifyMessage({ address: eoa, message: own, signature: signed.payload as Hex })).toBe(true)

    // The review's M4: a page at localhost asks to sign "app.example.com wants you to sign in…".
    const foreign = siwe('app.example.com', 'https://app.example.com/login')
    const refused = await frameRequest(visitor, backend, 'RPC_REQUEST', { method: 'personal_sign', params: [stringToHex(foreign), eoa] })
    expect(refused).toEqual({ ok: false, payload: { message: 'Invalid parameters for personal_sign', code: 'KIT_FRAME_INVALID_REQUEST' } })
    expect(await card(visitor).isHidden()).toBe(true)
    await visitor.close()
  })
})

const page = (host: Page) => host.frameLocator('iframe')
