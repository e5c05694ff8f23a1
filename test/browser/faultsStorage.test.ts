import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONNECTION_STORAGE } from '../../chains/connection/connectionStorage.js'
import { ACCOUNT_STORAGE } from '../../plugins/account/accountStorage.js'
import { DEFAULT_STORAGE_PREFIX } from '../../kernel/storage/createStorage.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { connectThroughModal, openFaultsPage, OWNER, recordFaultFigure, WAIT } from '../support/faultsPage.js'

// Issue 15, storage faults: whatever local storage does (full, disabled) or holds (garbage
// for every key the kit defines, hostile shapes), the kit boots, the modal opens and the
// wallet connects. The page's localStorage is the browser's own, made to fail in the page.
let stack: TestPageStack
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/faultsPage.ts', import.meta.url)))
}, 300_000)
afterAll(() => stack?.close())

const KEYS = [...Object.keys(CONNECTION_STORAGE), ...Object.keys(ACCOUNT_STORAGE)]
const HUGE = 'x'.repeat(1_000_000)
// Every way a stored value can be wrong: not JSON, the wrong JSON type, right type with wrong
// members, a huge string, and objects meant to pollute prototypes.
const HOSTILE = [
  '{not json',
  'null',
  '42',
  '"a string"',
  '[1,2,3]',
  '{"eip155":{"__proto__":{"polluted":true}}}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify({ eip155: [{ connectorId: 7, accounts: 'nope' }] }),
  JSON.stringify(HUGE),
]

async function connectsAndSigns(page: Page): Promise<void> {
  await connectThroughModal(page)
  expect(await page.evaluate(() => (window as any).__latch.state().address)).toBe(OWNER.address)
  const signature = await page.evaluate(() =>
    (window as any).__latch.kit.getProvider('eip155').request({ method: 'personal_sign', params: ['0x6869', (window as any).__latch.state().address] }),
  )
  expect(await OWNER.signMessage({ message: 'hi' })).toBe(signature)
}

describe('local storage that fails or lies', () => {
  it.each(HOSTILE.map((value, index) => [index, value] as const))('hostile value #%i in every key: the kit boots, connects and signs', async (_index, value) => {
    const context = await stack.browser.newContext()
    const { page, errors } = await openFaultsPage(context, stack.site.url, { rpcUrls: [stack.chain.rpcUrl] }, {
      beforeLoad: (p) =>
        p.addInitScript(
          ({ keys, prefix, text }) => {
            // Written once, before the kit's first read; a reload would find the kit's own values.
            if (sessionStorage.getItem('seeded')) return
            sessionStorage.setItem('seeded', '1')
            for (const key of keys) {
              try {
                localStorage.setItem(prefix + key, text)
              } catch {
                // The 1 MB string for every key passes the quota: the rest stay unwritten.
              }
            }
          },
          { keys: KEYS, prefix: DEFAULT_STORAGE_PREFIX, text: value },
        ),
    })
    // The hostile values were really there for the kit to read (not refused by the quota).
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThan(0)
    await connectsAndSigns(page)
    expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined()
    expect(errors).toEqual([])
    await context.close()
  })

  it('full storage (every write throws QuotaExceededError) and disabled storage (any access throws): the kit boots, connects and signs', async () => {
    for (const fault of ['full', 'disabled'] as const) {
      const context = await stack.browser.newContext()
      const { page, errors } = await openFaultsPage(context, stack.site.url, { rpcUrls: [stack.chain.rpcUrl] }, {
        beforeLoad: (p) =>
          p.addInitScript((kind) => {
            if (kind === 'full') {
              Storage.prototype.setItem = () => {
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
              }
            } else {
              // As a browser with site data blocked: touching localStorage throws SecurityError.
              Object.defineProperty(window, 'localStorage', {
                get: () => {
                  throw new DOMException('Access is denied for this document.', 'SecurityError')
                },
              })
            }
          }, fault),
      })
      await connectsAndSigns(page)
      // The session goes on from memory: disconnect works and shows Connect again.
      await page.evaluate(() => (window as any).__latch.kit.disconnect())
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().status), WAIT).toBe('disconnected')
      expect(errors).toEqual([])
      await context.close()
    }
    recordFaultFigure({ case: 'storage full/disabled/hostile', held: true, note: `${HOSTILE.length} hostile values x ${KEYS.length} keys, full, disabled: boots, connects, signs` })
  })
})
