import type { CDPSession, Page } from 'playwright-core'
import { expect } from 'vitest'

// The secure site's passkey window (server/web/passkeyWindow/) as a test drives it, with
// Chromium's virtual authenticator (CDP WebAuthn) standing in for the visitor's passkey.

/** A passkey as CDP's `WebAuthn.getCredentials` gives it, to move to another authenticator (a synced passkey on a new device). */
export interface PasskeyCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  privateKey: string
  userHandle?: string
  signCount: number
  largeBlob?: string
}

/**
 * Gives a page a platform passkey authenticator (CTAP 2.1, user verified, resident keys,
 * largeBlob), optionally holding `credential`. An authenticator belongs to one tab: each window
 * gets its own.
 */
export async function addPasskeyAuthenticator(page: Page, credential?: PasskeyCredential): Promise<{ credentials(): Promise<PasskeyCredential[]> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const options = { protocol: 'ctap2', ctap2Version: 'ctap2_1', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasLargeBlob: true } as const
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options })
  if (credential) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as PasskeyCredential[] }
}

/**
 * The passkey window the wallet frame of `page` opens next (call before asking the frame): the
 * visitor presses the frame's "Continue in a secure window" (windows open only on a click), and
 * gets a way to press the window's own button.
 */
export async function passkeyWindow(page: Page): Promise<{ page: Page; press(name: string): Promise<void> }> {
  const opening = page.context().waitForEvent('page', { timeout: 30_000 })
  await page.frameLocator('iframe').getByRole('button', { name: 'Continue in a secure window' }).click({ timeout: 15_000 })
  const opened = await opening
  await opened.waitForURL((url) => url.pathname === '/passkey', { timeout: 15_000 })
  return {
    page: opened,
    press: async (name) => {
      const button = opened.getByRole('button', { name })
      await expect.poll(() => button.isVisible(), { timeout: 15_000 }).toBe(true)
      await button.click()
    },
  }
}
