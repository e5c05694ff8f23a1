import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKitPage } from '../support/openKitPage.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'

// SPEC §7 `GET /v1/supported-chains`: the kit reads which networks the blockchain service serves,
// and the Networks view marks a listed network it does not serve, in Chromium on the reference backend.
const WAIT = { timeout: 30_000 }

let stack: PageOnBackend

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/networksPage.ts', import.meta.url)))
}, 300_000)
afterAll(() => stack?.close())

describe('the networks the blockchain service serves', () => {
  it("marks 'Not supported' on a listed network the backend does not serve, and not on one it does", async () => {
    const rpcUrl = stack.backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl
    const asked: number[] = []
    const page = await openKitPage({
      browser: stack.browser,
      url: stack.backend.url,
      configName: '__latchNetworksConfig',
      config: { apiUrl: stack.backend.url, rpcUrl },
      openConnect: false,
      prepare: (p) => void p.on('response', (response) => void (new URL(response.url()).pathname === '/v1/supported-chains' && asked.push(response.status()))),
    })
    await page.evaluate(() => (window as any).__latch.open('Networks'))
    const list = page.getByRole('dialog', { name: 'Choose Network' }).getByRole('list', { name: 'Networks' })
    const unserved = list.getByRole('button', { name: /Latch Local 31339/ })
    await unserved.getByText('Not supported').waitFor(WAIT)
    // Positive control: the backend's own chain is served, so it carries no mark.
    const served = list.getByRole('button', { name: /^Latch Local/ }).first()
    expect(await served.innerText()).not.toContain('Not supported')
    expect(await served.innerText()).toContain('Latch Local')
    expect(asked).toEqual([200])
    await page.close()
  })
})
