// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPROVE_DELAY_MS, MAX_DAPP_NAME_LENGTH, showApprovalCard, type ApprovalCardGuards } from './showApprovalCard.js'
import type { CardVisibility } from './watchCardVisibility.js'
import type { ApprovalWindow } from './openApprovalWindow.js'
import { FrameApprovalWindowBlockedError } from './errors.js'
import { describeNetworkSwitch } from './describeNetworkSwitch.js'
import { useFrameLocale } from './frameText.js'
import de from './locales/de.json'

const description = { title: 'Sign Message', rows: [{ label: 'Message', value: '<b>hello</b>' }] }
const SHOP = { dappName: 'Shop', origin: 'https://shop.example' }
const button = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!

describe('the approval card', () => {
  let root: HTMLElement
  beforeEach(() => {
    vi.useFakeTimers()
    root = document.body.appendChild(document.createElement('div'))
  })
  afterEach(() => {
    vi.useRealTimers()
    root.remove()
  })

  it('in the approval window (no guards): starts on Reject and takes no approval until it has shown for a moment', async () => {
    let answer: boolean | undefined
    void showApprovalCard(root, SHOP, description).then((approved) => (answer = approved))
    const approve = button(root, 'Approve')
    expect(document.activeElement?.textContent).toBe('Reject')
    expect(approve.disabled).toBe(true)
    approve.click()
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 1)
    expect(answer).toBeUndefined()
    expect(root.hidden).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(approve.disabled).toBe(false)
    approve.click()
    await vi.advanceTimersByTimeAsync(0)
    expect(answer).toBe(true)
    expect(root.hidden).toBe(true)
  })

  it('declines at once with Reject or Escape, and shows what the dapp sent as text', async () => {
    const rejected = showApprovalCard(root, SHOP, description)
    expect(root.querySelector('dd')?.textContent).toBe('<b>hello</b>')
    // The name is only claimed; the site the request comes from is shown beside it.
    expect(root.querySelector('.asker')?.textContent).toBe('Shop asks you to approve this request.')
    expect(root.querySelector('.site')?.textContent).toBe('From https://shop.example')
    // Both read with the card, the checked origin first.
    const described = root.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(described).toEqual(['From https://shop.example', 'Shop asks you to approve this request.'])
    expect(root.querySelector('b')).toBeNull()
    button(root, 'Reject').click()
    expect(await rejected).toBe(false)
    const escaped = showApprovalCard(root, SHOP, description)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(await escaped).toBe(false)
  })

  it('cuts a long claimed name, so it cannot mimic or push away the origin line', () => {
    void showApprovalCard(root, { dappName: `Shop${' '.repeat(60)}From https://bank.example`, origin: 'https://evil.example' }, description)
    const asker = root.querySelector('.asker')!.textContent!
    expect(asker).not.toContain('bank.example')
    expect(asker.length).toBeLessThanOrEqual(MAX_DAPP_NAME_LENGTH + ' asks you to approve this request.'.length)
    expect(root.querySelector('.site')?.textContent).toBe('From https://evil.example')
    button(root, 'Reject').click()
  })

  describe('26: in the frame, guarded by the card\'s proven visibility', () => {
    /** A visibility watch the test drives, and an approval window whose answer it gives. */
    function guarded({ blocked = false } = {}) {
      let report: (state: CardVisibility) => void = () => {}
      let stopped = false
      const windows: Array<ApprovalWindow & { answer(approved: boolean): void; closed: boolean }> = []
      const guards: ApprovalCardGuards = {
        watchVisibility: (_target, onChange) => {
          report = onChange
          return () => void (stopped = true)
        },
        openWindow: () => {
          if (blocked) throw new FrameApprovalWindowBlockedError()
          let answer!: (approved: boolean) => void
          const opened = {
            decision: new Promise<boolean>((resolve) => (answer = resolve)),
            closed: false,
            isOpen: () => !opened.closed,
            focus: vi.fn(),
            close: () => void (opened.closed = true),
            answer: (approved: boolean) => answer(approved),
          }
          windows.push(opened)
          return opened
        },
      }
      let answer: boolean | undefined
      void showApprovalCard(root, SHOP, description, guards).then((approved) => (answer = approved))
      return { report: (state: CardVisibility) => report(state), answer: () => answer, windows, stopped: () => stopped }
    }
    const offer = () => root.querySelector<HTMLElement>('.window-offer')!

    it('takes no approval until the card is proven visible, however long it has shown, even with Approve forced on', async () => {
      const card = guarded()
      const approve = button(root, 'Approve')
      await vi.advanceTimersByTimeAsync(10 * APPROVE_DELAY_MS)
      expect(approve.disabled).toBe(true)
      // A click that reaches the button while unproven is no approval, whatever `disabled` says.
      approve.disabled = false
      approve.click()
      await vi.advanceTimersByTimeAsync(0)
      expect(card.answer()).toBeUndefined()
      card.report({ proven: true, offerWindow: false })
      expect(approve.disabled).toBe(false)
      card.report({ proven: false, offerWindow: false })
      expect(approve.disabled).toBe(true)
      approve.disabled = false
      approve.click()
      await vi.advanceTimersByTimeAsync(0)
      expect(card.answer()).toBeUndefined()
      card.report({ proven: true, offerWindow: false })
      approve.click()
      await vi.advanceTimersByTimeAsync(0)
      expect(card.answer()).toBe(true)
      expect(card.stopped()).toBe(true)
    })

    it('offers the approval window only when told to, and takes the answer given there', async () => {
      const card = guarded()
      expect(offer().hidden).toBe(true)
      card.report({ proven: false, offerWindow: true })
      expect(offer().hidden).toBe(false)
      button(root, 'Open in a new window').click()
      // A second click brings the open window forward rather than opening another.
      button(root, 'Open in a new window').click()
      expect(card.windows).toHaveLength(1)
      expect(card.windows[0]!.focus).toHaveBeenCalledOnce()
      card.windows[0]!.answer(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(card.answer()).toBe(true)
      expect(root.hidden).toBe(true)
      expect(card.windows[0]!.closed).toBe(true)
    })

    it('closes the approval window when the card is answered in the frame; a closed window opens again', async () => {
      const card = guarded()
      card.report({ proven: false, offerWindow: true })
      button(root, 'Open in a new window').click()
      card.windows[0]!.closed = true
      button(root, 'Open in a new window').click()
      expect(card.windows).toHaveLength(2)
      button(root, 'Reject').click()
      await vi.advanceTimersByTimeAsync(0)
      expect(card.answer()).toBe(false)
      expect(card.windows[1]!.closed).toBe(true)
    })

    it('says so when the browser blocks the window, and stays on the card', async () => {
      const card = guarded({ blocked: true })
      card.report({ proven: false, offerWindow: true })
      button(root, 'Open in a new window').click()
      expect(offer().querySelector('p')?.textContent).toBe(new FrameApprovalWindowBlockedError().shortMessage)
      expect(root.hidden).toBe(false)
      button(root, 'Reject').click()
      await vi.advanceTimersByTimeAsync(0)
      expect(card.answer()).toBe(false)
    })
  })
  it("says the request and its own words again in the kit's new language while open (SYNC_LOCALE), and in English again after", async () => {
    // The secure site serves the catalogue; here the real German file, as its route answers it.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(de), { headers: { 'content-type': 'application/json' } })))
    let answer: boolean | undefined
    void showApprovalCard(root, SHOP, () => describeNetworkSwitch('eip155:31337', 'eip155:1')).then((approved) => (answer = approved))
    expect(root.querySelector('h1')?.textContent).toBe('Switch network')
    expect(root.querySelector('dt')?.textContent).toBe('From')
    await useFrameLocale('de')
    expect(root.querySelector('h1')?.textContent).toBe(de['title.switchNetwork'])
    expect(root.querySelector('dt')?.textContent).toBe(de['row.from'])
    expect(root.querySelector('#approval-asker')?.textContent).toBe(de['card.asks'].replace('{name}', 'Shop'))
    // The checked origin stays, isolated, after the words around it changed.
    expect(root.querySelector('#approval-site bdi')?.textContent).toBe('https://shop.example')
    expect(button(root, de['card.reject'])).toBe(document.activeElement)
    await useFrameLocale('en')
    expect(root.querySelector('h1')?.textContent).toBe('Switch network')
    button(root, 'Reject').click()
    await vi.advanceTimersByTimeAsync(0)
    expect(answer).toBe(false)
    vi.unstubAllGlobals()
  })
})
