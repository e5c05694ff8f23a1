import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createPublicClient, http, type Address } from 'viem'
import { loadArtifact } from '../../server/chains/loadArtifact.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { DEV_PROJECT } from '../../server/plugins/projects/projects.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { startHttpServer, type TestHttpServer } from '../support/startHttpServer.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { freshDeviceId, freshEmail, logInThroughApi, readMailbox, siteCall, waitForMail } from '../server/secureSiteSupport.js'
import { approveDeviceByLink } from '../support/emailLogin.js'
import { answerWalletCard, approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { typeCodeInSecureField, withCodeChannel } from '../support/typeCodeInSecureField.js'

// The secure site's frame in Chromium, spoken to by postMessage as the kit's AUTH connector does:
// a host page on an allowed origin (localhost) embeds it and gets replies; the same page on
// 127.0.0.1, which the project `frame-host` does not list, cannot even load it.
const WAIT = { timeout: 15_000 }
const PROJECT = 'frame-host'

let backend: RunningBackend
let browser: Browser
let host: TestHttpServer

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ rateLimit: false, dev: true }), launchBrowser()])
  await backend.projects.create({ id: PROJECT, name: 'Frame host', allowedOrigins: ['http://localhost:*'], features: { email: true } })
  // One page, a frame per `?project=`; served on 127.0.0.1 and reached as localhost too (two origins).
  host = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    if (url.pathname === '/sibling') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return void response.end('<!doctype html><html lang="en"><head><title>Sibling</title></head><body></body></html>')
    }
    const frames = url.searchParams.getAll('project').map((project, index) => {
      const src = `${backend.secureSiteUrl}/?${withCodeChannel(new URLSearchParams({ projectId: project, chainId: '31337', version: 'test', enableLogger: 'false' }))}`
      return `<iframe id="frame-${index}" title="Secure wallet ${index}" src="${src.replaceAll('&', '&amp;')}" style="width:400px;height:600px;border:0"></iframe>`
    })
    // A sibling frame on the other loopback origin: another window that can reach the wallet frame.
    if (url.searchParams.has('sibling')) frames.push(`<iframe id="sibling" name="sibling" title="Sibling" src="${url.searchParams.get('sibling')}/sibling"></iframe>`)
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Host</title></head><body><main>${frames.join('')}</main></body></html>`)
  })
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await host?.close()
  await backend?.close()
})

interface Received {
  frame: number
  origin: string
  data: { type: string; id?: string; payload?: any }
}

/** Opens the host page; every message reaching it is recorded with the frame that sent it. */
async function openHost(hostName: 'localhost' | '127.0.0.1', projects: string[], sibling?: string): Promise<Page> {
  // A context of its own (axe wants one); closing the page's context closes it.
  const page = await (await browser.newContext()).newPage()
  await page.addInitScript(() => {
    const received: unknown[] = []
    Object.assign(window, { __received: received })
    window.addEventListener('message', (event) => {
      const frames = [...document.querySelectorAll('iframe')]
      received.push({ frame: frames.findIndex((frame) => frame.contentWindow === event.source), origin: event.origin, data: event.data })
    })
  })
  const port = new URL(host.url).port
  await page.goto(`http://${hostName}:${port}/?${projects.map((project) => `project=${project}`).join('&')}${sibling ? `&sibling=${encodeURIComponent(sibling)}` : ''}`)
  return page
}

const received = (page: Page): Promise<Received[]> => page.evaluate(() => (window as any).__received)

let nextId = 0
/** Posts an app request to one frame (exact target origin) and returns its id. */
async function post(page: Page, type: string, payload?: unknown, frame = 0): Promise<string> {
  const id = `req-${nextId++}`
  const target = new URL(backend.secureSiteUrl).origin
  await page.evaluate(
    ({ frame, message, target }) => document.querySelectorAll('iframe')[frame]!.contentWindow!.postMessage(message, target),
    { frame, message: { type: `@w3m-app/${type}`, id, payload }, target },
  )
  return id
}

/** A code wait (CONNECT_OTP, UPDATE_EMAIL_*_OTP) answered by typing `code` in the frame's secure field. */
async function requestWithCode(page: Page, type: string, code: string): Promise<{ ok: boolean; payload: any }> {
  const reply = request(page, type)
  await typeCodeInSecureField(page, code, '#frame-0')
  return reply
}

/** Sends a request and waits for its reply: `{ ok, payload }`. */
async function request(page: Page, type: string, payload?: unknown, timeout = 15_000): Promise<{ ok: boolean; payload: any }> {
  const id = await post(page, type, payload)
  let reply: Received | undefined
  await expect.poll(async () => (reply = (await received(page)).find((message) => message.data.id === id)), { timeout }).toBeDefined()
  expect(reply!.origin).toBe(new URL(backend.secureSiteUrl).origin)
  const ok = reply!.data.type === `@w3m-frame/${type}_SUCCESS`
  if (!ok) expect(reply!.data.type).toBe(`@w3m-frame/${type}_ERROR`)
  return { ok, payload: reply!.data.payload }
}

/** The user's public addresses as the secure site stored them. */
const storedUser = async (email: string) => {
  const row = await backend.storage.db.selectFrom('secure_site_users').select(['evm_address', 'solana_address']).where('email', '=', email).executeTakeFirstOrThrow()
  return { evmAddress: row.evm_address, solanaAddress: row.solana_address }
}

const sessionUpdates = async (page: Page) =>
  (await received(page)).filter((message) => message.data.type === '@w3m-frame/SESSION_UPDATE').map((message) => message.data.payload.token as string | null)

/** The frame's host page on localhost, once the frame said READY. */
async function openReadyHost(): Promise<Page> {
  const page = await openHost('localhost', [PROJECT])
  await page.waitForFunction(() => (window as any).__received.some((message: Received) => message.data.type === '@w3m-frame/READY'), undefined, WAIT)
  return page
}

const DAPP_DATA = { projectId: PROJECT, sdkVersion: 'test', sdkType: 'latch', metadata: { name: 'Frame Test Shop' } }

/** CONNECT_DEVICE as the kit sends it after VERIFY_DEVICE: answered once the owner approves the n-th mail's link on its page. */
async function connectDevice(page: Page, email: string, mailNumber: number): Promise<void> {
  const waiting = request(page, 'CONNECT_DEVICE', undefined, 60_000)
  await approveDeviceByLink(page.context(), (await waitForMail(backend, email, mailNumber)).link!)
  expect(await waiting).toEqual({ ok: true, payload: undefined })
}

/** A fresh user logged in through the frame by email, device link and code, as the first test does step by step. */
async function logIn(page: Page, label: string): Promise<string> {
  expect((await request(page, 'SYNC_DAPP_DATA', DAPP_DATA)).ok).toBe(true)
  const email = freshEmail(label)
  expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_DEVICE' } })
  await connectDevice(page, email, 1)
  const { code } = await waitForMail(backend, email, 2)
  expect(await requestWithCode(page, 'CONNECT_OTP', code!)).toEqual({ ok: true, payload: undefined })
  await expect.poll(() => sessionUpdates(page), WAIT).toEqual([expect.stringMatching(/^ey/)])
  return email
}

// Each test opens its own page (its own frame and storage) and logs in itself: any one runs alone.
describe('the frame on an allowed origin', () => {
  let page: Page
  beforeEach(async () => {
    page = await openReadyHost()
  })
  afterEach(() => page?.context().close())

  it('logs in by email with the device link and the code from the dev mailbox, and reports the user per chain', async () => {
    expect(await request(page, 'SYNC_DAPP_DATA', DAPP_DATA)).toEqual({ ok: true, payload: undefined })
    // The kit's accent colours reach the frame; a value that is not a colour is ignored, and the
    // accent then gets the foreground that reads on it (black on pure red: white gives 4.0:1).
    const themed = { '--latch-accent': '#ff0000', '--latch-accent-fg': 'url(https://evil.example/x)' }
    expect((await request(page, 'SYNC_THEME', { themeMode: 'light', themeVariables: themed })).ok).toBe(true)
    const frameRoot = page.frameLocator('#frame-0').locator('html')
    expect(await frameRoot.getAttribute('data-theme')).toBe('light')
    expect(await frameRoot.evaluate((root) => [getComputedStyle(root).getPropertyValue('--accent'), getComputedStyle(root).getPropertyValue('--accent-fg')])).toEqual(['#ff0000', '#000000'])
    expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
    const email = freshEmail('frame')
    const firstSentAt = Date.now()
    expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_DEVICE' } })
    // SPEC §5/§9: the same email again within 30 s: the wait left, counted from the first send.
    const again = await request(page, 'CONNECT_EMAIL', { email })
    const elapsedSeconds = Math.ceil((Date.now() - firstSentAt) / 1000)
    expect(again.ok).toBe(false)
    const [, left] = /^Please try again after (\d+) seconds$/.exec(again.payload.message) ?? []
    expect(Number(left)).toBeLessThanOrEqual(30)
    expect(Number(left)).toBeGreaterThanOrEqual(30 - elapsedSeconds)

    await connectDevice(page, email, 1)
    const { code } = await waitForMail(backend, email, 2)
    expect(await requestWithCode(page, 'CONNECT_OTP', code!)).toEqual({ ok: true, payload: undefined })
    await expect.poll(() => sessionUpdates(page), WAIT).toEqual([expect.stringMatching(/^ey/)])
    const [appToken] = await sessionUpdates(page)
    // The app's copy names the session but cannot be used to sign: the API refuses it.
    expect(await siteCall(backend.secureSiteUrl, '/api/user', { token: appToken! })).toMatchObject({ status: 401, body: { message: 'Session Expired' } })
    const serverUser = await storedUser(email)

    // SPEC §4: eip155 answers the smart account by default (the factory's account of the user's key), the EOA beside it.
    const { contracts, rpcUrl } = backend.deployment.evm.find((chain) => chain.chainId === 31337)!
    const smart = await createPublicClient({ transport: http(rpcUrl) }).readContract({ address: contracts.smartAccountFactory, abi: loadArtifact('LatchSmartAccountFactory').abi, functionName: 'getAddress', args: [serverUser.evmAddress, 0n] })
    const evm = await request(page, 'GET_USER', { chainId: 'eip155:31337' })
    expect(evm).toEqual({
      ok: true,
      payload: {
        email,
        // Key shares are the default: the frame says whether a passkey seals the wallet.
        hasPasskey: false,
        address: smart,
        chainId: 31337,
        accounts: [
          { address: smart, type: 'smartAccount' },
          { address: serverUser.evmAddress, type: 'eoa' },
        ],
        preferredAccountType: 'smartAccount',
        smartAccountDeployed: false,
      },
    })
    expect(await request(page, 'INIT_SMART_ACCOUNT')).toEqual({ ok: true, payload: { address: smart, isDeployed: false } })
    expect(await request(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ ok: true, payload: { smartAccountEnabledNetworks: [31337, 31338] } })
    const solanaChain = backend.deployment.solana.caipNetworkId
    const solana = await request(page, 'GET_USER', { chainId: solanaChain })
    expect(solana.payload).toMatchObject({ address: serverUser.solanaAddress, chainId: solanaChain, accounts: [{ address: serverUser.solanaAddress, type: 'eoa' }] })
    // Signed in, a switch is the visitor's to approve (issue 26): the card asks, Approve moves the wallet.
    const switching = request(page, 'SWITCH_NETWORK', { chainId: 31338 })
    await answerWalletCard(page.frameLocator('#frame-0'), 'Approve')
    expect(await switching).toEqual({ ok: true, payload: { chainId: 31338 } })
    expect(await request(page, 'GET_CHAIN_ID')).toEqual({ ok: true, payload: { chainId: 31338 } })
    expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })
    expect(await request(page, 'RPC_REQUEST', { method: 'eth_chainId' })).toEqual({ ok: true, payload: '0x7a6a' })
    expect(await request(page, 'RPC_REQUEST', { method: 'eth_sign', params: [serverUser.evmAddress, '0x00'] })).toEqual({
      ok: false,
      payload: { message: 'Requested RPC call is not allowed', code: 'KIT_FRAME_RPC_NOT_ALLOWED' },
    })
    // Per chain: the EOA on 31338 from now on, while 31337 keeps the smart account.
    expect(await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({ ok: true, payload: { type: 'eoa', address: serverUser.evmAddress } })
    expect(await request(page, 'RPC_REQUEST', { method: 'eth_accounts' })).toEqual({ ok: true, payload: [serverUser.evmAddress] })
    expect((await request(page, 'GET_USER', { chainId: 31338 })).payload).toMatchObject({ address: serverUser.evmAddress, preferredAccountType: 'eoa' })
    expect(await request(page, 'RPC_REQUEST', { method: 'eth_accounts', chainId: 31337 })).toEqual({ ok: true, payload: [smart] })
    // No smart account on solana.
    expect((await request(page, 'SWITCH_NETWORK', { chainId: solanaChain })).ok).toBe(true)
    expect(await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({ ok: false, payload: { message: 'This application might not support Smart Accounts', code: 'KIT_FRAME_SMART_ACCOUNTS_UNSUPPORTED' } })
  })

  it('asks before signing: Approve returns a signature that verifies, Reject returns the user-rejected error', async () => {
    await logIn(page, 'signing')
    // A host accent without a foreground: Approve must still read (axe below, once it is enabled).
    expect((await request(page, 'SYNC_THEME', { themeMode: 'light', themeVariables: { '--latch-accent': '#ff0000' } })).ok).toBe(true)
    const user = (await request(page, 'GET_USER', { chainId: 31337 })).payload as { address: Address }
    const frame = page.frameLocator('#frame-0')
    const message = 'Pay 5 <b>coins</b>'
    const signing = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, user.address] })
    const card = frame.getByRole('dialog', { name: 'Sign a message' })
    await card.waitFor(WAIT)
    // The dapp's name and the decoded text, as text: the markup stays visible, never parsed.
    await expect.poll(() => card.textContent(), WAIT).toContain('Frame Test Shop asks you to approve this request.')
    // The name is only what the page claims: the card also shows the origin the frame checked.
    expect(await card.locator('.site').textContent()).toBe(`From ${new URL(page.url()).origin}`)
    expect(await card.getByRole('definition').first().textContent()).toBe(message)
    expect(await frame.locator('#approval b').count()).toBe(0)
    // axe skips a disabled control: judge the card as the visitor acts on it, Approve enabled.
    const approve = frame.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), WAIT).toBe(true)
    await expectNoSeriousAxeViolations(page, '#frame-0')
    await approveInWalletFrame(frame)
    const signed = await signing
    expect(signed.ok).toBe(true)
    // The smart account's signature (ERC-6492 while undeployed), checked on chain by viem.
    const chain = createPublicClient({ transport: http(backend.deployment.evm.find((evm) => evm.chainId === 31337)!.rpcUrl) })
    expect(await chain.verifyMessage({ address: user.address, message, signature: signed.payload })).toBe(true)
    await card.waitFor({ state: 'hidden', ...WAIT })

    const declined = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', user.address] })
    // Keyboard only: focus starts on Reject (an Enter meant for the page never approves); Enter declines.
    await frame.getByRole('button', { name: 'Reject' }).waitFor(WAIT)
    await expect.poll(() => frame.locator('button:focus').textContent(), WAIT).toBe('Reject')
    await page.keyboard.press('Enter')
    expect(await declined).toEqual({ ok: false, payload: { message: 'User rejected the request.', code: 'KIT_FRAME_USER_REJECTED' } })
  })

  it('signs out: the session ends on the server and the frame says so', async () => {
    await logIn(page, 'signout')
    const [appToken] = await sessionUpdates(page)
    const sessionId = JSON.parse(Buffer.from(appToken!.split('.')[1]!, 'base64url').toString()).sid as string
    const endedAt = async () => (await backend.storage.db.selectFrom('secure_site_sessions').select('ended_at').where('id', '=', sessionId).executeTakeFirstOrThrow()).ended_at
    expect(await endedAt()).toBeNull()
    expect(await request(page, 'SIGN_OUT')).toEqual({ ok: true, payload: undefined })
    await expect.poll(() => sessionUpdates(page), WAIT).toEqual([appToken, null])
    expect(await endedAt()).not.toBeNull()
    expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
    expect(await request(page, 'GET_USER', { chainId: 31337 })).toEqual({ ok: false, payload: { message: 'Not connected to email or social', code: 'KIT_FRAME_NOT_SIGNED_IN' } })
  })

  it('makes a known email approve this new device by the emailed link, then logs in with the code', async () => {
    // The user first logged in elsewhere (another device id): this browser is a new device.
    const email = freshEmail('newdevice')
    await logInThroughApi(backend.secureSiteUrl, backend, email, freshDeviceId(), { projectId: PROJECT, appOrigin: new URL(page.url()).origin })

    expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_DEVICE' } })
    await connectDevice(page, email, 3)
    const { code } = await waitForMail(backend, email, 4)
    expect(await requestWithCode(page, 'CONNECT_OTP', code!)).toEqual({ ok: true, payload: undefined })
    expect((await request(page, 'GET_USER', { chainId: 31337 })).payload.email).toBe(email)
  })

  it('changes the email with a code from the current address, then one from the new', async () => {
    await logIn(page, 'change')
    const user = (await request(page, 'GET_USER', { chainId: 31337 })).payload as { email: string; address: string }
    const mailsBefore = (await readMailbox(backend, user.email)).length
    const newEmail = freshEmail('changed')
    expect(await request(page, 'UPDATE_EMAIL', { email: 'not an email' })).toEqual({ ok: false, payload: { message: 'Invalid email', code: 'KIT_FRAME_INVALID_EMAIL' } })
    expect(await request(page, 'UPDATE_EMAIL', { email: newEmail })).toEqual({ ok: true, payload: { action: 'VERIFY_PRIMARY_OTP' } })
    const primary = await waitForMail(backend, user.email, mailsBefore + 1)
    expect(await requestWithCode(page, 'UPDATE_EMAIL_PRIMARY_OTP', primary.code!)).toEqual({ ok: true, payload: undefined })
    const secondary = await waitForMail(backend, newEmail, 1)
    expect(await requestWithCode(page, 'UPDATE_EMAIL_SECONDARY_OTP', secondary.code!)).toEqual({ ok: true, payload: { newEmail } })
    expect((await request(page, 'GET_USER', { chainId: 31337 })).payload).toMatchObject({ email: newEmail, address: user.address })
  })

  it('ignores messages that are not listed requests', async () => {
    const before = (await received(page)).length
    for (const junk of [{ type: '@w3m-app/STEAL_KEYS', id: 'x1' }, { type: 'GET_USER', id: 'x2' }, { type: '@w3m-app/GET_USER' }, 'text', null])
      await page.evaluate(({ junk, target }) => document.querySelector('iframe')!.contentWindow!.postMessage(junk, target), { junk, target: new URL(backend.secureSiteUrl).origin })
    // A listed request sent after them is answered: the junk before it got nothing.
    expect((await request(page, 'GET_CHAIN_ID')).ok).toBe(true)
    expect((await received(page)).slice(before).map((message) => message.data.id)).toEqual([expect.stringMatching(/^req-/)])
  })
})

describe('the frame on an origin the project does not list', () => {
  it('does not load there (frame-ancestors) and answers nothing; a frame of a project that lists it does', async () => {
    // Frame 0: project `frame-host` (localhost only). Frame 1: latch-dev, which lists 127.0.0.1.
    const page = await openHost('127.0.0.1', [PROJECT, DEV_PROJECT.id])
    await expect.poll(async () => (await received(page)).filter((message) => message.data.type === '@w3m-frame/READY').map((message) => message.frame), WAIT).toEqual([1])
    const blockedUrl = () => page.frames().find((frame) => frame.name() === 'frame-0')?.url()
    await expect.poll(blockedUrl, WAIT).toMatch(/^chrome-error:/)
    const hostile = await post(page, 'GET_CHAIN_ID', undefined, 0)
    const control = await post(page, 'GET_CHAIN_ID', undefined, 1)
    await expect.poll(async () => (await received(page)).some((message) => message.data.id === control), WAIT).toBe(true)
    expect((await received(page)).filter((message) => message.data.id === hostile)).toEqual([])
    await page.context().close()
  })
})

describe('hostile messages to the frame', () => {
  it('acts on no request from another window, even a well-formed one; the same request from the parent is answered', async () => {
    const page = await openHost('localhost', [PROJECT], host.url)
    await page.waitForFunction(() => (window as any).__received.some((message: Received) => message.data.type === '@w3m-frame/READY'), undefined, WAIT)
    const sibling = page.frame({ name: 'sibling' })!
    await sibling.waitForLoadState()
    const target = new URL(backend.secureSiteUrl).origin
    const email = freshEmail('sibling')
    // From the sibling (127.0.0.1, another window): the frame must neither answer nor send mail.
    await sibling.evaluate(({ email, target }) => parent.frames[0]!.postMessage({ type: '@w3m-app/CONNECT_EMAIL', id: 'from-sibling', payload: { email } }, target), { email, target })
    // The same request from the parent is answered and mails a link: the sibling's could have been.
    expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_DEVICE' } })
    expect(await readMailbox(backend, email)).toHaveLength(1)
    expect((await received(page)).filter((message) => message.data.id === 'from-sibling')).toEqual([])
    await page.context().close()
  })

  it('answers nothing to 1,000 malformed or unlisted messages from its parent and keeps working (fast-check, seed 1223)', async () => {
    const page = await openHost('localhost', [PROJECT])
    await page.waitForFunction(() => (window as any).__received.some((message: Received) => message.data.type === '@w3m-frame/READY'), undefined, WAIT)
    const junk = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record({ type: fc.string({ maxLength: 30 }).map((name) => `@w3m-app/${name.toUpperCase()}`), id: fc.string({ minLength: 1, maxLength: 10 }), payload: fc.anything({ maxDepth: 1 }) }),
      fc.record({ type: fc.constantFrom('@w3m-frame/GET_USER', 'w3m-app/GET_USER', '@w3m-app/get_user', '@w3m-app/GET_USER '), id: fc.string({ maxLength: 10 }) }),
      fc.record({ type: fc.constant('@w3m-app/GET_USER'), id: fc.oneof(fc.constant(''), fc.integer(), fc.string({ minLength: 65, maxLength: 80 })) }),
    )
    const messages = fc.sample(junk, { seed: 1223, numRuns: 1000 }).filter((message) => {
      // A listed type with an acceptable id is a real request, not junk: leave those out.
      const candidate = message as { type?: unknown; id?: unknown }
      return !(typeof candidate?.type === 'string' && /^@w3m-app\/[A-Z_]+$/.test(candidate.type) && ['SWITCH_NETWORK', 'CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI', 'GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'GET_USER', 'SIGN_OUT', 'SIGN_OUT_EVERYWHERE', 'IS_CONNECTED', 'GET_CHAIN_ID', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT', 'SET_PREFERRED_ACCOUNT', 'RPC_REQUEST', 'UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP', 'SYNC_THEME', 'SYNC_DAPP_DATA', 'RELOAD'].includes(candidate.type.slice(9)) && typeof candidate.id === 'string' && candidate.id.length >= 1 && candidate.id.length <= 64)
    })
    expect(messages.length).toBeGreaterThan(900)
    const before = (await received(page)).length
    await page.evaluate(
      ({ messages, target }) => {
        const frame = document.querySelector('iframe')!.contentWindow!
        for (const message of messages) {
          try {
            frame.postMessage(message, target)
          } catch {
            // Not cloneable (a function, a symbol): the browser refuses it before the frame sees it.
          }
        }
      },
      { messages: JSON.parse(JSON.stringify(messages, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))) as unknown[], target: new URL(backend.secureSiteUrl).origin },
    )
    // Messages arrive in order: once this request is answered, every junk message was handled.
    expect(await request(page, 'GET_CHAIN_ID')).toEqual({ ok: true, payload: { chainId: 31337 } })
    expect((await received(page)).slice(before).map((message) => message.data.id)).toEqual([expect.stringMatching(/^req-/)])
    await page.context().close()
  })
})
