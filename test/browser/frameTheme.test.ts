import { stringToHex } from 'viem'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { logInByEmail, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { answerWalletCard } from '../support/approveInWalletFrame.js'
import { openEmailPage, useEmailPageStack } from '../support/emailPageStack.js'

// SPEC §3 theme sync, w3mThemeVariables, and the kit's language (kit.setLocale) reaching a loaded frame and an open card: the host's background, font family and corner radius
// reach the secure site's frame through SYNC_THEME and its approval card is drawn with them,
// live; a value that is no colour, plain font list or small px length is refused by the frame.
// In Chromium, on the reference backend, the computed style read inside the frame.
const WAIT = { timeout: 30_000 }

const stack = useEmailPageStack()

/** The email page with a new visitor logged in by email: the wallet's frame is loaded, in English. */
async function loggedIn() {
  const page = await openEmailPage(stack)
  const address = await logInByEmail(page, stack.backend, newVisitorEmail())
  return { page, address }
}
const signRequest = (page: Page, address: string, message: string) =>
  page.evaluate((params) => (window as any).__latch.request('personal_sign', params), [stringToHex(message), address])

describe("the host's theme on the embedded wallet's card", () => {
  it('draws the approval card with the host font, radius and background, and refuses values that are not', async () => {
    const { page, address } = await loggedIn()
    const setTheme = (variables: Record<string, string>) => page.evaluate((v) => (window as any).__latch.setThemeVariables(v), variables)
    // Hostile first: a font "list" that would close the declaration, a radius out of range, a background that is a URL.
    await setTheme({ '--latch-font-family': 'x;}*{background:url(//127.0.0.1:9/leak)}', '--latch-border-radius': '99px', '--latch-bg': 'url(//127.0.0.1:9/leak)' })
    const pending = signRequest(page, address, 'theme test')
    await page.getByRole('dialog', { name: 'Approve Transaction' }).waitFor(WAIT)
    const approve = walletFrame(page).getByRole('button', { name: 'Approve' })
    await approve.waitFor(WAIT)
    const style = () =>
      approve.evaluate((button) => {
        const card = document.getElementById('approval')!
        return { radius: getComputedStyle(button).borderRadius, font: getComputedStyle(card).fontFamily, background: getComputedStyle(card).backgroundColor }
      })
    const refused = await style()
    expect(refused.radius).toBe('12px')
    expect(refused.font).toMatch(/^system-ui/)
    expect(refused.background).not.toContain('url')

    // The host's real values, changed live while the card is up.
    await setTheme({ '--latch-font-family': 'Georgia, serif', '--latch-border-radius': '4px', '--latch-bg': '#102030' })
    await expect.poll(style, WAIT).toEqual({ radius: '4px', font: 'Georgia, serif', background: 'rgb(16, 32, 48)' })
    await answerWalletCard(walletFrame(page), 'Reject')
    expect(await pending).toMatchObject({ error: { code: 4001 } })
    await page.context().close()
  })

  it("speaks the kit's new language on the card after kit.setLocale, without reloading the frame", async () => {
    const { page, address } = await loggedIn()
    const frameLoads: string[] = []
    page.on('framenavigated', (frame) => void (frame.name() === 'w3m-secure-iframe' && frameLoads.push(frame.url())))
    await page.evaluate(() => (window as any).__latch.setLocale('de'))
    const pending = signRequest(page, address, 'Sprachtest')
    // Positive control: the modal itself speaks German.
    await page.getByRole('dialog', { name: 'Transaktion bestätigen' }).waitFor(WAIT)
    await walletFrame(page).getByRole('button', { name: 'Bestätigen' }).waitFor(WAIT)
    expect(frameLoads).toEqual([])
    await answerWalletCard(walletFrame(page), 'Ablehnen')
    expect(await pending).toMatchObject({ error: { code: 4001 } })
    await page.context().close()
  })

  it('says an open card again in the language the host switches to while it is up: the request and its buttons', async () => {
    const { page, address } = await loggedIn()
    const pending = signRequest(page, address, 'Sprachtest')
    const card = walletFrame(page).getByRole('dialog')
    // Positive control: the card is up, in English.
    await card.getByRole('heading', { name: 'Sign a message' }).waitFor(WAIT)
    await card.getByRole('button', { name: 'Approve' }).waitFor(WAIT)
    await page.evaluate(() => (window as any).__latch.setLocale('de'))
    await card.getByRole('heading', { name: 'Nachricht signieren' }).waitFor(WAIT)
    await card.getByRole('button', { name: 'Bestätigen' }).waitFor(WAIT)
    expect(await card.getByRole('definition').first().textContent()).toBe('Sprachtest')
    await answerWalletCard(walletFrame(page), 'Ablehnen')
    expect(await pending).toMatchObject({ error: { code: 4001 } })
    await page.context().close()
  })
})
