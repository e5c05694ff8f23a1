import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { RunningBackend, StartBackendOptions } from '../../server/startBackend.js'
import type { EmailPageConfig } from '../browser/fixtures/emailPage.js'
import { openKitPage, type OpenKitPageOptions } from './openKitPage.js'
import { startPageOnBackend, type PageOnBackend } from './startPageOnBackend.js'

const EMAIL_PAGE = fileURLToPath(new URL('../browser/fixtures/emailPage.ts', import.meta.url))

/**
 * The embedded wallet's test page (`fixtures/emailPage.ts`: email, socials, passkeys, SIWX) on the
 * whole reference backend with Chromium, started once before the file's tests and closed after.
 * Call it at the top of a test file: the object it returns is filled in before the first test.
 */
export function useEmailPageStack(options?: Omit<StartBackendOptions, 'staticDir' | 'localChains'>): PageOnBackend {
  const stack = {} as PageOnBackend
  beforeAll(async () => {
    Object.assign(stack, await startPageOnBackend(EMAIL_PAGE, options))
  }, 300_000)
  afterAll(() => stack.close?.())
  return stack
}

/** The page's configuration on this backend: its API, the local chain 31337's RPC and the secure site. */
export function emailPageConfig(backend: RunningBackend, extra: Partial<EmailPageConfig> = {}): EmailPageConfig {
  const rpcUrl = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl
  return { apiUrl: backend.url, rpcUrl, secureSiteUrl: backend.secureSiteUrl, ...extra }
}

/** Opens the email page (with Connect open unless told otherwise), configured for the stack's backend plus `config`. */
export function openEmailPage(stack: PageOnBackend, { config, ...options }: Omit<OpenKitPageOptions, 'browser' | 'url' | 'configName' | 'config'> & { config?: Partial<EmailPageConfig> } = {}): Promise<Page> {
  return openKitPage({ browser: stack.browser, url: stack.backend.url, configName: '__latchEmailConfig', config: emailPageConfig(stack.backend, config), ...options })
}
