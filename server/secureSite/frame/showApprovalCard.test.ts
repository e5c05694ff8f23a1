// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPROVE_DELAY_MS, MAX_DAPP_NAME_LENGTH, showApprovalCard } from './showApprovalCard.js'

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

  it('starts on Reject and takes no approval until it has shown for a moment (a covered frame cannot be clicked through)', async () => {
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
})
