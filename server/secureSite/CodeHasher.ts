import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto'

/** A new 6-digit code, zero-padded, from the OS's random source. */
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * Keyed hashes of emailed codes (HMAC-SHA256 under a key derived from the master secret), so
 * the database never holds a live code in clear. The address is part of the hash: a code sent to
 * one address does not verify for another.
 */
export class CodeHasher {
  readonly #key: Buffer

  /** @param purpose - keeps login codes and email-change codes apart */
  constructor(secret: Buffer, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `latch secure-site ${purpose} codes`, 32))
  }

  hash(email: string, code: string): string {
    return createHmac('sha256', this.#key).update(`${email}\n${code}`).digest('hex')
  }

  matches(email: string, code: string, hash: string): boolean {
    return timingSafeEqual(Buffer.from(this.hash(email, code), 'hex'), Buffer.from(hash, 'hex'))
  }
}
