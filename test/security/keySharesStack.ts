import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'
import { startFrameHost, type FrameHostName } from './frameHost.js'

/** A backend with key shares (the default) and a recovery vault key file, Chromium and a host page for one project; filled in `beforeAll`. */
export interface KeySharesStack {
  backend: RunningBackend
  browser: Browser
  host: TestHttpServer
  /** The backend's data folder: what an attacker with a copy of it reads. */
  dataDir: string
  /** The master secret's file, outside the data folder. */
  secretFile: string
  masterSecret(): Buffer
  /** The recovery vault key, in a file of its own: outside the data folder, apart from the master secret. */
  recoveryVaultKey(): Buffer
}

/**
 * Starts, for one test file, the real backend with key shares (its own data folder and master
 * secret file), Chromium and a host page at `frameHost`. A host at the secure site's own host
 * keeps the frame's IndexedDB, where tests read the device shares.
 *
 * @param options.backendHost - the backend's host name (`localhost` for WebAuthn, whose RP ID is never an IP)
 */
export function keySharesStack(options: { project: string; frameHost: FrameHostName; backendHost?: string; folderPrefix: string }): KeySharesStack {
  const secretFile = writeMasterSecretFile()
  const vaultFile = writeMasterSecretFile()
  const dataDir = mkdtempSync(join(tmpdir(), options.folderPrefix))
  const read = (file: string) => () => Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
  const stack = { dataDir, secretFile, masterSecret: read(secretFile), recoveryVaultKey: read(vaultFile) } as KeySharesStack
  beforeAll(async () => {
    ;[stack.backend, stack.browser] = await Promise.all([
      startBackend({ dev: true, rateLimit: false, dataDir, masterSecretFile: secretFile, recoveryVaultKeyFile: vaultFile, ...(options.backendHost ? { host: options.backendHost } : {}) }),
      launchBrowser(),
    ])
    stack.host = await startFrameHost(stack.backend, options.project, options.frameHost)
  }, 300_000)
  afterAll(async () => {
    await stack.browser?.close()
    await stack.host?.close()
    await stack.backend?.close()
    for (const dir of [dataDir, dirname(secretFile), dirname(vaultFile)]) rmSync(dir, { recursive: true, force: true })
  })
  return stack
}
