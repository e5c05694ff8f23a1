import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logInByEmail, newVisitorEmail } from '../support/emailLogin.js'
import { openKitPage } from '../support/openKitPage.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'

// Issue 12 / SPEC §8: a session the secure site no longer accepts ends in 'Session Expired',
// for the host's request and as the kit's developer alert. The backend issues 6-second sessions: long enough that a slow login still reads once before the end.
const WAIT = { timeout: 30_000 }

let stack: PageOnBackend
beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/emailPage.ts', import.meta.url)), { sessionTtlSeconds: 6 })
}, 300_000)
afterAll(() => stack?.close())

describe('given an embedded wallet session that expires', () => {
  it("answers the host's request with 'Session Expired' and raises the alert once it has expired", async () => {
    const { backend, browser } = stack
    const config = { apiUrl: backend.url, rpcUrl: backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl, secureSiteUrl: backend.secureSiteUrl }
    const page = await openKitPage({ browser, url: backend.url, configName: '__latchEmailConfig', config })
    await logInByEmail(page, backend, newVisitorEmail())
    type Outcome = { result?: unknown; error?: { message?: string } }
    const read = () => page.evaluate(() => (window as any).__latch.request('eth_getBalance', [(window as any).__latch.state().address, 'latest']) as Promise<Outcome>)
    // While the session lives, the read answers: the expiry is what changes the outcome.
    expect((await read()).error).toBeUndefined()
    await expect.poll(async () => (await read()).error?.message, WAIT).toBe('Session Expired')
    expect(await page.evaluate(() => (window as any).__latch.alerts)).toContain('Session Expired')
    await page.close()
  })
})
