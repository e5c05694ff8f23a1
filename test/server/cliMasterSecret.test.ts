import { afterAll, describe, expect, it } from 'vitest'
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { spawnCli, stopCli } from './spawnCli.js'
import { call } from './support.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'

// `npm run server` outside dev mode takes its master secret from a file outside the data folder
// (issue 26, security review M6); without one it does not start, and says how to make one.
const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-secret-'))
const secretFile = writeMasterSecretFile()
afterAll(() => {
  for (const dir of [dataDir, dirname(secretFile)]) rmSync(dir, { recursive: true, force: true })
})

// A child `npm run server` compiles with tsx and starts chains: minutes on a loaded 2-core machine.
describe('given `npm run server -- --data DIR` without --dev', { timeout: 120_000 }, () => {
  it('positive control: starts with LATCH_MASTER_SECRET_FILE and serves', async () => {
    const cli = await spawnCli(['--port', '0', '--data', dataDir, '--quiet'], { LATCH_MASTER_SECRET_FILE: secretFile })
    try {
      expect((await call(cli, '/appkit/v1/config?projectId=latch-dev')).status).toBe(200)
      expect(cli.output()).not.toContain('Master secret kept in the data folder')
    } finally {
      await stopCli(cli)
    }
  })

  it('refuses to start without a master secret file (exit 1), and says how to make one', async () => {
    await expect(spawnCli(['--port', '0', '--data', dataDir, '--quiet'])).rejects.toThrow(
      /cli exited with 1: [^]*No master secret: give --master-secret-file FILE \(or LATCH_MASTER_SECRET_FILE\) with 32 random bytes in base64, or those bytes in LATCH_MASTER_SECRET; make one outside the data folder, e\.g\. .*randomBytes\(32\).* > \/etc\/latch\/master\.key/,
    )
  })

  it('refuses a LATCH_MASTER_SECRET that is not 32 bytes in base64, and never repeats it', async () => {
    const refusal = spawnCli(['--port', '0', '--data', dataDir, '--quiet'], { LATCH_MASTER_SECRET: 'not-a-secret-of-32-bytes' })
    await expect(refusal).rejects.toThrow('LATCH_MASTER_SECRET refused: it must hold exactly 32 random bytes in base64')
    await expect(refusal).rejects.not.toThrow('not-a-secret-of-32-bytes')
  })

  it('refuses a file inside the data folder, naming both, and a file others can read', async () => {
    const inside = join(dataDir, 'master.key')
    copyFileSync(secretFile, inside)
    await expect(spawnCli(['--port', '0', '--data', dataDir, '--master-secret-file', inside, '--quiet'])).rejects.toThrow(
      `Master secret file refused: ${inside} is inside the data folder ${dataDir}: a copy of the folder would carry it; keep it elsewhere`,
    )
    rmSync(inside)
    const readable = join(dirname(secretFile), 'readable.key')
    copyFileSync(secretFile, readable)
    chmodSync(readable, 0o644)
    await expect(spawnCli(['--port', '0', '--data', dataDir, '--master-secret-file', readable, '--quiet'])).rejects.toThrow(
      `Master secret file refused: ${readable} can be read by others (mode 0644): chmod 600 ${readable}`,
    )
  })
})
