// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithStores } from '../../../test/support/renderWithStores.js'
import { seriousAxeViolations } from '../../../test/support/seriousAxeViolations.js'
import { UpdateEmailStore, type EmailChange } from '../UpdateEmailStore.js'
import { UpdateEmailStoreToken } from '../emailTokens.js'
import { UpdateEmailWalletView } from './UpdateEmailWalletView.js'

// The view alone, in happy-dom: its store is the real UpdateEmailStore, the secure site a
// stand-in that accepts the codes and reports the new address on its second read. The whole
// change against the real secure site runs in Chromium (test/browser/secureSiteFrame.test.ts).
afterEach(cleanup)

function renderView() {
  let reads = 0
  const secureSite: EmailChange = {
    updateEmail: async () => undefined,
    updateEmailPrimaryOtp: async () => undefined,
    updateEmailSecondaryOtp: async () => ({ newEmail: 'new@latch.test' }),
    readEmail: async () => (++reads < 2 ? 'old@latch.test' : 'new@latch.test'),
  }
  const updated: string[] = []
  const store = new UpdateEmailStore({ auth: () => secureSite, onUpdated: (email) => updated.push(email), pollMs: 1 })
  renderWithStores(<UpdateEmailWalletView />, [[UpdateEmailStoreToken, store]])
  return { updated }
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

  it('asks for both codes, digits only, then waits for the secure site and starts over', async () => {
    const { updated } = renderView()
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'New@Latch.test ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const current = await screen.findByLabelText('Code from your current email')
    const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement
    fireEvent.change(current, { target: { value: '12a34' } })
    expect((current as HTMLInputElement).value).toBe('1234')
    expect(continueButton().disabled).toBe(true)
    fireEvent.change(current, { target: { value: '123456' } })
    expect(continueButton().disabled).toBe(false)
    expect(await seriousAxeViolations()).toEqual([])
    fireEvent.click(continueButton())

    const next = await screen.findByLabelText('Code from your new email')
    expect(screen.getByText('Enter the code we sent to new@latch.test.')).toBeTruthy()
    fireEvent.change(next, { target: { value: '654321' } })
    await act(async () => void fireEvent.click(continueButton()))

    await screen.findByLabelText('New email')
    expect(updated).toEqual(['new@latch.test'])
  })
})
