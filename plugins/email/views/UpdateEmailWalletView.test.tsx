// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_MESSAGES } from '../locales/emailMessages.js'
import { renderWithStores } from '../../../test/support/renderWithStores.js'
import { seriousAxeViolations } from '../../../test/support/seriousAxeViolations.js'
import { UpdateEmailStore, type EmailChange } from '../UpdateEmailStore.js'
import { UpdateEmailStoreToken } from '../emailTokens.js'
import { UpdateEmailWalletView } from './UpdateEmailWalletView.js'

// The view alone, in happy-dom: its store is the real UpdateEmailStore, the secure site a
// stand-in that accepts the codes (typed in its field, an iframe here left blank) once the test
// lets it, and reports the new address on its second read. The whole
// change against the real secure site runs in Chromium (test/browser/secureSiteFrame.test.ts).
afterEach(cleanup)
// The secure field is a frame on a blank page here: happy-dom loads it as a browser would,
// rather than refusing it with an error on the console.
beforeAll(() => void ((window as unknown as { happyDOM: { settings: { enableIframePageLoading: boolean } } }).happyDOM.settings.enableIframePageLoading = true))

/** Axe on the view without reaching into the secure field's frame: its page is blank here (Chromium checks the real one). */
const violationsOutsideFrames = () => seriousAxeViolations(document.body, { iframes: false })

/** A code wait the test ends, as the frame does once the visitor typed the code in its field. */
function fieldCode<T>(value: T) {
  let type: () => void = () => undefined
  const typed = new Promise<void>((resolve) => (type = resolve))
  return { wait: async () => (await typed, value), type: () => act(async () => type()) }
}

function renderView() {
  let reads = 0
  const primary = fieldCode(undefined)
  const secondary = fieldCode({ newEmail: 'new@latch.test' })
  const secureSite: EmailChange = {
    updateEmail: async () => undefined,
    updateEmailPrimaryOtp: primary.wait,
    updateEmailSecondaryOtp: secondary.wait,
    readEmail: async () => (++reads < 2 ? 'old@latch.test' : 'new@latch.test'),
  }
  const updated: string[] = []
  const store = new UpdateEmailStore({ auth: () => secureSite, codeFieldUrl: () => 'about:blank#field', onUpdated: (email) => updated.push(email), pollMs: 1 })
  renderWithStores(<UpdateEmailWalletView />, [[UpdateEmailStoreToken, store]], EMAIL_MESSAGES)
  return { updated, primary, secondary }
}

/** The text of the element a field names in aria-describedby: what a screen reader reads with it. */
const description = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent

describe('UpdateEmailWalletView', () => {
  it('tells an invalid address through the alert the field is described by', async () => {
    renderView()
    const field = screen.getByLabelText('New email')
    expect(description(field)).toBe('')
    fireEvent.change(field, { target: { value: 'not-an-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address'))
    expect(description(field)).toBe('Enter a valid email address')
    expect(await seriousAxeViolations()).toEqual([])
  })

  it("shows the secure field for each code, never an input of its own, then waits for the secure site and starts over", async () => {
    const { updated, primary, secondary } = renderView()
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'New@Latch.test ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const current = await screen.findByTitle('Code from your current email')
    expect(current.tagName).toBe('IFRAME')
    expect(current.getAttribute('src')).toBe('about:blank#field')
    expect(document.activeElement).toBe(current)
    expect(document.querySelectorAll('input')).toHaveLength(0)
    expect(await violationsOutsideFrames()).toEqual([])
    await primary.type()

    await screen.findByTitle('Code from your new email')
    expect(screen.getByText('Enter the code we sent to new@latch.test.')).toBeTruthy()
    expect(document.querySelectorAll('input')).toHaveLength(0)
    await secondary.type()

    await screen.findByLabelText('New email')
    expect(updated).toEqual(['new@latch.test'])
  })
})
