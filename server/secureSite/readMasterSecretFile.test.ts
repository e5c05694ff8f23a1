import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { readMasterSecretFile } from './readMasterSecretFile.js'

const root = mkdtempSync(join(tmpdir(), 'latch-read-secret-'))
const dataDir = join(root, 'data')
mkdirSync(dataDir)
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Writes `text` to `name` under the root with `mode`; returns its path. */
function secretAt(name: string, text: string, mode = 0o600): string {
  const file = join(root, name)
  writeFileSync(file, text, { mode })
  return file
}

describe('readMasterSecretFile', () => {
  it('positive control: reads 32 base64 bytes from a 0600 file beside the data folder', () => {
    const secret = randomBytes(32)
    expect(readMasterSecretFile(secretAt('good.key', `${secret.toString('base64')}\n`), { outsideOf: dataDir })).toEqual(secret)
  })

  it('refuses a file inside the data folder, however it is named: by a relative path or through a symlink to the folder', () => {
    const inside = join(dataDir, 'master.key')
    writeFileSync(inside, randomBytes(32).toString('base64'), { mode: 0o600 })
    expect(() => readMasterSecretFile(relative(process.cwd(), inside), { outsideOf: dataDir })).toThrow('is inside the data folder')
    symlinkSync(dataDir, join(root, 'link'))
    expect(() => readMasterSecretFile(join(root, 'link', 'master.key'), { outsideOf: dataDir })).toThrow(`is inside the data folder ${dataDir}`)
    // Without a folder to stay out of (the secret a rotation retires), the same file reads.
    expect(readMasterSecretFile(inside)).toHaveLength(32)
    // A data folder not made yet is compared by the path it will have.
    expect(() => readMasterSecretFile(inside, { outsideOf: join(dataDir, '.') })).toThrow('is inside the data folder')
  })

  it('refuses a missing file, a file others can read, and content that is not 32 bytes of base64', () => {
    expect(() => readMasterSecretFile(join(root, 'absent.key'), { outsideOf: dataDir })).toThrow(/absent\.key does not exist; make one outside the data folder/)
    expect(() => readMasterSecretFile(secretAt('open.key', randomBytes(32).toString('base64'), 0o640), { outsideOf: dataDir })).toThrow('can be read by others (mode 0640)')
    expect(() => readMasterSecretFile(secretAt('short.key', randomBytes(16).toString('base64')), { outsideOf: dataDir })).toThrow('must hold exactly 32 bytes in base64')
    expect(() => readMasterSecretFile(secretAt('hex.key', randomBytes(32).toString('hex')), { outsideOf: dataDir })).toThrow('must hold exactly 32 bytes in base64')
  })
})
