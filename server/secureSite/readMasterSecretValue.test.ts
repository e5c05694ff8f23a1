import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readMasterSecretValue } from './readMasterSecretValue.js'
import { MasterSecretValueInvalidError } from './masterSecretErrors.js'

describe('readMasterSecretValue', () => {
  it('reads 32 bytes in base64, a trailing newline allowed', () => {
    const secret = randomBytes(32)
    expect(readMasterSecretValue(`${secret.toString('base64')}\n`, 'LATCH_MASTER_SECRET').equals(secret)).toBe(true)
  })

  it('refuses other lengths and other encodings, naming the variable and never the value', () => {
    for (const value of [randomBytes(16).toString('base64'), randomBytes(32).toString('hex'), randomBytes(32).toString('base64url')]) {
      const read = () => readMasterSecretValue(value, 'LATCH_RECOVERY_VAULT_KEY')
      expect(read).toThrow(MasterSecretValueInvalidError)
      expect(read).toThrow(/^LATCH_RECOVERY_VAULT_KEY refused: it must hold exactly 32 random bytes in base64/)
      try {
        read()
      } catch (error) {
        expect((error as Error).message).not.toContain(value)
      }
    }
  })
})
