import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256, verifyTypedData, type Address, type Hex } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from '../server/secureSiteSupport.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { cardRows, frameRequest, logInThroughFrame, openFrameHostPage, startFrameHost } from './frameHost.js'

// Issue 26, "Approvals that a page cannot fake": the card is built from exactly what is signed.
// A host page on an allowed origin embeds the secure site's frame (Chromium, real backend and
// chains) and speaks to it by postMessage, as a page the attacker controls would. Each case
// first shows the honest request shown and signed, then the attack refused: by the frame before
// any card, and by the server's /api/sign called directly with a valid session.
const WAIT = { timeout: 15_000 }
const PROJECT = 'typed-card-host'
const SPENDER: Address = '0x000000000000000000000000000000000000bEEF'
const UNLIMITED = 'Unlimited amount: the spender can take all of this token from your account, now and later'
const REFUSED = { ok: false, payload: { message: 'Invalid parameters for eth_signTypedData_v4', code: 'KIT_FRAME_INVALID_REQUEST' } }
/** What `/api/sign` answers a valid session whose key is split (the default): the frame alone signs. */
const SIGN_IN_FRAME = { status: 403, body: { code: 'SIGN_IN_FRAME' } }
/** …and to typed data it would not sign for any key, before it looks at the key. */
const INVALID_TYPED_DATA = { status: 400, body: { code: 'INVALID_PARAMS', message: 'Invalid parameters for eth_signTypedData_v4' } }

let backend: RunningBackend
let browser: Browser
let host: TestHttpServer
let token: Address

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ rateLimit: false, dev: true }), launchBrowser()])
  host = await startFrameHost(backend, PROJECT)
  token = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.contracts.usdc.address
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await host?.close()
  await backend?.close()
})

/** An EIP-2612 Permit of the page's choosing, for the user's EOA. */
function permit(owner: Address, { chainId = 31337, extra = {} }: { chainId?: number; extra?: Record<string, string> } = {}) {
  return {
    domain: { name: 'Latch USD', version: '1', chainId, verifyingContract: token },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { ...extra, owner, spender: SPENDER, value: maxUint256.toString(), nonce: '0', deadline: '1893456000' },
  } as const
}

/** The review's decoy (H2): reassuring keys "0"…"7" that object order puts first and viem never signs. */
const DECOYS = Object.fromEntries(
  Array.from({ length: 8 }, (_, index) => [String(index), index ? `Reward ${index}: 500 points` : 'Free mint: nothing leaves your wallet']),
)

const request = (page: Page, type: string, payload?: unknown) => frameRequest(page, backend, type, payload)

/** The wallet frame as Playwright drives it (a cross-origin frame: evaluate runs in its own page). */
async function walletFrame(page: Page): Promise<Frame> {
  return (await (await page.$('iframe'))!.contentFrame())!
}

/** Records, inside the frame, whether the approval card ever shows from now on. */
async function watchForCard(page: Page): Promise<() => Promise<boolean>> {
  const frame = await walletFrame(page)
  await frame.evaluate(() => {
    const root = document.getElementById('approval')!
    const seen = { shown: !root.hidden }
    Object.assign(window, { __cardSeen: seen })
    const observer = new MutationObserver(() => (seen.shown ||= !root.hidden || root.childElementCount > 0))
    observer.observe(root, { attributes: true, childList: true })
  })
  return () => frame.evaluate(() => (window as any).__cardSeen.shown as boolean)
}

/** A new page whose frame said READY, logged in by email (device link, then code); the user's EOA and their account on 31337. */
async function openLoggedInPage(): Promise<{ page: Page; eoa: Address; account: Address }> {
  const page = await openFrameHostPage(browser, host)
  return { page, ...(await logInThroughFrame(page, backend, 'typed-card', 'Typed Card Shop')) }
}

/**
 * A session of the API's own, logged in by email and code without the frame (the route the
 * review's attacker took): what a page that skips the card would sign with. The user's EOA beside it.
 */
async function apiSession(): Promise<{ session: string; owner: Address }> {
  const frame = { projectId: PROJECT, appOrigin: `http://localhost:${new URL(host.url).port}` }
  const verified = await logInThroughApi(backend.secureSiteUrl, backend, freshEmail('typed-direct'), freshDeviceId(), frame)
  return { session: verified.token, owner: verified.user.evmAddress }
}

/** Asks /api/sign for typed data directly, with a session and no frame. */
const signDirectly = (session: string, owner: Address, typed: unknown) =>
  siteCall(backend.secureSiteUrl, '/api/sign', {
    token: session,
    body: { chainId: 'eip155:31337', method: 'eth_signTypedData_v4', params: [owner, JSON.stringify(typed)] },
  })

/** viem's own check that `signature` is `owner`'s signature of exactly the Permit's typed fields. */
function isPermitSignature(typed: ReturnType<typeof permit>, signature: Hex): Promise<boolean> {
  const { EIP712Domain: _domain, ...types } = typed.types
  const { owner } = typed.message
  return verifyTypedData({ address: owner, domain: typed.domain, types, primaryType: 'Permit', message: typed.message as never, signature })
}

/** The legitimate path: an honest Permit shown field by field, warned as unlimited, approved, and signed by the EOA. */
async function signHonestPermit(page: Page, eoa: Address): Promise<void> {
  const typed = permit(eoa)
  const signing = request(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [eoa, JSON.stringify(typed)] })
  const card = page.frameLocator('iframe').getByRole('dialog', { name: 'Sign typed data' })
  await card.waitFor(WAIT)
  const rows = await cardRows(page)
  // The warning first, then the permit in words, then the domain, then every signed field in type order.
  expect(rows).toEqual([
    ['Warning', UNLIMITED],
    ['Action', 'Permit: lets the spender move your tokens without another approval'],
    ['Token contract', token],
    ['Spender', SPENDER],
    ['Token amount', maxUint256.toString()],
    ['Valid until', '2030-01-01 00:00:00 UTC (1893456000)'],
    ['Type', 'Permit'],
    ['Domain', 'Latch USD'],
    ['Domain version', '1'],
    ['Domain chain', 'Local chain 31337'],
    ['Verifying contract', token],
    ['owner', eoa],
    ['spender', SPENDER],
    ['value', maxUint256.toString()],
    ['nonce', '0'],
    ['deadline', '1893456000'],
    ['Network', 'Local chain 31337'],
    ['Account', eoa],
  ])
  await approveInWalletFrame(page.frameLocator('iframe'))
  const signed = await signing
  expect(signed.ok).toBe(true)
  expect(await isPermitSignature(typed, signed.payload as Hex)).toBe(true)
  await card.waitFor({ state: 'hidden', ...WAIT })
}

describe('26: the approval card shows exactly what is signed', () => {
  let page: Page
  let eoa: Address
  let account: Address
  beforeEach(async () => {
    ;({ page, eoa, account } = await openLoggedInPage())
  })
  afterEach(() => page?.context().close())

  it('26: refuses the decoy Permit padded with message keys "0"…"7": no card, no signature, from the frame or the server', async () => {
    await signHonestPermit(page, eoa)

    const decoy = JSON.stringify(permit(eoa, { extra: DECOYS }))
    const cardShown = await watchForCard(page)
    expect(await request(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [eoa, decoy] })).toEqual(REFUSED)
    expect(await cardShown()).toBe(false)
    // A page that skips the frame gets no further with a valid session: the key is split, and the server signs nothing.
    const { session, owner } = await apiSession()
    expect(await signDirectly(session, owner, permit(owner))).toMatchObject(SIGN_IN_FRAME)
    expect(await signDirectly(session, owner, permit(owner, { extra: DECOYS }))).toMatchObject(INVALID_TYPED_DATA)
  })

  it('26: refuses a Permit whose domain is chain 1 while the wallet is on 31337, in the frame and on the server', async () => {
    await signHonestPermit(page, eoa)
    const { session, owner } = await apiSession()

    const cardShown = await watchForCard(page)
    const crossChain = JSON.stringify(permit(eoa, { chainId: 1 }))
    expect(await request(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [eoa, crossChain] })).toEqual(REFUSED)
    expect(await cardShown()).toBe(false)
    // Called directly with a valid session, the server signs neither Permit: only the frame holds a share that signs.
    expect(await signDirectly(session, owner, permit(owner))).toMatchObject(SIGN_IN_FRAME)
    expect(await signDirectly(session, owner, permit(owner, { chainId: 1 }))).toMatchObject(INVALID_TYPED_DATA)
  })

  it('26: decodes an ERC-20 approve (token, spender, amount, unlimited) and flags an unknown call, its data whole', async () => {
    const approveData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    const approving = request(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ to: token, data: approveData }] })
    const card = page.frameLocator('iframe').getByRole('dialog', { name: 'Send a transaction' })
    await card.waitFor(WAIT)
    // No `from`: the card names the account the server would send from (the smart account on 31337).
    expect(await cardRows(page)).toEqual([
      ['Warning', UNLIMITED],
      ['To', token],
      ['Amount', '0 ETH'],
      ['Action', 'Approve a spender'],
      ['Token contract', token],
      ['Spender', SPENDER],
      ['Token amount (or NFT id)', maxUint256.toString()],
      ['Network', 'Local chain 31337'],
      ['Account', account],
    ])
    await page.frameLocator('iframe').getByRole('button', { name: 'Reject' }).click()
    expect(await approving).toEqual({ ok: false, payload: { message: 'User rejected the request.', code: 'KIT_FRAME_USER_REJECTED' } })
    await card.waitFor({ state: 'hidden', ...WAIT })

    // An unknown selector with 600 bytes of arguments: flagged, and its data on the card to the last digit.
    const unknownData = `0x12345678${'ab'.repeat(600)}` as Hex
    const unknown = request(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: eoa, to: token, data: unknownData }] })
    await card.waitFor(WAIT)
    expect(await cardRows(page)).toEqual([
      ['Warning', 'Unknown contract call: this wallet cannot read what it does; check the data below'],
      ['To', token],
      ['Amount', '0 ETH'],
      ['Data (604 bytes)', unknownData],
      ['Network', 'Local chain 31337'],
      ['Account', eoa],
    ])
    await page.frameLocator('iframe').getByRole('button', { name: 'Reject' }).click()
    expect(await unknown).toEqual({ ok: false, payload: { message: 'User rejected the request.', code: 'KIT_FRAME_USER_REJECTED' } })
  })
})
