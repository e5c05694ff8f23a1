import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { toHex, verifyMessage, type Address, type Hex } from 'viem'
import type { RunningBackend } from '../../server/startBackend.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { DeviceKey } from '../support/deviceKey.js'
import { step } from '../support/step.js'
import { keySharesStack } from './keySharesStack.js'
import { frameAnswer, logInThroughFrame, openFrameHostPage, postToFrame } from './frameHost.js'
import { frameShares, walletFrame } from './keyShareFiles.js'

// Issue 26: automatic recovery of a split key without a passkey (server/secureSite/KEY_SHARES.md,
// "Recovery vault"). On the real backend (key shares are the default; the recovery vault key in a
// file of its own), Chromium and the local chain: a visitor who logs in on a second device, whose
// frame holds no share of the wallet, signs as the same address with no passkey, and the first
// device still signs too. The vault answers only the session's own device key: a copied token, bare
// or with another key's proof, gets nothing.
const WAIT = 240_000
const PROJECT = 'vault-recovery-host'
const HOST = '127.0.0.1'
const SESSION_KEY = 'latch-secure-site:session'
const stack = keySharesStack({ project: PROJECT, frameHost: HOST, folderPrefix: 'latch-vault-' })
let backend: RunningBackend
let browser: Browser
let host: TestHttpServer
beforeAll(() => void ({ backend, browser, host } = stack))

/** personal_sign of `message` through the page's frame, approved on its card; the signature. */
async function signInFrame(page: Page, address: Address, message: string): Promise<Hex> {
  const id = await postToFrame(page, backend, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), address] })
  await approveInWalletFrame(page.frameLocator('iframe'))
  const answer = await frameAnswer(page, 'RPC_REQUEST', id)
  expect(answer.ok).toBe(true)
  return answer.payload as Hex
}

describe('given a wallet without a passkey, and a second device', () => {
  let first: Page
  let second: Page
  let eoa: Address

  it('the second device signs as the same wallet after an email login, and the first still does', { timeout: WAIT }, async () => {
    first = await openFrameHostPage(browser, host, HOST)
    const login = await step('device A logs in by email and signs (positive control)', async () => {
      const found = await logInThroughFrame(first, backend, 'vault', 'Vault Shop')
      expect(await verifyMessage({ address: found.eoa, message: 'from A', signature: await signInFrame(first, found.eoa, 'from A') })).toBe(true)
      return found
    })
    eoa = login.eoa

    // Another browser context: another device, with storage of its own.
    second = await openFrameHostPage(browser, host, HOST)
    await step('device B logs in with the same email: same wallet, and its frame holds no share yet', async () => {
      expect((await logInThroughFrame(second, backend, 'vault', 'Vault Shop', login.email)).eoa).toBe(eoa)
      expect(await frameShares(second, eoa)).toBeUndefined()
    })

    await step('device B signs: its frame recovers the shares from the vault, and the signature is the wallet’s', async () => {
      const calls: string[] = []
      second.on('request', (request) => calls.push(new URL(request.url()).pathname))
      expect(await verifyMessage({ address: eoa, message: 'from B', signature: await signInFrame(second, eoa, 'from B') })).toBe(true)
      expect(calls).toContain('/api/share/vault')
      expect(calls).not.toContain('/api/sign')
      expect(await frameShares(second, eoa)).toBeDefined()
    })

    await step('device A still signs with the share it kept: recovery split nothing afresh', async () => {
      expect(await verifyMessage({ address: eoa, message: 'A again', signature: await signInFrame(first, eoa, 'A again') })).toBe(true)
    })
  })

  it('attack: device B’s copied token, bare or with another device key’s proof, gets nothing from the vault', { timeout: WAIT }, async () => {
    expect(eoa).toBeDefined()
    const stolen = JSON.parse((await (await walletFrame(second)).evaluate((name) => localStorage.getItem(name), SESSION_KEY))!) as { token: string }
    const vaultUrl = `${backend.secureSiteUrl}/api/share/vault`
    const post = async (headers: Record<string, string>) => {
      const response = await fetch(vaultUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
      return { status: response.status, body: (await response.json()) as { code?: string; recoverySecret?: string } }
    }
    const expired = { status: 401, body: { code: 'SESSION_EXPIRED' } }
    expect(await post({ authorization: `Bearer ${stolen.token}` })).toMatchObject(expired)
    expect(await post({ authorization: `DPoP ${stolen.token}` })).toMatchObject(expired)
    const thief = await DeviceKey.create()
    const answer = await post(await thief.headers('POST', vaultUrl, stolen.token))
    expect(answer).toMatchObject(expired)
    expect(answer.body.recoverySecret).toBeUndefined()
  })
})
