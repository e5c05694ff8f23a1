import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, stringToHex, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { startHttpServer, type TestHttpServer } from '../support/startHttpServer.js'
import { frameAnswer, frameReplyNow, logInThroughFrame, openFrameHostPage, postToFrame, receivedBy } from './frameHost.js'
import { withCodeChannel } from '../support/typeCodeInSecureField.js'
import { balanceOf, fundFromDevAccount } from '../support/localChainFunds.js'

// Issue 26, "Approvals that a page cannot fake" (review finding H1, clickjacking): a host page on
// an allowed origin embeds the secure site's frame (Chromium, real backend and chain) and asks it
// to send ETH. The page then hides the frame (opacity 0 over a "Claim reward" button), covers it
// with its own element, clips it or moves it off-screen, and clicks where Approve is, again and
// again, past the card's delay. Each case first clicks the same way at the visible frame and sees
// the ETH arrive, so the click path is proven live; then the hidden card takes no click, the
// request stays pending, and the balances on chain do not move. Where the frame cannot prove its
// card seen, it offers a window of the secure site, which approves for real.
const WAIT = { timeout: 15_000 }
const PROJECT = 'clickjacking-host'
/** How long the attacker clicks: four times the card's old 500 ms delay. */
const CLICKING_MS = 2_000
/** The dev account that funds this file's users (each file its own, so nonces never race). */
const FUNDER_INDEX = 5
const FRIEND: Address = '0x00000000000000000000000000000000000f12e4'
const ATTACKER: Address = '0x000000000000000000000000000000000000a77a'
/** Where the host page puts the frame, as an honest page would. */
const FRAME_STYLE = 'position:absolute;left:40px;top:40px;width:400px;height:600px;border:0;z-index:1'

let backend: RunningBackend
let browser: Browser
let host: TestHttpServer

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ dev: true, rateLimit: false }), launchBrowser()])
  await backend.projects.create({ id: PROJECT, name: 'Clickjacking host', allowedOrigins: ['http://localhost:*'], features: { email: true } })
  host = await startHttpServer((_request, response) => {
    const query = withCodeChannel(new URLSearchParams({ projectId: PROJECT, chainId: '31337', version: 'test', enableLogger: 'false' }))
    const src = `${backend.secureSiteUrl}/?${query.toString().replaceAll('&', '&amp;')}`
    // The attacker's props, unused until a test arranges them: a decoy under the frame and a cover over it.
    const decoy = '<button id="decoy" type="button" style="position:absolute;left:0;top:0;z-index:0">Claim reward</button>'
    const coverStyle = `${FRAME_STYLE.replace('z-index:1', 'z-index:2')};pointer-events:none;background:#0b6;color:#fff`
    const cover = `<div id="cover" hidden style="${coverStyle}">You won! Claim your reward below.</div>`
    const frame = `<iframe id="wallet" title="Secure wallet" src="${src}" style="${FRAME_STYLE}"></iframe>`
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    const body = `<body style="margin:0">${decoy}${frame}${cover}</body>`
    response.end(`<!doctype html><html lang="en"><head><title>Host</title></head>${body}</html>`)
  })
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await host?.close()
  await backend?.close()
})

const chain = () => backend.deployment.evm.find((evm) => evm.chainId === 31337)!
const publicClient = () => createPublicClient({ transport: http(chain().rpcUrl) })
const balance = (address: Address) => balanceOf(chain().rpcUrl, address)
const fund = (to: Address, ether: string) => fundFromDevAccount(chain().rpcUrl, to, ether, { addressIndex: FUNDER_INDEX })

const post = (page: Page, type: string, payload?: unknown) => postToFrame(page, backend, type, payload)
const replyTo = frameReplyNow
const answer = frameAnswer

/** A new page whose frame said READY, logged in by email (the device approved by its emailed link) and the code; the user's EOA. */
async function openLoggedInPage(): Promise<{ page: Page; eoa: Address }> {
  const page = await openFrameHostPage(browser, host)
  const { eoa } = await logInThroughFrame(page, backend, 'clickjacking', 'Reward Shop')
  return { page, eoa }
}

const wallet = (page: Page) => page.frameLocator('#wallet')
const card = (page: Page) => wallet(page).locator('#approval')
const approveButton = (page: Page) => wallet(page).getByRole('button', { name: 'Approve' })

type Point = { x: number; y: number }

/** The middle of the frame's Approve button, in the host page's coordinates (where a pointer would press it). */
async function approvePoint(page: Page): Promise<Point> {
  const box = (await approveButton(page).boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Where Approve is now: in the page's coordinates, and inside the frame (where the page's trick aims). */
async function whereApproveIs(page: Page): Promise<{ point: Point; inFrame: Point }> {
  const point = await approvePoint(page)
  const frame = await page.evaluate(() => document.getElementById('wallet')!.getBoundingClientRect().toJSON() as DOMRect)
  return { point, inFrame: { x: point.x - frame.x, y: point.y - frame.y } }
}

/** Sends `ether` from the user's EOA to `to` through the frame; returns the request's id once its card is up. */
async function askToSend(page: Page, eoa: Address, to: Address, ether: string): Promise<string> {
  const transaction = { from: eoa, to, value: toHex(parseEther(ether)) }
  const id = await post(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [transaction] })
  await approveButton(page).waitFor({ state: 'attached', ...WAIT })
  return id
}

/**
 * The click path, live: at the visible frame, once the card's delay is over, a pointer press at
 * `approvePoint` sends the ETH and it arrives on chain.
 */
async function provesClickPathLive(page: Page, eoa: Address): Promise<void> {
  const before = await balance(FRIEND)
  const id = await askToSend(page, eoa, FRIEND, '0.5')
  await expect.poll(() => approveButton(page).isEnabled(), WAIT).toBe(true)
  const { x, y } = await approvePoint(page)
  await page.mouse.click(x, y)
  const sent = await answer(page, 'RPC_REQUEST', id)
  expect(sent.ok).toBe(true)
  await publicClient().waitForTransactionReceipt({ hash: sent.payload as Hex })
  expect((await balance(FRIEND)) - before).toBe(parseEther('0.5'))
  await card(page).waitFor({ state: 'hidden', ...WAIT })
}

/** Counts, inside the frame, the pointer presses that land on each of the card's buttons. */
async function countPressesInFrame(page: Page): Promise<() => Promise<Record<string, number>>> {
  const frame = (await (await page.$('#wallet'))!.contentFrame())!
  await frame.evaluate(() => {
    const presses: Record<string, number> = {}
    Object.assign(window, { __presses: presses })
    // Pointer events reach a disabled button (click does not): this sees every press the attacker lands.
    window.addEventListener('pointerdown', (event) => {
      const name = (event.target as Element).closest('button')?.textContent ?? 'elsewhere'
      presses[name] = (presses[name] ?? 0) + 1
    }, true)
  })
  return () => frame.evaluate(() => ({ ...(window as any).__presses }))
}

const pressesIn = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0)

/**
 * Presses at `point`, one press at a time (each waited for in the frame), until one lands on the
 * card's Approve; returns the presses on Approve so far.
 */
async function aimAtApprove(page: Page, presses: () => Promise<Record<string, number>>, point: Point): Promise<number> {
  let onApprove = 0
  await expect
    .poll(async () => {
      const before = pressesIn(await presses())
      await page.mouse.click(point.x, point.y)
      await expect.poll(async () => pressesIn(await presses()), WAIT).toBeGreaterThan(before)
      return (onApprove = (await presses()).Approve ?? 0)
    }, WAIT)
    .toBeGreaterThan(0)
  return onApprove
}

/**
 * The attack: with the card up, the page plays its trick (`arrange`, aimed at where Approve is).
 * Hidden, the card never proves itself seen, so it offers its window, and that offer moves Approve
 * down: the page waits for it and aims its trick again at the settled card. It then presses at
 * Approve every 100 ms for `CLICKING_MS` (well past the card's delay). Then: no answer came, the
 * card is still up with Approve off, and every press landed on Approve. Last, the page undoes its
 * trick and the visitor rejects: the request ends rejected, nothing left the EOA and nothing
 * reached the attacker.
 */
async function attackFails(page: Page, eoa: Address, arrange: (approve: { point: Point; inFrame: Point }) => Promise<void>): Promise<void> {
  const [eoaBefore, attackerBefore] = await Promise.all([balance(eoa), balance(ATTACKER)])
  const id = await askToSend(page, eoa, ATTACKER, '2')
  const presses = await countPressesInFrame(page)
  await arrange(await whereApproveIs(page))
  await wallet(page).getByRole('button', { name: 'Open in a new window' }).waitFor({ state: 'visible', ...WAIT })
  await arrange(await whereApproveIs(page))
  const { point } = await whereApproveIs(page)
  // The page's own hit test says the pointer is over the frame, not over anything of the page's.
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, point)).toBe('wallet')
  // The trick takes effect in the frame's own process a moment later: press until one lands on
  // Approve there, so every press the attack counts below is aimed at the moved card.
  const aimed = await aimAtApprove(page, presses, point)
  const started = Date.now()
  let clicks = 0
  while (Date.now() - started < CLICKING_MS) {
    await page.mouse.click(point.x, point.y)
    clicks++
    await page.waitForTimeout(100)
  }
  expect(await replyTo(page, 'RPC_REQUEST', id)).toBeUndefined()
  expect(await card(page).isHidden()).toBe(false)
  expect(await approveButton(page).isDisabled()).toBe(true)
  // Every press landed on Approve (none on the page's decoy): the attack was aimed right, and refused.
  // The frame runs in its own process: the last presses may reach it after the page's click returned.
  await expect.poll(async () => (await presses()).Approve, WAIT).toBe(aimed + clicks)
  expect(await page.evaluate(() => (window as any).__decoyClicks)).toBe(0)

  await page.evaluate((style) => {
    document.getElementById('wallet')!.style.cssText = style
    document.getElementById('cover')!.hidden = true
  }, FRAME_STYLE)
  await wallet(page).getByRole('button', { name: 'Reject' }).click()
  expect(await answer(page, 'RPC_REQUEST', id)).toEqual({ ok: false, payload: { message: 'User rejected the request.', code: 'KIT_FRAME_USER_REJECTED' } })
  expect(await balance(eoa)).toBe(eoaBefore)
  expect(await balance(ATTACKER)).toBe(attackerBefore)
}

describe('26: a page cannot click the approval card through (clickjacking)', () => {
  let page: Page
  let eoa: Address
  beforeEach(async () => {
    ;({ page, eoa } = await openLoggedInPage())
    await fund(eoa, '5')
    await page.evaluate(() => {
      Object.assign(window, { __decoyClicks: 0 })
      document.getElementById('decoy')!.addEventListener('click', () => (window as any).__decoyClicks++)
    })
  })
  afterEach(() => page?.context().close())

  it('26: the visible card takes Approve once its delay is over, and the signature verifies', async () => {
    const message = 'Claim my reward'
    const id = await post(page, 'RPC_REQUEST', { method: 'personal_sign', params: [stringToHex(message), eoa] })
    await card(page).getByRole('heading', { name: 'Sign a message' }).waitFor(WAIT)
    await expect.poll(() => approveButton(page).isEnabled(), WAIT).toBe(true)
    // Proven visible, the card offers no other window.
    expect(await wallet(page).getByRole('button', { name: 'Open in a new window' }).isHidden()).toBe(true)
    const { x, y } = await approvePoint(page)
    await page.mouse.click(x, y)
    const signed = await answer(page, 'RPC_REQUEST', id)
    expect(signed.ok).toBe(true)
    expect(await verifyMessage({ address: eoa, message, signature: signed.payload as Hex })).toBe(true)
  })

  it('26: a frame at opacity 0 over a "Claim reward" button takes no click at Approve: nothing is sent', async () => {
    await provesClickPathLive(page, eoa)
    await attackFails(page, eoa, async ({ point }) => {
      await page.evaluate(({ x, y }) => {
        const decoy = document.getElementById('decoy')!
        const { width, height } = decoy.getBoundingClientRect()
        Object.assign(decoy.style, { left: `${x - width / 2}px`, top: `${y - height / 2}px` })
        document.getElementById('wallet')!.style.opacity = '0'
      }, point)
    })
  })

  it('26: a frame covered by a page element that lets clicks through takes no click at Approve: nothing is sent', async () => {
    await provesClickPathLive(page, eoa)
    await attackFails(page, eoa, async () => {
      await page.evaluate(() => void (document.getElementById('cover')!.hidden = false))
    })
  })

  it('26: a frame clipped to its Approve button, or moved off-screen but for it, takes no click at Approve: nothing is sent', async () => {
    await provesClickPathLive(page, eoa)
    // Clipped: the page shows only the button's strip of the card, at the same place.
    await attackFails(page, eoa, async ({ inFrame }) => {
      await page.evaluate((y) => void (document.getElementById('wallet')!.style.clipPath = `inset(${y - 30}px 0 0 0)`), inFrame.y)
    })
    // Moved: the card above the top of the viewport, all but the button's strip.
    await attackFails(page, eoa, async ({ inFrame }) => {
      await page.evaluate((y) => void (document.getElementById('wallet')!.style.top = `${30 - y}px`), inFrame.y)
    })
  })

  it('26: where the card cannot be proven visible, it offers a window of the secure site, and the approval there signs', async () => {
    // A page element over the frame (clicks pass through it): the card is never proven seen.
    await page.evaluate(() => void (document.getElementById('cover')!.hidden = false))
    const message = 'Approved in the wallet window'
    const id = await post(page, 'RPC_REQUEST', { method: 'personal_sign', params: [stringToHex(message), eoa] })
    const openWindow = wallet(page).getByRole('button', { name: 'Open in a new window' })
    await openWindow.waitFor(WAIT)
    expect(await approveButton(page).isDisabled()).toBe(true)
    const [popup] = await Promise.all([page.context().waitForEvent('page', WAIT), openWindow.click()])
    await popup.waitForLoadState()
    // A top-level window on the secure site's own origin: its address bar names the wallet.
    const opened = new URL(popup.url())
    expect([opened.origin, opened.pathname]).toEqual([new URL(backend.secureSiteUrl).origin, '/approve'])
    const popupCard = popup.getByRole('dialog', { name: 'Sign a message' })
    await popupCard.waitFor(WAIT)
    expect(await popupCard.locator('.site').textContent()).toBe(`From ${new URL(page.url()).origin}`)
    expect(await popupCard.getByRole('definition').first().textContent()).toBe(message)
    await expect.poll(() => popup.locator(':focus').textContent(), WAIT).toBe('Reject')
    const approveThere = popup.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approveThere.isEnabled(), WAIT).toBe(true)
    const closed = popup.waitForEvent('close', WAIT)
    // Approve closes the window: a click whose page closes under it may report the closing as its error.
    await approveThere.click().catch((error: unknown) => {
      if (!popup.isClosed()) throw error
    })
    const signed = await answer(page, 'RPC_REQUEST', id)
    expect(signed.ok).toBe(true)
    expect(await verifyMessage({ address: eoa, message, signature: signed.payload as Hex })).toBe(true)
    await closed
    await card(page).waitFor({ state: 'hidden', ...WAIT })

    // The window is never framed, so nothing can be drawn over it either.
    const served = await fetch(`${backend.secureSiteUrl}/approve`)
    expect(served.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    // A page that opens the window itself can neither fill its card nor hear from it.
    const windowUrl = `${backend.secureSiteUrl}/approve`
    const [forged] = await Promise.all([
      page.context().waitForEvent('page', WAIT),
      page.evaluate((url) => void Object.assign(window, { __forged: window.open(url, '_blank', 'popup') }), windowUrl),
    ])
    await forged.waitForLoadState()
    await forged.evaluate(() => window.addEventListener('message', () => Object.assign(window, { __delivered: true })))
    const forgedRequest = {
      type: 'latch-approval/REQUEST',
      asker: { dappName: 'Wallet', origin: 'https://wallet.example' },
      description: { title: 'Sign a message', rows: [] },
    }
    const target = new URL(backend.secureSiteUrl).origin
    await page.evaluate(({ message, target }) => (window as any).__forged.postMessage(message, target), { message: forgedRequest, target })
    // Delivered (the window's own listener, added first, has run), and refused: the card stays empty.
    await expect.poll(() => forged.evaluate(() => (window as any).__delivered === true), WAIT).toBe(true)
    expect(await forged.locator('#approval').evaluate((root) => [(root as HTMLElement).hidden, root.childElementCount])).toEqual([true, 0])
    expect((await receivedBy(page)).filter((received) => String(received.data?.type).startsWith('latch-approval/'))).toEqual([])
  })
})
