import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveThisDevice, codeField, mailedCode, newVisitorEmail } from '../support/emailLogin.js'
import { devBackend, openDemoFor } from '../support/modalViews.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

// Issue 30: the secure code field (its own page of the secure site, in the modal) follows a live
// kit.setLocale as the wallet frame does: the frame passes SYNC_LOCALE on to the open field over
// their channel. On the demo (createKit, every plugin, the real backend), a visitor at the email
// code step has typed half the code when the page's language changes: the field's words change,
// the digits stay, and the rest of the code completes the login.
const WAIT = { timeout: 30_000 }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
afterAll(() => stack?.close())

/** A new visitor on the demo, in English, who asked for a code by email and approved this device: the code field is open. */
async function atCodeStep() {
  const page = await openDemoFor(stack, 'visitor')
  const email = newVisitorEmail()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await approveThisDevice(page, devBackend(stack), email)
  return { page, email, dialog }
}

describe('given a visitor at the email code step in English', () => {
  it('the open code field turns German, then Japanese, keeping the typed digits; the rest of the code logs in', { timeout: 180_000 }, async () => {
    const { page, email, dialog } = await atCodeStep()
    const field = codeField(page)
    const spoken = () => field.locator('html').evaluate(() => [document.documentElement.lang, document.title])
    const input = field.locator('#code')
    const label = () => field.locator('#code-label').innerText()
    // Positive control: the field speaks English, as the kit does.
    expect(await spoken()).toEqual(['en', 'Latch secure code field'])
    expect(await label()).toBe('Code')
    const code = await mailedCode(devBackend(stack), email)
    await input.pressSequentially(code.slice(0, 3))

    await page.getByLabel('Language').selectOption('de')
    await expect.poll(spoken, WAIT).toEqual(['de', 'Sicheres Code-Feld von Latch'])
    expect(await input.inputValue()).toBe(code.slice(0, 3))

    await page.getByLabel('Language').selectOption('ja')
    await expect.poll(label, WAIT).toBe('コード')
    expect(await field.locator('html').evaluate(() => document.documentElement.lang)).toBe('ja')
    expect(await input.inputValue()).toBe(code.slice(0, 3))

    // The field still works: the rest of the code logs the visitor in.
    await input.pressSequentially(code.slice(3))
    await dialog.waitFor({ state: 'hidden', ...WAIT })
    // Connected: the demo shows its account button.
    await page.locator('[data-latch-button="account"]').waitFor(WAIT)
    await page.close()
  })
})

// A refused code, as the secure site explains it (its reply code and the tries left, passed on by
// the frame), is said in the kit's language in both places a visitor reads it: the modal's alert
// and the field's own line; a live switch says the field's line again at once, not at the next try.
describe('given a visitor at the email code step in German who types a wrong code', () => {
  it("reads 'Falscher Code: noch 4 Versuche' in the modal and the field, then Japanese in both after a switch; the right code still logs in", { timeout: 180_000 }, async () => {
    const { page, email, dialog } = await atCodeStep()
    const field = codeField(page)
    const code = await mailedCode(devBackend(stack), email)
    await page.getByLabel('Language').selectOption('de')
    await expect.poll(() => field.locator('html').evaluate(() => document.documentElement.lang), WAIT).toBe('de')
    // Wrong on purpose: the last digit moved on by one.
    const wrong = code.slice(0, 5) + ((Number(code[5]) + 1) % 10)
    await field.locator('#code').pressSequentially(wrong)
    const modalAlert = () => dialog.getByRole('alert').innerText()
    const fieldAlert = () => field.locator('#code-status').innerText()
    await expect.poll(modalAlert, WAIT).toBe('Falscher Code: noch 4 Versuche')
    await expect.poll(fieldAlert, WAIT).toBe('Falscher Code: noch 4 Versuche')

    await page.getByLabel('Language').selectOption('ja')
    await expect.poll(fieldAlert, WAIT).toBe('コードが正しくありません（残り 4 回）')
    await expect.poll(modalAlert, WAIT).toBe('コードが正しくありません（残り 4 回）')

    await field.locator('#code').pressSequentially(code)
    await dialog.waitFor({ state: 'hidden', ...WAIT })
    await page.locator('[data-latch-button="account"]').waitFor(WAIT)
    await page.close()
  })
})
