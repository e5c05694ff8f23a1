import { MasterSecretValueInvalidError } from './masterSecretErrors.js'

/**
 * Reads a secret the operator gives in the environment rather than a file (a secret store or an
 * orchestrator injects it into every instance alike): 32 bytes in base64, exactly.
 *
 * @param value - the variable's text
 * @param variable - its name, for the refusal (the value is never repeated)
 * @returns the 32-byte secret
 * @throws MasterSecretValueInvalidError for anything else
 * @example
 * const secret = readMasterSecretValue(process.env.LATCH_MASTER_SECRET!, 'LATCH_MASTER_SECRET')
 */
export function readMasterSecretValue(value: string, variable: string): Buffer {
  const text = value.trim()
  const secret = Buffer.from(text, 'base64')
  if (secret.length !== 32 || secret.toString('base64') !== text) throw new MasterSecretValueInvalidError({ variable })
  return secret
}
