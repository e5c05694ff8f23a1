// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NAMES_MESSAGES } from '../locales/namesMessages.js'
import { renderWithStores } from '../../../test/support/renderWithStores.js'
import { seriousAxeViolations } from '../../../test/support/seriousAxeViolations.js'
import { RegisterNameStore } from '../RegisterNameStore.js'
import { RegisterNameStoreToken } from '../namesTokens.js'
import { RegisterAccountNameView } from './RegisterAccountNameView.js'

// The view alone, in happy-dom, over the real RegisterNameStore. The name service is a stand-in
// that knows one taken name; registering through the embedded wallet against the reference
// backend runs in Chromium (test/browser/names.test.ts).
afterEach(cleanup)

function renderView() {
  const store = new RegisterNameStore({
    session: () => ({ network: { chainNamespace: 'eip155', id: 31337 }, address: '0x0000000000000000000000000000000000000001', viaAuthConnector: true }),
    suggest: async (label) => [
      { name: `${label}.reown.id`, registered: label === 'alice' },
      { name: `${label}-1.reown.id`, registered: false },
    ],
    sign: async () => '0x',
    register: async () => undefined,
    onRegistered: () => undefined,
    debounceMs: 0,
  })
  renderWithStores(<RegisterAccountNameView />, [[RegisterNameStoreToken, store]], NAMES_MESSAGES)
}

const hintOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent
const registerButton = () => screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement

describe('RegisterAccountNameView', () => {
  it('names the broken rule in the hint the field is described by, and marks the field invalid', () => {
    renderView()
    const field = screen.getByLabelText('Name')
    fireEvent.change(field, { target: { value: 'al' } })
    expect(hintOf(field)).toBe('Name must be at least 4 characters')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(registerButton().disabled).toBe(true)
    fireEvent.change(field, { target: { value: 'a_b!' } })
    expect(hintOf(field)).toBe('Name can only contain letters, numbers and hyphens')
    fireEvent.change(field, { target: { value: 'bobby' } })
    expect(hintOf(field)).toBe('')
    expect(field.getAttribute('aria-invalid')).toBeNull()
    expect(registerButton().disabled).toBe(false)
  })

  it('lists suggestions as available or taken, says when the typed name is taken, and fills a picked one', async () => {
    renderView()
    const field = screen.getByLabelText('Name')
    fireEvent.change(field, { target: { value: 'alice' } })
    const list = await screen.findByRole('list', { name: 'Suggestions' })
    const taken = within(list).getByRole('button', { name: /alice\.reown\.id/ }) as HTMLButtonElement
    expect(taken.textContent).toContain('Taken')
    expect(taken.disabled).toBe(true)
    await waitFor(() => expect(hintOf(field)).toBe('alice.reown.id is taken'))
    fireEvent.click(within(list).getByRole('button', { name: /alice-1\.reown\.id/ }))
    expect((field as HTMLInputElement).value).toBe('alice-1.reown.id')
    expect(await seriousAxeViolations()).toEqual([])
  })
})
