// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { offerPasskeyWindow } from './offerPasskeyWindow.js'
import type { PasskeyWindow } from './openPasskeyWindow.js'
import { FrameUserRejectedError } from './errors.js'
import { useFrameLocale } from './frameText.js'
import de from './locales/de.json'

const button = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === name)!
const TASK = { kind: 'export', evmAddress: '0x000000000000000000000000000000000000bEEF' } as const

// The window opens only from the visitor's click in the frame; the page's request alone opens nothing.
describe('offerPasskeyWindow', () => {
  let root: HTMLElement
  beforeEach(() => {
    root = document.body.appendChild(document.createElement('div'))
  })
  afterEach(() => root.remove())

  it('opens the window for the task on Continue, then hides its card', async () => {
    const opened = { answer: new Promise(() => {}), send: () => {} } as unknown as PasskeyWindow
    const open = vi.fn(() => opened)
    const offered = offerPasskeyWindow(root, TASK, open)
    expect(open).not.toHaveBeenCalled()
    expect(root.querySelector('h1')?.textContent).toBe('Export your private key')
    button(root, 'Continue in a secure window').click()
    expect(await offered).toBe(opened)
    expect(open).toHaveBeenCalledWith(TASK)
    expect(root.hidden).toBe(true)
  })

  it('refuses the request on Cancel, opening nothing', async () => {
    const open = vi.fn()
    const offered = offerPasskeyWindow(root, TASK, open)
    button(root, 'Cancel').click()
    await expect(offered).rejects.toThrow(FrameUserRejectedError)
    expect(open).not.toHaveBeenCalled()
  })

  it("says its words again in the kit's new language while open (SYNC_LOCALE), and in English again after", async () => {
    // The secure site serves the catalogue; here the real German file, as its route answers it.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(de), { headers: { 'content-type': 'application/json' } })))
    const offered = offerPasskeyWindow(root, TASK, vi.fn())
    expect(button(root, 'Continue in a secure window')).toBeDefined()
    await useFrameLocale('de')
    expect(root.querySelector('h1')?.textContent).toBe(de['passkey.export'])
    expect(button(root, de['passkey.continue'])).toBeDefined()
    await useFrameLocale('en')
    expect(root.querySelector('h1')?.textContent).toBe('Export your private key')
    button(root, 'Cancel').click()
    await expect(offered).rejects.toThrow(FrameUserRejectedError)
    vi.unstubAllGlobals()
  })
})
