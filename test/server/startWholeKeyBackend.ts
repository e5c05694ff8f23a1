import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBackend, type RunningBackend, type StartBackendOptions } from '../../server/startBackend.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

/**
 * A dev backend in a fresh data folder with whole keys signed by the server (`/api/sign`): the
 * model before key shares, which lets smart-account tests sign the owner's operations without a
 * frame. Split keys, signed in the frame: test/security/keySharesSigning.test.ts.
 *
 * @param label - names the data folder (`latch-<label>-…`)
 * @returns the backend, and `close()`, which also removes its folder
 */
export async function startWholeKeyBackend(label: string, options: Omit<StartBackendOptions, 'localChains'> = {}): Promise<{ backend: RunningBackend; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `latch-${label}-`))
  const backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    dev: true,
    dataDir,
    rateLimit: false,
    keyShares: false,
    projects: [{ id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*'], features: { email: true } }],
    ...options,
  })
  return {
    backend,
    async close() {
      await backend.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
